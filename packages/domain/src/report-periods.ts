import { divRound } from './quantity.js';
import { addDays } from './time.js';

/**
 * The days a report covers and how it groups them. Days are business days (`YYYY-MM-DD`, see
 * time.ts); weeks start on Monday (ISO), months on their first. The server reports by these
 * rules and the web draws its charts and checks a typed range by the same ones.
 */

/** The longest range a report covers: its last day at most this many days after its first. */
export const MAX_REPORT_DAYS = 800;

/** Calendar days from `from` to `to`: 0 on the same day, negative when `to` is before `from`. */
export function daysBetween(from: string, to: string): number {
  return divRound(Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`), 86_400_000);
}

/** The Monday that starts the ISO week of a day. */
export function weekStart(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((dow + 6) % 7));
}

/** The first day of the month of a day. */
export function monthStart(day: string): string {
  return `${day.slice(0, 8)}01`;
}

/** The last day of the month of a day. */
export function monthEnd(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** How a profit report groups its days. */
export type ReportPeriod = 'day' | 'week' | 'month';

/** The period that holds `day`: the day itself, its week (from Monday) or its month; clipped to `from`…`to`. */
export function periodOf(
  day: string,
  period: ReportPeriod,
  from: string,
  to: string,
): { start: string; end: string } {
  if (period === 'day') return { start: day, end: day };
  const start = period === 'week' ? weekStart(day) : monthStart(day);
  const end = period === 'week' ? addDays(start, 6) : monthEnd(day);
  return { start: start < from ? from : start, end: end > to ? to : end };
}

/** What is wrong with a report's range of whole days, if anything. */
export function reportRangeProblem(from: string, to: string): 'backwards' | 'tooLong' | null {
  if (to < from) return 'backwards';
  if (daysBetween(from, to) > MAX_REPORT_DAYS) return 'tooLong';
  return null;
}
