import { reversalShare } from '@duka/domain';
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';
import { fillSummaries as fillSummaries0006 } from './0006-report-summaries.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Report figures are net of reversals (ADR 6), the discount too: a reversal keeps the share of
 * the discounts (line and sale) that went with the goods it took back, and the daily summary
 * adds those up beside the sales' discounts. Reversals made before get their share worked out
 * as the reversal would have, in the order they were made.
 */
export function reversalDiscounts(dialect: DialectName) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('sale_reversals')
        .addColumn('discount', big, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('sales_summary_daily')
        .addColumn('reversals_discount', big, (c) => c.notNull().defaultTo(0))
        .execute();
      await fillReversalDiscounts(db);
      await addReversalDiscountsToSummaries(db);
    },
  };
}

/** Each earlier reversal's share of its sale's discounts, line by line in the order they were made. */
export async function fillReversalDiscounts(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{
    reversal_id: string;
    sale_id: string;
    sale_line_no: number;
    quantity: number;
    sold: number;
    discount: number;
  }>`
    select r.id as reversal_id, rl.sale_id, rl.sale_line_no, rl.quantity, l.quantity as sold,
      l.discount + l.sale_discount as discount
    from sale_reversal_lines rl
    join sale_reversals r on r.id = rl.reversal_id
    join sale_lines l on l.sale_id = rl.sale_id and l.line_no = rl.sale_line_no
    order by r.created_at, r.id, rl.line_no`.execute(db);
  const before = new Map<string, number>();
  const share = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.sale_id}|${r.sale_line_no}`;
    const taken = before.get(key) ?? 0;
    const d = reversalShare(Number(r.discount), Number(r.sold), taken, Number(r.quantity));
    before.set(key, taken + Number(r.quantity));
    share.set(r.reversal_id, (share.get(r.reversal_id) ?? 0) + d);
  }
  for (const [id, discount] of share)
    if (discount !== 0)
      await db.updateTable('sale_reversals').set({ discount }).where('id', '=', id).execute();
}

/** Adds the reversals' discounts to the daily summary rows they belong to. */
async function addReversalDiscountsToSummaries(db: Kysely<any>): Promise<void> {
  await sql`
    update sales_summary_daily set reversals_discount = coalesce((
      select sum(r.discount) from sale_reversals r
      where r.business_id = sales_summary_daily.business_id
        and r.business_day = sales_summary_daily.day
        and r.location_id = sales_summary_daily.location_id
        and coalesce(r.user_id, '') = sales_summary_daily.user_id
        and r.kind = sales_summary_daily.kind), 0)`.execute(db);
}

/** Fills empty summaries from the sales and reversals recorded, as they stand after this migration. */
export async function fillSummaries(db: Kysely<any>): Promise<void> {
  await fillSummaries0006(db);
  await addReversalDiscountsToSummaries(db);
}
