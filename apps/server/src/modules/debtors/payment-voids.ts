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
import type { DebtorPayment, debtorPaymentVoidBodySchema } from '@duka/domain';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { DebtorPaymentsTable } from '../../db/tables/selling.js';
import type { Actor, Operator } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { requestHash } from '../../lib/idempotency.js';
import type { Trx } from '../../lib/tx.js';
import { recordTransfer } from '../transfers/transfer-ledger.js';
import { requireDebtor } from './debtor-ledger.js';
import { type DocumentFigures, writeDebtorDocument, writeOnce } from './debtor-documents.js';

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
  // a credit paid out (payouts.ts) is money the shop gave, no payment taken
  if (Number(payment.amount) < 0)
    throw new AppError('validation_failed', 'This entry is a pay-out, not a payment', 'payment_id');
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
  return writeOnce(db, actor, body.id, hash, async (trx, f) => {
    const payment = await paymentToVoid(trx, actor.businessId, debtorId, paymentId);
    await writeVoid(trx, actor, payment, body, f);
  });
}

/** The void's writes: the debtor's entry and balance, the void's row, its register row, the journal's entry. */
async function writeVoid(
  trx: Trx,
  actor: Actor,
  payment: PaymentRow,
  body: Body,
  f: DocumentFigures,
): Promise<void> {
  const amount = Number(payment.amount);
  const receiptNo = await f.receiptNo();
  await writeDebtorDocument(trx, actor, {
    id: body.id,
    debtorId: payment.debtor_id,
    receiptNo,
    hash: f.hash,
    today: f.today,
    entry: { kind: 'payment_void', amount },
    row: {
      amount: -amount,
      method: payment.method,
      location_id: payment.location_id,
      provider_id: payment.provider_id,
      reference: payment.reference,
      note: body.reason,
      // the day whose drawer (or register) the payment was counted in is the one it corrects
      business_day: payment.business_day,
      voids_id: payment.id,
    },
    action: 'debtor.payment_void',
    detail: {
      voids_id: payment.id,
      voids_receipt_no: payment.receipt_no,
      debtor_id: payment.debtor_id,
      amount: -amount,
    },
  });
  if (payment.provider_id && payment.reference)
    await recordTransfer(trx, actor, {
      source: 'debtor_payment',
      sourceId: body.id,
      receiptNo,
      providerId: payment.provider_id,
      reference: payment.reference,
      amount: -amount,
      locationId: payment.location_id,
      businessDay: payment.business_day,
    });
}
