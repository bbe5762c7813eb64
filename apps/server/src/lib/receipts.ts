import { formatReceiptNo } from '@duka/domain';
import { sql } from 'kysely';
import { compiledQuery } from '../db/compiled-query.js';
import type { Trx } from './tx.js';

const bumpCounter = compiledQuery((db, a: { businessId: string; series: string }) =>
  db
    .updateTable('receipt_counters')
    .set({ last_no: sql<number>`last_no + 1` })
    .where('business_id', '=', a.businessId)
    .where('series', '=', a.series)
    .returning('last_no'),
);

/**
 * The next receipt number of the business, from a counter row moved in the caller's
 * transaction (which holds the business lock): gap-free and never handed out twice, because a
 * rolled-back write rolls the counter back too. Sales, reversals, debtor payments and day closes
 * share the series, so a number names one document.
 */
export async function nextReceiptNo(trx: Trx, businessId: string, series: string): Promise<string> {
  const row = await bumpCounter.first(trx, { businessId, series });
  if (row) return formatReceiptNo(series, Number(row.last_no));
  await trx.insertInto('receipt_counters').values({ business_id: businessId, series, last_no: 1 }).execute();
  return formatReceiptNo(series, 1);
}

/** The tables whose documents take a receipt number (the four writers of `nextReceiptNo`). */
const NUMBERED = ['sales', 'sale_reversals', 'debtor_payments', 'day_closes'] as const;

/**
 * The largest number of a series already used in the business: numbers that are the series'
 * letters followed by digits (so `B` does not count `BB000001`, and `''` counts digits only).
 * Read at link time and after an import, never on a sale.
 */
export async function lastReceiptNo(trx: Trx, businessId: string, series: string): Promise<number> {
  let last = 0;
  const from = series.length + 1;
  for (const table of NUMBERED) {
    const row = await trx
      .selectFrom(table)
      .select(sql<string | number | null>`max(cast(substr(receipt_no, ${sql.lit(from)}) as bigint))`.as('n'))
      .where('business_id', '=', businessId)
      .where('receipt_no', 'like', `${series}%`)
      .where(sql<boolean>`substr(receipt_no, ${sql.lit(from)}, 1) between '0' and '9'`)
      .where(sql<boolean>`length(receipt_no) >= ${sql.lit(from + 5)}`)
      .executeTakeFirst();
    last = Math.max(last, Number(row?.n ?? 0));
  }
  return last;
}

/**
 * Raises this server's counter of a series to at least the largest number of it in the business
 * and `atLeast` (what the hosted server reported): counters never travel, so a server taking a
 * series others wrote before starts after their numbers (ADR 11 §11.2).
 */
export async function raiseReceiptCounter(
  trx: Trx,
  businessId: string,
  series: string,
  atLeast = 0,
): Promise<void> {
  const floor = Math.max(atLeast, await lastReceiptNo(trx, businessId, series));
  const row = await trx
    .selectFrom('receipt_counters')
    .select('last_no')
    .where('business_id', '=', businessId)
    .where('series', '=', series)
    .executeTakeFirst();
  if (!row) {
    if (floor > 0)
      await trx
        .insertInto('receipt_counters')
        .values({ business_id: businessId, series, last_no: floor })
        .execute();
  } else if (Number(row.last_no) < floor)
    await trx
      .updateTable('receipt_counters')
      .set({ last_no: floor })
      .where('business_id', '=', businessId)
      .where('series', '=', series)
      .execute();
}
