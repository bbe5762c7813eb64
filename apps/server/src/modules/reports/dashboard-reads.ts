/**
 * What the dashboard reads (issue 21): the 30 days' sums, the week's products, the month's
 * expenses, the products that can be low and the debtors' and waiting transfers' totals. The
 * dashboard refreshes every minute while it is open, so on PostgreSQL, where every statement is a
 * round trip and each read took a pool connection of its own, they are one statement
 * (`readsInOne`: each read a JSON array of its rows); the shop's SQLite reads them one by one.
 */
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compiledQuery } from '../../db/compiled-query.js';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { canRunLow, heldAt } from '../catalog/reorder-products.js';
import { businessDebtors, owedSum } from '../debtors/debtors-owed.js';
import { unconfirmedAmount, unconfirmedCount } from '../transfers/transfer-totals.js';
import { type ExpenseArgs, expenseArgs, expensesByDay, expensesOf, expensesQuery } from './profit-report.js';
import {
  type ProductFigures,
  type RangeArgs,
  type SummaryRow,
  type SummarySum,
  addProductParts,
  productFigures,
  productParts,
  productQuery,
  rangeArgs,
  summaryQuery,
  summarySums,
  summarySumsOf,
} from './sales-report.js';

type Q = Kysely<Database>;
type Range = { from: string; to: string };

export interface DashboardRanges {
  businessId: string;
  /** The days whose sums it shows (the 30 days and the month so far). */
  days: Range;
  /** The week of its best sellers. */
  week: Range;
  /** The month so far, for its expenses. */
  month: Range;
}

export interface DashboardReads {
  rows: SummarySum[];
  week: Map<string, ProductFigures>;
  expenses: Map<string, number>;
  low: ReorderRow[];
  debtors: DebtorTotals;
}

/** An active product with a reorder level (the only ones that can be low), and what the business holds of it everywhere. */
export interface ReorderRow {
  id: string;
  name: string;
  unit: string;
  reorder_level: number | string;
  q: number | string | null;
}

/** What debtors owe, how many owe and are over their limit, and the transfers waiting for a confirmation. */
export interface DebtorTotals {
  owed: number | string | null;
  n: number | string | null;
  over: number | string | null;
  unconfirmed_n: number | string | null;
  unconfirmed_s: number | string | null;
}

/** The dashboard's reads: one statement on PostgreSQL, one each on SQLite. */
export function dashboardReads(db: Q, r: DashboardRanges): Promise<DashboardReads> {
  return dialectOf(db) === 'postgres' ? readOnce(db, r) : readsInParts(db, r);
}

/** Each read on its own (five or more statements; on PostgreSQL each on a pool connection of its own). */
export async function readsInParts(db: Q, r: DashboardRanges): Promise<DashboardReads> {
  const [rows, week, expenses, low, debtors] = await Promise.all([
    summarySums(db, r.businessId, r.days, ['day']),
    productFigures(db, r.businessId, r.week),
    expensesByDay(db, r.businessId, r.month),
    reorderRead.all(db, { businessId: r.businessId }),
    debtorsAndTransfers.all(db, { businessId: r.businessId }).then((rows) => rows[0]!),
  ]);
  return { rows, week, expenses, low, debtors };
}

/** PostgreSQL: every read in one statement. */
export async function readOnce(db: Q, r: DashboardRanges): Promise<DashboardReads> {
  const parts = productParts(r.businessId, r.week);
  const [row] = await readsInOne.all(db, {
    businessId: r.businessId,
    days: rangeArgs(r.businessId, r.days.from, r.days.to, r.days),
    parts: parts.map((p) => (p.table === 'month' ? { month: p.args } : { day: p.args })),
    month: expenseArgs(r.businessId, r.month),
  });
  if (!row) throw new Error('dashboardReads: no answer');
  const [debtors] = row.debtors;
  return {
    rows: summarySumsOf(row.days),
    week: addProductParts(
      parts,
      parts.map((_, i) => row[`part_${i}`] as unknown[]),
    ),
    expenses: expensesOf(row.expenses),
    low: row.low,
    debtors: debtors ?? { owed: null, n: null, over: null, unconfirmed_n: null, unconfirmed_s: null },
  };
}

/** The active products with a reorder level, each with what the business holds of it everywhere. */
function reorderQuery(db: Q, a: { businessId: string }) {
  return db
    .selectFrom('products as p')
    .select([
      'p.id',
      'p.name',
      'p.unit',
      'p.reorder_level',
      // the levels of these products only, not every level of the business grouped
      heldAt('p', { businessId: a.businessId }).as('q'),
    ])
    .where('p.business_id', '=', a.businessId)
    .where(canRunLow('p'));
}

/** `reorderQuery` as a query shape: prepared by name on PostgreSQL (its plan uses `products_reorder`). */
export const reorderRead = compiledQuery(reorderQuery);

/**
 * What debtors owe, how many owe and how many are over their limit; and how many transfers wait
 * for the admin's confirmation, with their sum, from the business's transfer totals
 * (transfer-totals.ts), not the whole register (none while it has no transfers). One row.
 */
function debtorsQuery(db: Q, a: { businessId: string }) {
  // what is owed as the debtors list's business-wide figure says it (debtors-owed.ts)
  return businessDebtors(db, a.businessId).select((eb) => [
    owedSum(eb).as('owed'),
    eb.fn.sum<number>(eb.case().when('balance', '>', 0).then(1).else(0).end()).as('n'),
    eb.fn
      .sum<number>(eb.case().when('balance', '>', eb.ref('credit_limit')).then(1).else(0).end())
      .as('over'),
    unconfirmedCount(a.businessId).as('unconfirmed_n'),
    unconfirmedAmount(a.businessId).as('unconfirmed_s'),
  ]);
}
const debtorsAndTransfers = compiledQuery(debtorsQuery);

/** The row `readsInOne` answers: each read's rows as JSON (numbers as numbers). */
type InOneRow = {
  days: SummaryRow[];
  expenses: { date: string; s: number | null }[];
  low: ReorderRow[];
  debtors: DebtorTotals[];
} & Record<`part_${number}`, unknown>;

interface InOneArgs {
  businessId: string;
  days: RangeArgs;
  parts: ({ month: RangeArgs; day?: undefined } | { day: RangeArgs; month?: undefined })[];
  month: ExpenseArgs;
}

/**
 * PostgreSQL: the five reads, each a JSON array of its rows (the week's products one array per
 * summary part, `part_<i>`, a month's or a day range's: the shape has one key or the other).
 */
const readsInOne = compiledQuery<InOneArgs, InOneRow>((db, a) =>
  db.selectNoFrom([
    jsonArrayFrom(summaryQuery(db, ['day'], a.days)).as('days'),
    ...a.parts.map((p, i) =>
      jsonArrayFrom(
        p.month !== undefined ? productQuery(db, true, p.month) : productQuery(db, false, p.day),
      ).as(`part_${i}`),
    ),
    jsonArrayFrom(expensesQuery(db, a.month)).as('expenses'),
    jsonArrayFrom(reorderQuery(db, { businessId: a.businessId })).as('low'),
    jsonArrayFrom(debtorsQuery(db, { businessId: a.businessId })).as('debtors'),
  ]),
);
