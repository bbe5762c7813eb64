import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Summary tables the reports read instead of a year of sale lines. Each sale and reversal moves
 * them in its own transaction; this migration fills them from the sales already recorded.
 */
export function reportSummaries(dialect: DialectName) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  const money = (name: string) => (t: CreateTableBuilder<string, string>) =>
    t.addColumn(name, big, (c) => c.notNull().defaultTo(0));
  return {
    async up(db: Kysely<any>): Promise<void> {
      // Per business day, location, cashier and kind of sale.
      let daily = db.schema
        .createTable('sales_summary_daily')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('location_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull());
      for (const col of [
        'sales_count',
        'sales_total',
        'sales_tax',
        'sales_cost',
        'sales_discount',
        'reversals_count',
        'reversals_total',
        'reversals_tax',
        'reversals_cost',
      ])
        daily = money(col)(daily);
      await daily
        .addPrimaryKeyConstraint('sales_summary_daily_pk', [
          'business_id',
          'day',
          'location_id',
          'user_id',
          'kind',
        ])
        .execute();

      // Per product and location, by business day and by month ('YYYY-MM'): a year of a product
      // is twelve monthly rows plus the days at the edges of the range.
      for (const [table, period] of [
        ['product_sales_daily', 'day'],
        ['product_sales_monthly', 'month'],
      ] as const) {
        let t = db.schema
          .createTable(table)
          .addColumn('business_id', 'text', (c) => c.notNull())
          .addColumn(period, 'text', (c) => c.notNull())
          .addColumn('location_id', 'text', (c) => c.notNull())
          .addColumn('product_id', 'text', (c) => c.notNull());
        for (const col of [
          'quantity',
          'revenue',
          'tax',
          'cost',
          'reversed_quantity',
          'reversed_revenue',
          'reversed_tax',
          'reversed_cost',
        ])
          t = money(col)(t);
        await t
          .addPrimaryKeyConstraint(`${table}_pk`, ['business_id', period, 'location_id', 'product_id'])
          .execute();
      }

      // The stock report's movements of a range.
      await db.schema
        .createIndex('stock_movements_business_time')
        .on('stock_movements')
        .columns(['business_id', 'created_at'])
        .execute();

      await fillSummaries(db);
    },
  };
}

/** Fills the summaries from the sales and reversals recorded (empty summaries expected). */
export async function fillSummaries(db: Kysely<any>): Promise<void> {
  await sql`
      insert into sales_summary_daily (business_id, day, location_id, user_id, kind,
        sales_count, sales_total, sales_tax, sales_cost, sales_discount,
        reversals_count, reversals_total, reversals_tax, reversals_cost)
      select business_id, day, location_id, user_id, kind,
        sum(sc), sum(st), sum(stx), sum(sco), sum(sd), sum(rc), sum(rt), sum(rtx), sum(rco)
      from (
        select business_id, business_day as day, location_id, coalesce(user_id, '') as user_id, kind,
          1 as sc, total as st, tax as stx, cost as sco, discount as sd, 0 as rc, 0 as rt, 0 as rtx, 0 as rco
        from sales
        union all
        select business_id, business_day, location_id, coalesce(user_id, ''), kind,
          0, 0, 0, 0, 0, 1, total, tax, cost
        from sale_reversals
      ) x
      group by business_id, day, location_id, user_id, kind`.execute(db);

  for (const [table, period, expr] of [
    ['product_sales_daily', 'day', sql`s.business_day`],
    ['product_sales_monthly', 'month', sql`substr(s.business_day, 1, 7)`],
  ] as const) {
    await sql`
        insert into ${sql.table(table)} (business_id, ${sql.ref(period)}, location_id, product_id,
          quantity, revenue, tax, cost, reversed_quantity, reversed_revenue, reversed_tax, reversed_cost)
        select business_id, p, location_id, product_id,
          sum(q), sum(rv), sum(tx), sum(co), sum(rq), sum(rr), sum(rtx), sum(rco)
        from (
          select s.business_id, ${expr} as p, s.location_id, l.product_id,
            l.quantity as q, l.net as rv, l.tax as tx, l.cost as co, 0 as rq, 0 as rr, 0 as rtx, 0 as rco
          from sale_lines l join sales s on s.id = l.sale_id
          union all
          select s.business_id, ${expr}, s.location_id, rl.product_id,
            0, 0, 0, 0, rl.quantity, rl.amount, rl.tax, rl.cost
          from sale_reversal_lines rl join sale_reversals s on s.id = rl.reversal_id
        ) x
        group by business_id, p, location_id, product_id`.execute(db);
  }
}
