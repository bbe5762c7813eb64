import { formatReceiptNo } from '@duka/domain';
import { sql } from 'kysely';
import type { Trx } from './tx.js';

/**
 * The next receipt number of the business, from a counter row moved in the caller's
 * transaction (which holds the business lock): gap-free and never handed out twice, because a
 * rolled-back write rolls the counter back too. Sales, reversals, debtor payments and day closes
 * share the series, so a number names one document.
 */
export async function nextReceiptNo(trx: Trx, businessId: string, series = ''): Promise<string> {
  const row = await trx
    .updateTable('receipt_counters')
    .set({ last_no: sql<number>`last_no + 1` })
    .where('business_id', '=', businessId)
    .where('series', '=', series)
    .returning('last_no')
    .executeTakeFirst();
  if (row) return formatReceiptNo(series, Number(row.last_no));
  await trx.insertInto('receipt_counters').values({ business_id: businessId, series, last_no: 1 }).execute();
  return formatReceiptNo(series, 1);
}
