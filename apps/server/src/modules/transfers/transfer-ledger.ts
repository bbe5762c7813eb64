import { type Insertable, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import { dialectOf } from '../../db/dialect.js';
import { REFERENCE_KEY_SQL } from '../../db/migrations/0042-transfer-reference-key.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../lib/context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { newId } from '../../lib/ids.js';
import type { Trx } from '../../lib/tx.js';
import type { TransfersTable } from '../../db/tables.js';
import {
  addTransferTotals,
  insertCountedTransfer,
  notVoided,
  totalsOf,
  twiceMoved,
} from './transfer-totals.js';

/** An active bank or mobile-money provider of the business, or a 422 on `field`. */
export async function requireProvider(trx: Trx, businessId: string, id: string | undefined, field: string) {
  if (!id) throw new AppError('validation_failed', 'Choose the bank or mobile-money provider', field);
  const p = await trx
    .selectFrom('payment_providers')
    .select(['id', 'name', 'active'])
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!p || p.active !== 1) throw unknownProvider(field);
  return p;
}

const unknownProvider = (field: string) =>
  new AppError('validation_failed', 'Unknown or inactive provider', field);

/** A reference is required with a transfer. */
export function requireReference(reference: string | undefined, field = 'reference'): string {
  if (!reference) throw new AppError('validation_failed', 'The transfer reference is required', field);
  return reference;
}

/** A reference this provider already brought in: the same code shown twice. */
const referenceUsed = (reference: string, receiptNo: string) =>
  new AppError(
    'reference_used',
    `The reference ${reference} was already used on receipt #${receiptNo}`,
    'reference',
    {},
    { receipt_no: receiptNo },
  );

/**
 * The provider and the receipt that already used the reference, if one did, in one statement
 * (issue 21: a round trip fewer for a transfer sale on PostgreSQL).
 */
const providerAndUse = compiledQuery((db, a: ReferenceAt) =>
  db
    .selectFrom('payment_providers')
    .select(['id', 'name', 'active'])
    .select(referenceUse(a).as('used_on'))
    .where('id', '=', a.providerId)
    .where('business_id', '=', a.businessId),
);

/** A reference as it is looked for: its stored form without spaces ("QA7 TEST001" is "QA7TEST001"). */
export const referenceKey = (reference: string) => reference.replaceAll(' ', '');

/**
 * Where a reference is looked for: the business, the provider and the reference's key
 * (`referenceKey`), made before the reads, whose compiled shapes take their values as given.
 */
export interface ReferenceAt {
  businessId: string;
  providerId: string;
  referenceKey: string;
}

/**
 * The receipt number of the business's transfer in from this provider with this reference, if
 * any, spaces aside (`referenceKey`), a voided debtor payment's left out (`notVoided`): a scalar subquery (the sale's reads on PostgreSQL hold it
 * too, sale-reads.ts). The partial index `transfers_reference_key` (migration 0042) serves it: the
 * expression is the index's own, written out rather than with parameters so that both databases
 * match it.
 */
export const referenceUse = (a: ReferenceAt) =>
  sql<
    string | null
  >`(select "receipt_no" from "transfers" where "business_id" = ${a.businessId} and "provider_id" = ${a.providerId} and ${sql.raw(REFERENCE_KEY_SQL)} = ${a.referenceKey} and "amount" > 0 and ${notVoided(a.businessId)} limit 1)`;

/** The provider with the reference's earlier use (`referenceUse`), as JSON: a scalar subquery. */
export const providerUseAsJson = (a: ReferenceAt) =>
  sql<ProviderUse | null>`(select json_build_object('id', "id", 'name', "name", 'active', "active", 'used_on', ${referenceUse(a)}) from "payment_providers" where "id" = ${a.providerId} and "business_id" = ${a.businessId})`;

/** A provider as read with its reference's earlier use (`providerAndUse`, or a sale's reads). */
export interface ProviderUse {
  id: string;
  name: string;
  active: number;
  /** The receipt that already used the reference, if one did. */
  used_on: string | null;
}

/**
 * Money coming in by transfer: an active provider (`requireProvider`), a reference
 * (`requireReference`), and one this provider has not brought in before, checked in that order;
 * the provider and the reference's earlier use are read in one statement.
 */
export async function requireTransferIn(
  trx: Trx,
  businessId: string,
  providerId: string | undefined,
  reference: string | undefined,
  /** The provider with its reference's use, when the caller read it already (null: no such provider). */
  read?: ProviderUse | null,
): Promise<{ provider: { id: string; name: string; active: number }; reference: string }> {
  if (!providerId || !reference) {
    const provider = await requireProvider(trx, businessId, providerId, 'provider_id');
    return { provider, reference: requireReference(reference) };
  }
  const found =
    read !== undefined
      ? read
      : await providerAndUse.first(trx, { businessId, providerId, referenceKey: referenceKey(reference) });
  if (!found || found.active !== 1) throw unknownProvider('provider_id');
  if (found.used_on != null) throw referenceUsed(reference, found.used_on);
  return { provider: { id: found.id, name: found.name, active: found.active }, reference };
}

export interface TransferInput {
  source: 'sale' | 'debtor_payment' | 'reversal';
  sourceId: string;
  receiptNo: string;
  providerId: string;
  reference: string;
  /** + received, − sent back. */
  amount: number;
  locationId: string;
  businessDay: string;
}

/** The register's row of a transfer. */
export function transferRow(actor: Actor, t: TransferInput): Insertable<TransfersTable> {
  return {
    id: newId(),
    business_id: actor.businessId,
    source: t.source,
    source_id: t.sourceId,
    receipt_no: t.receiptNo,
    provider_id: t.providerId,
    reference: t.reference,
    amount: t.amount,
    location_id: t.locationId,
    user_id: actor.userId,
    business_day: t.businessDay,
    created_at: actor.at,
  };
}

/**
 * Records money moved by transfer in the register the admin confirms against the statement, and
 * adds it to the business's totals (transfer-totals.ts).
 */
export async function recordTransfer(trx: Trx, actor: Actor, t: TransferInput): Promise<void> {
  const row = transferRow(actor, t);
  try {
    await insertCountedTransfer(trx, dialectOf(trx), row);
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('reference_used', `The reference ${t.reference} was already used`, 'reference');
    throw err;
  }
  // a debtor payment's void: its reference may stop being one received twice (met through sync)
  if (t.amount < 0 && t.source === 'debtor_payment') {
    const moved = await twiceMoved(trx, actor.businessId, [row]);
    if (moved !== 0) await addTransferTotals(trx, totalsOf(actor.businessId, { references_twice: moved }));
  }
}
