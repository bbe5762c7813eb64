/**
 * What the debtor documents an admin writes besides a payment share (payment-voids.ts: a payment
 * voided; payouts.ts: a credit paid out in cash): both are a row of `debtor_payments` with its own
 * receipt number and an entry of the debtor's ledger, written once under the business's lock,
 * idempotent by the document's id, and travel in sync as a `debtor_payment` document.
 */
import { type DebtorPayment, businessDay } from '@duka/domain';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DebtorPaymentsTable } from '../../db/tables/selling.js';
import type { Actor } from '../../lib/context.js';
import { isReplay } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';
import { type SaleSettings, type Trx, lockedSaleSettings } from '../../lib/tx.js';
import { writerReceiptNo } from '../sync/series.js';
import { type DebtorEntryInput, postDebtorEntry } from './debtor-ledger.js';
import { loadPayment } from './payments.service.js';

/** What a document is written with besides its request: the request's hash, today, its receipt number. */
export interface DocumentFigures {
  business: SaleSettings;
  hash: string;
  /** Today, in the business's time zone: the day of the document's ledger entry. */
  today: string;
  /** Takes the document's receipt number from this server's series (after the checks). */
  receiptNo: () => Promise<string>;
}

/**
 * One transaction under the business's lock: a retry of the same request (same id and content)
 * answers the document stored under `id`, another request under it is a 409; otherwise `write`
 * checks and writes it. Answers the document as the API shows it.
 */
export async function writeOnce(
  db: Db,
  actor: Actor,
  id: string,
  hash: string,
  write: (trx: Trx, f: DocumentFigures) => Promise<void>,
): Promise<DebtorPayment> {
  return db.kysely.transaction().execute(async (trx) => {
    const business = await lockedSaleSettings(trx, actor.businessId);
    if (await isReplay(trx, 'debtor_payments', id, actor.businessId, hash, actor.userId))
      return loadPayment(trx, actor.businessId, id);
    await write(trx, {
      business,
      hash,
      today: businessDay(actor.at, business.timezone),
      receiptNo: () => writerReceiptNo(trx, actor.businessId),
    });
    return loadPayment(trx, actor.businessId, id);
  });
}

/** The columns a document sets itself; the rest are its id's, its debtor's and the request's. */
type OwnColumns = Pick<
  Insertable<DebtorPaymentsTable>,
  'amount' | 'method' | 'location_id' | 'provider_id' | 'reference' | 'note' | 'business_day' | 'voids_id'
>;

/**
 * A document's writes: its entry in the debtor's ledger (on today, its note the row's) moving the
 * balance, its row of `debtor_payments` with the balance after, and the journal's entry.
 */
export async function writeDebtorDocument(
  trx: Trx,
  actor: Actor,
  d: {
    id: string;
    debtorId: string;
    receiptNo: string;
    hash: string;
    today: string;
    entry: Pick<DebtorEntryInput, 'kind' | 'amount'>;
    row: OwnColumns & { note: string };
    action: string;
    detail: Record<string, unknown>;
  },
): Promise<void> {
  const balanceAfter = await postDebtorEntry(trx, actor, {
    debtorId: d.debtorId,
    kind: d.entry.kind,
    amount: d.entry.amount,
    docId: d.id,
    receiptNo: d.receiptNo,
    businessDay: d.today,
    note: d.row.note,
  });
  await trx
    .insertInto('debtor_payments')
    .values({
      ...d.row,
      id: d.id,
      business_id: actor.businessId,
      receipt_no: d.receiptNo,
      debtor_id: d.debtorId,
      balance_after: balanceAfter,
      user_id: actor.userId,
      device_id: actor.deviceId,
      request_hash: d.hash,
      created_at: actor.at,
    })
    .execute();
  await appendJournal(trx, {
    ...actor.journal,
    docType: 'debtor_payment',
    docId: d.id,
    action: d.action,
    detail: { receipt_no: d.receiptNo, ...d.detail },
  });
}
