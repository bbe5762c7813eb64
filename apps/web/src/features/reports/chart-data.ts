import {
  type ProfitReport,
  type SalesReport,
  type StockReport,
  type WeekStart,
  addDays,
  periodOf as domainPeriodOf,
} from '@duka/domain';
import type { ReportRange } from './report-range';

/** How a figure moved against the period before: the ratio is null when there was nothing before. */
export interface Change {
  ratio: number | null;
  direction: 'up' | 'down' | 'flat';
}

export function changeOf(current: number, previous: number): Change {
  const direction = current > previous ? 'up' : current < previous ? 'down' : 'flat';
  return { ratio: previous === 0 ? null : (current - previous) / Math.abs(previous), direction };
}

/** Every day of a range in order (at most the server's 800-odd days). */
export function eachDay(r: ReportRange): string[] {
  const out: string[] = [];
  for (let d = r.from; d <= r.to && out.length < 1000; d = addDays(d, 1)) out.push(d);
  return out;
}

export interface DayPoint {
  day: string;
  net: number;
  sales: number;
  reversals: number;
  count: number;
}

/** Sales per day for a chart: the days without sales are there too, at zero. */
export function salesPerDay(byDay: SalesReport['by_day'], r: ReportRange): DayPoint[] {
  const seen = new Map(byDay.map((d) => [d.day, d]));
  return eachDay(r).map((day) => {
    const d = seen.get(day);
    return {
      day,
      net: d?.net ?? 0,
      sales: d?.sales_total ?? 0,
      reversals: d?.reversals_total ?? 0,
      count: d?.sales_count ?? 0,
    };
  });
}

type Period = ProfitReport['period'];
export type ProfitPeriod = ProfitReport['periods'][number];

/**
 * The days a period that holds `day` covers, clipped to the range (the server's rule, from the
 * domain): weeks from the business's first day of the week.
 */
export function periodOf(day: string, period: Period, r: ReportRange, first: WeekStart = 1): ReportRange {
  const p = domainPeriodOf(day, period, r.from, r.to, first);
  return { from: p.start, to: p.end };
}

/** Every period of a range with its figures; the quiet ones at zero, so a chart keeps its rhythm. */
export function profitPeriods(
  report: Pick<ProfitReport, 'periods' | 'period'>,
  r: ReportRange,
  first: WeekStart = 1,
): ProfitPeriod[] {
  const seen = new Map(report.periods.map((p) => [p.start, p]));
  const out: ProfitPeriod[] = [];
  let day = r.from;
  while (day <= r.to && out.length < 1000) {
    const p = periodOf(day, report.period, r, first);
    out.push(
      seen.get(p.from) ?? {
        start: p.from,
        end: p.to,
        revenue: 0,
        cogs: 0,
        gross_profit: 0,
        margin_bp: null,
        expenses: 0,
        net_profit: 0,
      },
    );
    day = addDays(p.to, 1);
  }
  return out;
}

export interface LocationValue {
  location_id: string;
  name: string;
  cost: number;
  price: number;
}

/** Stock value at cost and at selling price per location, the largest first. */
export function valueByLocation(onHand: StockReport['on_hand']): LocationValue[] {
  const by = new Map<string, LocationValue>();
  for (const r of onHand) {
    const x = by.get(r.location_id) ?? {
      location_id: r.location_id,
      name: r.location_name,
      cost: 0,
      price: 0,
    };
    x.cost += r.value_cost;
    x.price += r.value_price;
    by.set(r.location_id, x);
  }
  return [...by.values()].sort((a, b) => b.cost - a.cost || a.name.localeCompare(b.name));
}

/** Sums of the numeric fields of rows (for a table's totals row). */
export function sumOf<T>(rows: readonly T[], value: (row: T) => number): number {
  return rows.reduce((s, r) => s + value(r), 0);
}
