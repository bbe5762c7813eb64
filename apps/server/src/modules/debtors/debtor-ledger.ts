import { type Insertable, type QueryCreator, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import type { Database, DebtorRow } from '../../db/tables.js';
import type { DebtorEntriesTable } from '../../db/tables/selling.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import type { Trx } from '../../lib/tx.js';

export interface DebtorEntryInput {
  debtorId: string;
  kind: 'sale' | 'payment' | 'reversal' | 'payment_void' | 'payout';
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
/**
 * A debtor's last activity moved to `at` unless it is later already (an entry pulled from a
 * server whose clock is ahead): the later of the two, as a sync apply keeps it, so every server
 * ends with the same.
 */
const laterActivity = (at: string) =>
  sql<string>`case when "last_activity_at" is null or "last_activity_at" < ${at} then ${at} else "last_activity_at" end`;

/**
 * The balance's move, which also counts the debtor's entries (`entry_seq`): the entry written
 * with it takes the number as its `seq`, the order a statement lists entries in (ADR 9).
 */
const moveBalance = compiledQuery((db, a: { businessId: string; id: string; amount: number; at: string }) =>
  db
    .updateTable('debtors')
    .set({
      balance: sql<number>`balance + ${a.amount}`,
      last_activity_at: laterActivity(a.at),
      entry_seq: sql<number>`entry_seq + 1`,
    })
    .where('id', '=', a.id)
    .where('business_id', '=', a.businessId)
    .returning(['balance', 'entry_seq']),
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
  await insertEntry.run(trx, { row: { ...debtorEntryRow(actor, e), seq: Number(row.entry_seq) } });
  return Number(row.balance);
}

/** An entry's row but its `seq`, which the balance's move numbers (`postDebtorEntry`, `withDebtorMove`). */
export type DebtorEntryFields = Omit<Insertable<DebtorEntriesTable>, 'seq'>;

/** The ledger's row of an entry (a sale's is written by its one statement on PostgreSQL, sale-in-one.ts). */
export function debtorEntryRow(actor: Actor, e: DebtorEntryInput): DebtorEntryFields {
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

/** The columns of a debtor a sale's or a payment's check reads. */
export type CheckedDebtor = Pick<DebtorRow, 'id' | 'name' | 'active' | 'balance' | 'credit_limit'>;

/**
 * The business's debtor `id` (none when deleted) as JSON, a scalar subquery: the columns of
 * `CheckedDebtor`, for a statement of reads that does more (a sale's or a payment's on PostgreSQL).
 */
export const debtorAsJson = (businessId: string, id: string) =>
  sql<CheckedDebtor | null>`(select json_build_object('id', "id", 'name', "name", 'active', "active", 'balance', "balance", 'credit_limit', "credit_limit") from "debtors" where "id" = ${id} and "business_id" = ${businessId} and "deleted_at" is null)`;

/** A document's move of its debtor's balance and its entry in the debtors' ledger. */
export interface DebtorMove {
  debtorId: string;
  amount: number;
  /** Its `seq` is the one the move counted (`withDebtorMove`). */
  entry: DebtorEntryFields;
}

/**
 * PostgreSQL only: `postDebtorEntry` as parts of a statement that does more (a data-modifying
 * `with`): the balance's move (`debited`, answering the balance after it and the debtor's count
 * of entries) and the ledger's entry (`debtor_entry`), numbered by that count. None without a move.
 */
export function withDebtorMove(
  db: QueryCreator<Database>,
  businessId: string,
  a: { debtor?: DebtorMove; at: string },
): QueryCreator<Database> {
  const { debtor } = a;
  if (!debtor) return db;
  return db
    .with('debited', (q) =>
      q
        .updateTable('debtors')
        .set({
          balance: sql<number>`"balance" + ${debtor.amount}`,
          last_activity_at: laterActivity(a.at),
          entry_seq: sql<number>`"entry_seq" + 1`,
        })
        .where('id', '=', debtor.debtorId)
        .where('business_id', '=', businessId)
        .returning(['balance', 'entry_seq']),
    )
    .with('debtor_entry', (q) =>
      q
        .insertInto('debtor_entries')
        .values(Object.assign({}, debtor.entry, { seq: sql<number>`(select "entry_seq" from "debited")` })),
    ) as unknown as QueryCreator<Database>;
}

/** The balance after the statement's move (`withDebtorMove`), as a value of its rows. */
export const balanceMoved = sql<number>`(select "balance" from "debited")`;
