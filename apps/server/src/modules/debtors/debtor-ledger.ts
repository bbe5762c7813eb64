import { type Insertable, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
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
  const d = await debtorById.first(trx, { businessId, id });
  if (!d) throw unknownDebtor(field);
  return d;
}

// Compiled shapes (db/compiled-query.ts): a credit sale's and a payment's steps on SQLite, where
// Kysely building them each time was a part of the sale's CPU (issue 21).
const debtorById = compiledQuery((db, a: { businessId: string; id: string }) =>
  db
    .selectFrom('debtors')
    .selectAll()
    .where('id', '=', a.id)
    .where('business_id', '=', a.businessId)
    .where('deleted_at', 'is', null),
);
const moveBalance = compiledQuery((db, a: { businessId: string; id: string; amount: number; at: string }) =>
  db
    .updateTable('debtors')
    .set({ balance: sql<number>`balance + ${a.amount}`, last_activity_at: a.at })
    .where('id', '=', a.id)
    .where('business_id', '=', a.businessId)
    .returning('balance'),
);
const insertEntry = compiledQuery((db, a: { row: Insertable<DebtorEntriesTable> }) =>
  db.insertInto('debtor_entries').values(a.row),
);

/** No debtor of the business has this id. */
export const unknownDebtor = (field: string) => new AppError('validation_failed', 'Unknown debtor', field);

/**
 * Appends one entry to the debtors' ledger and moves the stored balance with it, in the caller's
 * transaction. Answers the balance after the entry.
 */
export async function postDebtorEntry(trx: Trx, actor: Actor, e: DebtorEntryInput): Promise<number> {
  const row = await moveBalance.first(trx, {
    businessId: actor.businessId,
    id: e.debtorId,
    amount: e.amount,
    at: actor.at,
  });
  if (!row) throw new Error(`postDebtorEntry: no debtor ${e.debtorId}`);
  await insertEntry.run(trx, { row: debtorEntryRow(actor, e) });
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
