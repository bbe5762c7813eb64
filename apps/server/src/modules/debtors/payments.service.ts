import {
  type DebtorPayment,
  businessDay,
  type debtorPaymentBodySchema,
  formatMoney,
  overpays,
} from '@duka/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import type { Actor, Context, Operator } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { requestHash } from '../../lib/idempotency.js';
import { type Trx, lockedSaleSettings } from '../../lib/tx.js';
import { writerReceiptNo } from '../sync/series.js';
import { type ProviderUse, requireTransferIn } from '../transfers/transfer-ledger.js';
import { paymentReads, writePayment } from './payment-in-one.js';

type Body = z.output<typeof debtorPaymentBodySchema>;

export async function loadPayment(
  db: Kysely<Database>,
  businessId: string,
  id: string,
): Promise<DebtorPayment> {
  const p = await db
    .selectFrom('debtor_payments')
    .innerJoin('debtors', (j) =>
      j
        .onRef('debtors.id', '=', 'debtor_payments.debtor_id')
        .onRef('debtors.business_id', '=', 'debtor_payments.business_id'),
    )
    .innerJoin('locations', (j) =>
      j
        .onRef('locations.id', '=', 'debtor_payments.location_id')
        .onRef('locations.business_id', '=', 'debtor_payments.business_id'),
    )
    .leftJoin('payment_providers', (j) =>
      j
        .onRef('payment_providers.id', '=', 'debtor_payments.provider_id')
        .onRef('payment_providers.business_id', '=', 'debtor_payments.business_id'),
    )
    .leftJoin('users', (j) =>
      j
        .onRef('users.id', '=', 'debtor_payments.user_id')
        .onRef('users.business_id', '=', 'debtor_payments.business_id'),
    )
    // its void, if it was voided (payment-voids.ts)
    .leftJoin('debtor_payments as v', (j) =>
      j
        .onRef('v.voids_id', '=', 'debtor_payments.id')
        .onRef('v.business_id', '=', 'debtor_payments.business_id')
        .on('v.voids_id', 'is not', null),
    )
    .selectAll('debtor_payments')
    .select([
      'debtors.name as debtor_name',
      'locations.name as location_name',
      'payment_providers.name as provider_name',
      'users.name as user_name',
      'v.id as voided_by_id',
    ])
    .where('debtor_payments.id', '=', id)
    .where('debtor_payments.business_id', '=', businessId)
    .executeTakeFirst();
  if (!p) throw notFound('Payment');
  return {
    ...paymentOf(p, {
      debtor: p.debtor_name,
      location: p.location_name,
      provider: p.provider_name,
      user: p.user_name ?? '',
    }),
    voids_id: p.voids_id ?? null,
    voided_by_id: p.voided_by_id ?? null,
  };
}

/** A payment as the API shows it: its row with the names beside its ids (a new payment: neither a void nor voided). */
function paymentOf(
  p: Omit<
    DebtorPayment,
    | 'debtor_name'
    | 'location_name'
    | 'provider_name'
    | 'user_name'
    | 'amount'
    | 'balance_after'
    | 'method'
    | 'voids_id'
    | 'voided_by_id'
  > & {
    amount: number | string | bigint;
    balance_after: number | string | bigint;
    method: string;
  },
  names: { debtor: string; location: string; provider: string | null; user: string },
): DebtorPayment {
  return {
    id: p.id,
    receipt_no: p.receipt_no,
    debtor_id: p.debtor_id,
    debtor_name: names.debtor,
    amount: Number(p.amount),
    method: p.method as DebtorPayment['method'],
    location_id: p.location_id,
    location_name: names.location,
    provider_name: names.provider,
    reference: p.reference,
    note: p.note,
    balance_after: Number(p.balance_after),
    user_name: names.user,
    business_day: p.business_day,
    created_at: p.created_at,
    voids_id: null,
    voided_by_id: null,
  };
}

/** A transfer payment names its provider and an unused reference; a cash payment names neither. */
async function checkPaymentMethod(
  trx: Trx,
  businessId: string,
  body: Body,
  read: ProviderUse | null | undefined,
): Promise<{ provider: { id: string; name: string } | null; reference: string | null }> {
  if (body.method === 'transfer') {
    const { provider, reference } = await requireTransferIn(
      trx,
      businessId,
      body.provider_id,
      body.reference,
      read,
    );
    return { provider, reference };
  }
  if (body.provider_id !== undefined || body.reference !== undefined)
    throw new AppError('validation_failed', 'A cash payment has no provider or reference', 'method');
  return { provider: null, reference: null };
}

/**
 * Records money a debtor paid back, in cash or by transfer (then with its provider and
 * reference, which joins the transfers register). Never more than they owe. One transaction:
 * the reads under the business's lock (payment-in-one.ts `paymentReads`: on PostgreSQL one
 * statement), the checks, the writes (`writePayment`: on PostgreSQL one statement); the answer is
 * made from what was read and written.
 */
export async function recordPayment(
  db: Db,
  actor: Actor & Operator & Pick<Context, 'user'>,
  debtorId: string,
  body: Body,
): Promise<DebtorPayment> {
  const hash = requestHash({ debtor_id: debtorId, ...body });
  return db.kysely.transaction().execute(async (trx) => {
    const business = await lockedSaleSettings(trx, actor.businessId);
    const reads = await paymentReads(trx, actor, debtorId, body, hash);
    if (reads.replay) return loadPayment(trx, actor.businessId, body.id);
    const { debtor, location } = reads;
    const balance = Number(debtor.balance);
    if (overpays(balance, body.amount))
      throw new AppError(
        'overpayment',
        `${debtor.name} owes ${formatMoney(Math.max(balance, 0), business.currency, 'en')}: the payment is more than that`,
        'amount',
      );
    const { provider, reference } = await checkPaymentMethod(trx, actor.businessId, body, reads.provider);
    const receiptNo = reads.receiptNo ?? (await writerReceiptNo(trx, actor.businessId));
    const row = await writePayment(trx, actor, debtorId, body, {
      hash,
      receiptNo,
      day: businessDay(actor.at, business.timezone),
      providerId: provider?.id ?? null,
      reference,
    });
    return paymentOf(row, {
      debtor: debtor.name,
      location: location.name,
      provider: provider?.name ?? null,
      user: actor.user?.name ?? '',
    });
  });
}
