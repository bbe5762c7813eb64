import { type Insertable, type QueryCreator, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { compiledQuery } from '../../db/compiled-query.js';
import type {
  ProductSalesDailyTable,
  ProductSalesMonthlyTable,
  SalesSummaryDailyTable,
} from '../../db/tables/reporting.js';
import type { Trx } from '../../lib/tx.js';

/** The figures of a row of the daily sales summary (`sales_summary_daily`). */
export const DAILY_FIGURES = [
  'sales_count',
  'sales_total',
  'sales_tax',
  'sales_cost',
  'sales_discount',
  'reversals_count',
  'reversals_total',
  'reversals_tax',
  'reversals_cost',
  'reversals_discount',
] as const;

/** The figures of a row of the product summaries (`product_sales_daily`, `product_sales_monthly`). */
export const PRODUCT_FIGURES = [
  'quantity',
  'revenue',
  'tax',
  'cost',
  'reversed_quantity',
  'reversed_revenue',
  'reversed_tax',
  'reversed_cost',
] as const;

interface LineFigures {
  product_id: string;
  quantity: number;
  /** What the customer paid (a sale) or got back (a reversal) for the line. */
  amount: number;
  tax: number;
  cost: number;
}

export interface SummaryInput {
  businessId: string;
  day: string;
  locationId: string;
  userId: string | null;
  kind: string;
  total: number;
  tax: number;
  cost: number;
  discount: number;
  lines: LineFigures[];
}

const add = (table: string, col: string) =>
  sql<number>`${sql.ref(`${table}.${col}`)} + ${sql.ref(`excluded.${col}`)}`;

/** The lines of one document added up per product (a product may be on several lines). */
function perProduct(lines: LineFigures[]): LineFigures[] {
  const m = new Map<string, LineFigures>();
  for (const l of lines) {
    const p = m.get(l.product_id);
    if (p) {
      p.quantity += l.quantity;
      p.amount += l.amount;
      p.tax += l.tax;
      p.cost += l.cost;
    } else m.set(l.product_id, { ...l });
  }
  return [...m.values()];
}

/** The rows one sale or reversal adds to the summaries (upserted: added to the rows there). */
export interface SummaryRows {
  row: Insertable<SalesSummaryDailyTable>;
  days: Insertable<ProductSalesDailyTable>[];
  months: Insertable<ProductSalesMonthlyTable>[];
}

/** What one sale or one reversal adds to the summaries. */
export function summaryRows(doc: 'sale' | 'reversal', s: SummaryInput): SummaryRows {
  const sale = doc === 'sale';
  const row = {
    business_id: s.businessId,
    day: s.day,
    location_id: s.locationId,
    user_id: s.userId ?? '',
    kind: s.kind,
    sales_count: sale ? 1 : 0,
    sales_total: sale ? s.total : 0,
    sales_tax: sale ? s.tax : 0,
    sales_cost: sale ? s.cost : 0,
    sales_discount: sale ? s.discount : 0,
    reversals_count: sale ? 0 : 1,
    reversals_total: sale ? 0 : s.total,
    reversals_tax: sale ? 0 : s.tax,
    reversals_cost: sale ? 0 : s.cost,
    reversals_discount: sale ? 0 : s.discount,
  };

  const products = perProduct(s.lines).map((l) => ({
    business_id: s.businessId,
    location_id: s.locationId,
    product_id: l.product_id,
    quantity: sale ? l.quantity : 0,
    revenue: sale ? l.amount : 0,
    tax: sale ? l.tax : 0,
    cost: sale ? l.cost : 0,
    reversed_quantity: sale ? 0 : l.quantity,
    reversed_revenue: sale ? 0 : l.amount,
    reversed_tax: sale ? 0 : l.tax,
    reversed_cost: sale ? 0 : l.cost,
  }));
  const month = s.day.slice(0, 7);
  const days = products.map((p) => Object.assign({ day: s.day }, p));
  const months = products.map((p) => Object.assign({ month }, p));
  return { row, days, months };
}

/**
 * Moves the report summaries by one sale or one reversal, in the caller's transaction: the day's
 * figures per location, cashier and kind, and each product's per day and per month. Reports then
 * read a few thousand summary rows instead of a year of sale lines.
 */
export async function addToSummaries(trx: Trx, doc: 'sale' | 'reversal', s: SummaryInput): Promise<void> {
  const rows = summaryRows(doc, s);
  if (dialectOf(trx) === 'postgres') {
    await addAllAtOnce.run(trx, rows);
    return;
  }
  await addDaily.run(trx, { row: rows.row });
  await addProductDaily.run(trx, { rows: rows.days });
  await addProductMonthly.run(trx, { rows: rows.months });
}

/**
 * PostgreSQL only: the three upserts as parts of one statement (data-modifying `with`, each on
 * its own table, named `summary_day`, `product_day` and `product_month`), for a statement that
 * does more (a sale's) or for `addAllAtOnce`. SQLite has no such `with`, and there a statement
 * costs no round trip.
 */
export function withSummaries(db: QueryCreator<Database>, r: SummaryRows): QueryCreator<Database> {
  const creator = (q: unknown) => q as QueryCreator<Database>;
  return creator(
    db
      .with('summary_day', (q) => upsertDaily(q, r.row))
      .with('product_day', (q) => upsertProductDaily(creator(q), r.days))
      .with('product_month', (q) => upsertProductMonthly(creator(q), r.months)),
  );
}

function upsertDaily(db: QueryCreator<Database>, row: Insertable<SalesSummaryDailyTable>) {
  return db
    .insertInto('sales_summary_daily')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['business_id', 'day', 'location_id', 'user_id', 'kind'])
        .doUpdateSet(Object.fromEntries(DAILY_FIGURES.map((c) => [c, add('sales_summary_daily', c)]))),
    );
}

function upsertProductDaily(db: QueryCreator<Database>, rows: Insertable<ProductSalesDailyTable>[]) {
  return db
    .insertInto('product_sales_daily')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['business_id', 'day', 'location_id', 'product_id'])
        .doUpdateSet(Object.fromEntries(PRODUCT_FIGURES.map((c) => [c, add('product_sales_daily', c)]))),
    );
}

function upsertProductMonthly(db: QueryCreator<Database>, rows: Insertable<ProductSalesMonthlyTable>[]) {
  return db
    .insertInto('product_sales_monthly')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['business_id', 'month', 'location_id', 'product_id'])
        .doUpdateSet(Object.fromEntries(PRODUCT_FIGURES.map((c) => [c, add('product_sales_monthly', c)]))),
    );
}

const addDaily = compiledQuery((db, a: { row: Insertable<SalesSummaryDailyTable> }) =>
  upsertDaily(db, a.row),
);

const addProductDaily = compiledQuery((db, a: { rows: Insertable<ProductSalesDailyTable>[] }) =>
  upsertProductDaily(db, a.rows),
);

const addProductMonthly = compiledQuery((db, a: { rows: Insertable<ProductSalesMonthlyTable>[] }) =>
  upsertProductMonthly(db, a.rows),
);

/** PostgreSQL only: the three upserts in one statement, two round trips fewer per reversal. */
const addAllAtOnce = compiledQuery((db, a: SummaryRows) =>
  withSummaries(db, a).selectNoFrom(sql.lit(1).as('done')),
);
