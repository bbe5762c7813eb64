import {
  type Dashboard,
  addDays,
  businessDay,
  compareLowStock,
  compareIds,
  isLowStock,
  monthStart,
} from '@duka/domain';
import type { Kysely } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import { ofBusiness } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { type DashboardReads, dashboardReads } from './dashboard-reads.js';
import { netOf } from './net.js';
import type { SummarySum } from './sales-report.js';

type Q = Kysely<Database>;

/** The names of the week's best sellers (at most five ids: a shape per count). */
const productNames = compiledQuery((db, a: { businessId: string; ids: string[] }) =>
  db
    .selectFrom('products')
    .select(['id', 'name'])
    .where(ofBusiness(db, 'business_id', a.businessId))
    .where('id', 'in', a.ids),
);

interface DayFigures {
  sales: number;
  profit: number;
  count: number;
  revenue: number;
}

/** Each day's sales, revenue (without tax) and gross profit, net of reversals. */
function figuresByDay(rows: SummarySum[]): Map<string, DayFigures> {
  const perDay = new Map<string, DayFigures>();
  for (const r of rows) {
    const d = perDay.get(r.key) ?? { sales: 0, profit: 0, count: 0, revenue: 0 };
    const net = netOf(r);
    d.sales += net.total;
    d.revenue += net.revenue;
    d.profit += net.revenue - net.cost;
    d.count += Number(r.sales_count);
    perDay.set(r.key, d);
  }
  return perDay;
}

/** The month so far: revenue, expenses, and the profit after them. */
function monthFigures(perDay: Map<string, DayFigures>, monthStart: string, expenses: Map<string, number>) {
  let monthRevenue = 0;
  let monthGross = 0;
  for (const [day, d] of perDay)
    if (day >= monthStart) {
      monthRevenue += d.revenue;
      monthGross += d.profit;
    }
  const monthExpenses = [...expenses.values()].reduce((s, x) => s + x, 0);
  return {
    start: monthStart,
    expenses: monthExpenses,
    revenue: monthRevenue,
    profit: monthGross - monthExpenses,
  };
}

/** The five best sellers of the week by net revenue (net quantity above zero), with their names. */
async function topProducts(db: Q, businessId: string, week: DashboardReads['week']) {
  const topIds = [...week]
    .map(([id, p]) => ({
      id,
      quantity: p.quantity - p.reversed_quantity,
      net: p.revenue - p.reversed_revenue,
    }))
    // A product whose every sale was reversed sold nothing: it is not a best seller.
    .filter((p) => p.quantity > 0)
    .sort((a, b) => b.net - a.net || compareIds(a.id, b.id))
    .slice(0, 5);
  const names = topIds.length
    ? new Map(
        (await productNames.all(db, { businessId, ids: topIds.map((t) => t.id) })).map((p) => [p.id, p.name]),
      )
    : new Map<string, string>();
  return topIds.map((t) => ({
    product_id: t.id,
    name: names.get(t.id) ?? '',
    quantity: t.quantity,
    net: t.net,
  }));
}

/** The products at or below their reorder level (domain isLowStock), the furthest below first. */
function lowStock(low: DashboardReads['low']) {
  return low
    .map((p) => ({
      product_id: p.id,
      name: p.name,
      unit: p.unit,
      on_hand: Number(p.q ?? 0),
      reorder_level: Number(p.reorder_level),
    }))
    .filter((p) => isLowStock(p.on_hand, p.reorder_level))
    .sort(compareLowStock);
}

/** The owner's first look: today against yesterday, 30 days, the week's best sellers, what needs attention. */
export async function dashboard(
  db: Q,
  business: { id: string; timezone: string },
  now: Date,
): Promise<Dashboard> {
  const today = businessDay(now, business.timezone);
  const first = addDays(today, -29);
  const monthBegins = monthStart(today);
  const from = monthBegins < first ? monthBegins : first;
  const { rows, week, expenses, low, debtors } = await dashboardReads(db, {
    businessId: business.id,
    days: { from, to: today },
    week: { from: addDays(today, -6), to: today },
    month: { from: monthBegins, to: today },
  });

  const perDay = figuresByDay(rows);
  const figures = (day: string) => {
    const d = perDay.get(day);
    return { sales: d?.sales ?? 0, count: d?.count ?? 0, profit: d?.profit ?? 0 };
  };
  const lowItems = lowStock(low);
  return {
    today,
    today_figures: figures(today),
    yesterday_figures: figures(addDays(today, -1)),
    days: Array.from({ length: 30 }, (_, i) => addDays(first, i)).map((day) => ({ day, ...figures(day) })),
    top_products: await topProducts(db, business.id, week),
    low_stock: { count: lowItems.length, items: lowItems.slice(0, 10) },
    debtors: {
      owed: Number(debtors.owed ?? 0),
      count: Number(debtors.n ?? 0),
      over_limit: Number(debtors.over ?? 0),
    },
    unconfirmed_transfers: {
      count: Number(debtors.unconfirmed_n ?? 0),
      amount: Number(debtors.unconfirmed_s ?? 0),
    },
    month: monthFigures(perDay, monthBegins, expenses),
  };
}
