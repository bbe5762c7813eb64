import { type ProfitReport, divRound, periodOf, weekStartOf } from '@duka/domain';
import { compiledQuery } from '../../db/compiled-query.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { ContextBusiness } from '../../lib/context.js';
import { requireOwnId } from '../../lib/scope.js';
import { netOf } from './net.js';
import { checkRange } from './ranges.js';
import { summarySums } from './sales-report.js';

type Q = Kysely<Database>;

export const marginOf = (grossProfit: number, revenue: number) =>
  revenue > 0 ? divRound(grossProfit * 10_000, revenue) : null;

/** Expenses (net of voids) per day of a range. */
export async function expensesByDay(
  db: Q,
  businessId: string,
  f: { from: string; to: string; location_id?: string | undefined },
): Promise<Map<string, number>> {
  return expensesOf(await expensesRead.all(db, expenseArgs(businessId, f)));
}

/** Each day's expenses as `expensesQuery` answers them (in a row, or as JSON). */
export function expensesOf(
  rows: readonly { date: string; s: number | string | null }[],
): Map<string, number> {
  return new Map(rows.map((r) => [r.date, Number(r.s ?? 0)]));
}

export interface ExpenseArgs {
  businessId: string;
  from: string;
  to: string;
  locationId?: string;
}

/** The values of an expenses read: the location present only when asked for (a shape of its own). */
export function expenseArgs(
  businessId: string,
  f: { from: string; to: string; location_id?: string | undefined },
): ExpenseArgs {
  const a: ExpenseArgs = { businessId, from: f.from, to: f.to };
  if (f.location_id) a.locationId = f.location_id;
  return a;
}

/** Each day's expenses of a range (and a location). */
export function expensesQuery(db: Q, a: ExpenseArgs) {
  let q = db
    .selectFrom('expenses')
    .select(['date', (eb) => eb.fn.sum<number>('amount').as('s')])
    .where('business_id', '=', a.businessId)
    .where('date', '>=', a.from)
    .where('date', '<=', a.to);
  if (a.locationId !== undefined) q = q.where('location_id', '=', a.locationId);
  return q.groupBy('date');
}

/** A query shape (`compiledQuery`, prepared by name on PostgreSQL); with a location, a shape of its own. */
const expensesRead = compiledQuery(expensesQuery);

/**
 * Revenue (sales less reversals, without their tax), cost of goods sold at the unit costs the sale
 * lines recorded, gross profit and margin, expenses and net profit, per day, week or month; weeks
 * start on the business's first day of the week (its profile: Monday, Sunday or Saturday).
 */
export async function profitReport(
  db: Q,
  business: Pick<ContextBusiness, 'id' | 'week_start'>,
  f: { from: string; to: string; location_id?: string | undefined; period: ProfitReport['period'] },
): Promise<ProfitReport> {
  const businessId = business.id;
  const first = weekStartOf(business.week_start);
  checkRange(f.from, f.to);
  if (f.location_id) await requireOwnId(db, 'locations', f.location_id, businessId, 'Location');
  const [rows, expenses] = await Promise.all([
    summarySums(db, businessId, f, ['day']),
    expensesByDay(db, businessId, f),
  ]);
  const periods = new Map<
    string,
    { start: string; end: string; revenue: number; cogs: number; expenses: number }
  >();
  const at = (day: string) => {
    const p = periodOf(day, f.period, f.from, f.to, first);
    let x = periods.get(p.start);
    if (!x) periods.set(p.start, (x = { ...p, revenue: 0, cogs: 0, expenses: 0 }));
    return x;
  };
  let tax = 0;
  for (const r of rows) {
    const x = at(r.key);
    const net = netOf(r);
    x.revenue += net.revenue;
    x.cogs += net.cost;
    tax += net.tax;
  }
  for (const [day, amount] of expenses) at(day).expenses += amount;
  const figures = (x: { revenue: number; cogs: number; expenses: number }) => {
    const gross = x.revenue - x.cogs;
    return {
      revenue: x.revenue,
      cogs: x.cogs,
      gross_profit: gross,
      margin_bp: marginOf(gross, x.revenue),
      expenses: x.expenses,
      net_profit: gross - x.expenses,
    };
  };
  const list = [...periods.values()].sort((a, b) => (a.start < b.start ? -1 : 1));
  const sum = list.reduce(
    (s, x) => ({ revenue: s.revenue + x.revenue, cogs: s.cogs + x.cogs, expenses: s.expenses + x.expenses }),
    { revenue: 0, cogs: 0, expenses: 0 },
  );
  return {
    from: f.from,
    to: f.to,
    location_id: f.location_id ?? null,
    period: f.period,
    totals: { ...figures(sum), tax },
    periods: list.map((x) => ({ start: x.start, end: x.end, ...figures(x) })),
  };
}
