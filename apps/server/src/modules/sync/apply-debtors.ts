import { sql } from 'kysely';
import type { Trx } from '../../lib/tx.js';
import { chunks } from './documents.js';

type Row = Record<string, unknown>;

/** Debtors moved by one statement: 4 parameters each, under SQLite's limit. */
const DEBTORS_PER_STATEMENT = 1_000;

/**
 * Before the batch's debtor entries are written: each debtor's balance moved by its entries, its
 * last activity moved forward and its count of entries (`entry_seq`) counted up by their number,
 * in one statement for the batch's debtors (one per debtor before: a third of a hosted push's
 * round trips in the branches' bench). Answers the entries numbered (`seq`) per debtor after the
 * ones already here, in the sender's journal order (ADR 9): `seq` is each server's own order of
 * writing and never travels.
 */
export async function moveDebtors(
  trx: Trx,
  t: { businessId: string; journal?: readonly { doc_id: string }[] },
  entries: Row[],
): Promise<Row[]> {
  const ordered = inJournalOrder(entries, t.journal);
  const per = new Map<string, { amount: number; last: string; count: number }>();
  for (const e of ordered) {
    const d = per.get(String(e.debtor_id)) ?? { amount: 0, last: '', count: 0 };
    d.amount += Number(e.amount);
    d.count += 1;
    if (String(e.created_at) > d.last) d.last = String(e.created_at);
    per.set(String(e.debtor_id), d);
  }
  const moved = [...per].map(
    ([id, d]) => sql`(${id}, cast(${d.amount} as bigint), ${d.last}, cast(${d.count} as integer))`,
  );
  const last = new Map<string, number>();
  for (const slice of chunks(moved, DEBTORS_PER_STATEMENT)) {
    const { rows } = await sql<{ id: string; entry_seq: number }>`
      with moved (id, amount, last_at, n) as (values ${sql.join(slice)})
      update debtors set balance = balance + moved.amount,
        last_activity_at = case when debtors.last_activity_at is null or debtors.last_activity_at < moved.last_at
          then moved.last_at else debtors.last_activity_at end,
        entry_seq = debtors.entry_seq + moved.n
      from moved where debtors.id = moved.id and debtors.business_id = ${t.businessId}
      returning debtors.id, debtors.entry_seq`.execute(trx);
    for (const r of rows) last.set(r.id, Number(r.entry_seq));
  }
  // The first entry of a debtor takes the number after those here before: the last less the count.
  const next = new Map([...per].map(([id, d]) => [id, (last.get(id) ?? d.count) - d.count]));
  return ordered.map((e) => {
    const id = String(e.debtor_id);
    const seq = next.get(id)! + 1;
    next.set(id, seq);
    return { ...e, seq };
  });
}

/** Entries by their documents' place in the sender's journal (stable: as written where not named). */
function inJournalOrder(entries: Row[], journal: readonly { doc_id: string }[] | undefined): Row[] {
  if (!journal || journal.length === 0) return entries;
  const place = new Map<string, number>();
  journal.forEach((e, i) => {
    if (!place.has(e.doc_id)) place.set(e.doc_id, i);
  });
  const at = (e: Row) => place.get(String(e.doc_id)) ?? Infinity;
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => at(a.e) - at(b.e) || a.i - b.i)
    .map(({ e }) => e);
}
