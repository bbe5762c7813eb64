import { sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../lib/context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { newId } from '../../lib/ids.js';
import type { Trx } from '../../lib/tx.js';

/** An active bank or mobile-money provider of the business, or a 422 on `field`. */
export async function requireProvider(trx: Trx, businessId: string, id: string | undefined, field: string) {
  if (!id) throw new AppError('validation_failed', 'Choose the bank or mobile-money provider', field);
  const p = await trx
    .selectFrom('payment_providers')
    .select(['id', 'name', 'active'])
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!p || p.active !== 1) throw new AppError('validation_failed', 'Unknown or inactive provider', field);
  return p;
}

/** A reference is required with a transfer. */
export function requireReference(reference: string | undefined, field = 'reference'): string {
  if (!reference) throw new AppError('validation_failed', 'The transfer reference is required', field);
  return reference;
}

/** Refuses a reference this provider already brought in: the same code shown twice. */
export async function assertReferenceUnused(
  trx: Trx,
  businessId: string,
  providerId: string,
  reference: string,
  field = 'reference',
): Promise<void> {
  const used = await trx
    .selectFrom('transfers')
    .select('receipt_no')
    .where('business_id', '=', businessId)
    .where('provider_id', '=', providerId)
    .where('reference', '=', reference)
    // A literal, so the partial index `transfers_reference` serves it without SQLite
    // preparing the statement again on each call (see sellingLocation in inventory/stock-rules.ts).
    .where('amount', '>', sql.lit(0))
    .executeTakeFirst();
  if (used)
    throw new AppError(
      'reference_used',
      `The reference ${reference} was already used on receipt #${used.receipt_no}`,
      field,
      {},
      { receipt_no: used.receipt_no },
    );
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

/** Records money moved by transfer in the register the admin confirms against the statement. */
export async function recordTransfer(trx: Trx, actor: Actor, t: TransferInput): Promise<void> {
  try {
    await trx
      .insertInto('transfers')
      .values({
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
      })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('reference_used', `The reference ${t.reference} was already used`, 'reference');
    throw err;
  }
}
