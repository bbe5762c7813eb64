/**
 * Voiding a debtor's payment entered wrongly (5,000 for 500), as an expense is voided and a sale
 * reversed: nothing is edited or deleted. The void is a new row of `debtor_payments` naming the
 * payment (`voids_id`, migration 0041) with the opposite amount, on the payment's business day,
 * location and method, so the day's expected cash (`daily.service.ts`, a closed day's "changed
 * since the close") loses what the payment added and nothing else; a transfer payment's void
 * takes its amount back out of the transfers' register. The debtor's ledger gets a reversing entry
 * (`payment_void`: the balance goes back up by the payment's amount) on the day of the void, when
 * the balance moved. It travels in sync as a `debtor_payment` document of its own, with its entry
 * and register row (doc-specs.ts); a second void of one payment met in a sync batch is set aside
 * (`undone-twice.ts`).
 */
import { type DebtorPayment, businessDay, type debtorPaymentVoidBodySchema } from '@duka/domain';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { DebtorPaymentsTable } from '../../db/tables/selling.js';
import type { Actor, Operator } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';
import { type Trx, lockedSaleSettings } from '../../lib/tx.js';
import { writerReceiptNo } from '../sync/series.js';
import { recordTransfer } from '../transfers/transfer-ledger.js';
import { postDebtorEntry, requireDebtor } from './debtor-ledger.js';
import { loadPayment } from './payments.service.js';

type Body = z.output<typeof debtorPaymentVoidBodySchema>;
type PaymentRow = Selectable<DebtorPaymentsTable>;

/** The void of a payment, if it has one (at most one: checked under the business's lock). */
export async function voidOf(
  trx: Trx,
  businessId: string,
  paymentId: string,
): Promise<{ id: string; receipt_no: string } | undefined> {
  return trx
    .selectFrom('debtor_payments')
    .select(['id', 'receipt_no'])
    .where('business_id', '=', businessId)
    .where('voids_id', 'is not', null)
    .where('voids_id', '=', paymentId)
    .executeTakeFirst();
}

/**
 * The debtor's payment to void: one of this business and debtor (another's is not found), a
 * payment and not a void, not voided yet.
 */
async function paymentToVoid(trx: Trx, businessId: string, debtorId: string, paymentId: string) {
  const payment = await trx
    .selectFrom('debtor_payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('business_id', '=', businessId)
    .where('debtor_id', '=', debtorId)
    .executeTakeFirst();
  if (!payment) throw notFound('Payment');
  if (payment.voids_id !== null)
    throw new AppError('validation_failed', 'This entry is itself a void', 'payment_id');
  if (await voidOf(trx, businessId, paymentId))
    throw new AppError('already_voided', 'This payment was already voided');
  // a debtor deleted since (only ever at a balance of zero) takes no more entries
  await requireDebtor(trx, businessId, debtorId, 'debtor_id').catch(() => {
    throw notFound('Debtor');
  });
  return payment;
}

/**
 * Voids a payment, once: an admin's correction, with a reason. One transaction under the
 * business's lock. A retry of the same void (same id and content) answers it again; a second void
 * of the payment is `already_voided`. Answers the void (its amount negative, `voids_id` set).
 */
export async function voidPayment(
  db: Db,
  actor: Actor & Operator,
  debtorId: string,
  paymentId: string,
  body: Body,
): Promise<DebtorPayment> {
  const hash = requestHash({ debtor_id: debtorId, voids_id: paymentId, ...body });
  return db.kysely.transaction().execute(async (trx) => {
    const business = await lockedSaleSettings(trx, actor.businessId);
    if (await isReplay(trx, 'debtor_payments', body.id, actor.businessId, hash, actor.userId))
      return loadPayment(trx, actor.businessId, body.id);
    const payment = await paymentToVoid(trx, actor.businessId, debtorId, paymentId);
    await writeVoid(trx, actor, payment, body, {
      hash,
      receiptNo: await writerReceiptNo(trx, actor.businessId),
      today: businessDay(actor.at, business.timezone),
    });
    return loadPayment(trx, actor.businessId, body.id);
  });
}

/** The void's writes: the debtor's entry and balance, the void's row, its register row, the journal's entry. */
async function writeVoid(
  trx: Trx,
  actor: Actor,
  payment: PaymentRow,
  body: Body,
  f: { hash: string; receiptNo: string; today: string },
): Promise<void> {
  const amount = Number(payment.amount);
  const balanceAfter = await postDebtorEntry(trx, actor, {
    debtorId: payment.debtor_id,
    kind: 'payment_void',
    amount,
    docId: body.id,
    receiptNo: f.receiptNo,
    businessDay: f.today,
    note: body.reason,
  });
  await trx
    .insertInto('debtor_payments')
    .values({
      id: body.id,
      business_id: actor.businessId,
      receipt_no: f.receiptNo,
      debtor_id: payment.debtor_id,
      amount: -amount,
      method: payment.method,
      location_id: payment.location_id,
      provider_id: payment.provider_id,
      reference: payment.reference,
      note: body.reason,
      balance_after: balanceAfter,
      user_id: actor.userId,
      device_id: actor.deviceId,
      // the day whose drawer (or register) the payment was counted in is the one it corrects
      business_day: payment.business_day,
      request_hash: f.hash,
      created_at: actor.at,
      voids_id: payment.id,
    })
    .execute();
  if (payment.provider_id && payment.reference)
    await recordTransfer(trx, actor, {
      source: 'debtor_payment',
      sourceId: body.id,
      receiptNo: f.receiptNo,
      providerId: payment.provider_id,
      reference: payment.reference,
      amount: -amount,
      locationId: payment.location_id,
      businessDay: payment.business_day,
    });
  await appendJournal(trx, {
    ...actor.journal,
    docType: 'debtor_payment',
    docId: body.id,
    action: 'debtor.payment_void',
    detail: {
      receipt_no: f.receiptNo,
      voids_id: payment.id,
      voids_receipt_no: payment.receipt_no,
      debtor_id: payment.debtor_id,
      amount: -amount,
    },
  });
}
