import { type Insertable, sql } from 'kysely';
import type { DebtorRow } from '../../db/tables.js';
import type { DebtorEntriesTable } from '../../db/tables/selling.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import type { Trx } from '../../lib/tx.js';

export interface DebtorEntryInput {
  debtorId: string;
  kind: 'sale' | 'payment' | 'reversal';
  /** Signed: + the debtor owes more, − less. */
  amount: number;
  docId: string;
  receiptNo: string;
  businessDay: string;
  note?: string;
}

/** A debtor of the business (inactive ones too: they still pay back), or a 422 on `field`. */
export async function requireDebtor(
  trx: Trx,
  businessId: string,
  id: string,
  field: string,
): Promise<DebtorRow> {
  const d = await trx
    .selectFrom('debtors')
    .selectAll()
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!d) throw unknownDebtor(field);
  return d;
}

/** No debtor of the business has this id. */
export const unknownDebtor = (field: string) => new AppError('validation_failed', 'Unknown debtor', field);

/**
 * Appends one entry to the debtors' ledger and moves the stored balance with it, in the caller's
 * transaction. Answers the balance after the entry.
 */
export async function postDebtorEntry(trx: Trx, actor: Actor, e: DebtorEntryInput): Promise<number> {
  const row = await trx
    .updateTable('debtors')
    .set({
      balance: sql<number>`balance + ${e.amount}`,
      last_activity_at: actor.at,
    })
    .where('id', '=', e.debtorId)
    .where('business_id', '=', actor.businessId)
    .returning('balance')
    .executeTakeFirstOrThrow();
  await trx.insertInto('debtor_entries').values(debtorEntryRow(actor, e)).execute();
  return Number(row.balance);
}

/** The ledger's row of an entry (a sale's is written by its one statement on PostgreSQL, sale-in-one.ts). */
export function debtorEntryRow(actor: Actor, e: DebtorEntryInput): Insertable<DebtorEntriesTable> {
  return {
    id: newId(),
    business_id: actor.businessId,
    debtor_id: e.debtorId,
    kind: e.kind,
    amount: e.amount,
    doc_id: e.docId,
    receipt_no: e.receiptNo,
    note: e.note ?? '',
    user_id: actor.userId,
    business_day: e.businessDay,
    created_at: actor.at,
  };
}
