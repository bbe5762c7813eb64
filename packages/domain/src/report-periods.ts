import { divRound } from './quantity.js';
import { addDays } from './time.js';

/**
 * The days a report covers and how it groups them. Days are business days (`YYYY-MM-DD`, see
 * time.ts); weeks start on the business's first day of the week (Monday unless its profile says
 * Sunday or Saturday), months on their first. The server reports by these rules and the web draws
 * its charts and checks a typed range by the same ones.
 */

/**
 * The days a business's week may start on, as JavaScript (and Mantine's `firstDayOfWeek`) number
 * them: 1 Monday (ISO, the default), 0 Sunday, 6 Saturday.
 */
export const WEEK_STARTS = [1, 0, 6] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];

/** A stored first day of the week, held to the ones offered: anything else is Monday. */
export function weekStartOf(value: unknown): WeekStart {
  return WEEK_STARTS.find((d) => d === value) ?? 1;
}

/** The longest range a report covers: its last day at most this many days after its first. */
export const MAX_REPORT_DAYS = 800;

/** Calendar days from `from` to `to`: 0 on the same day, negative when `to` is before `from`. */
export function daysBetween(from: string, to: string): number {
  return divRound(Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`), 86_400_000);
}

/** The first day of the week that holds a day: its Monday (ISO), or its Sunday or Saturday. */
export function weekStart(day: string, first: WeekStart = 1): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((dow - first + 7) % 7));
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

/**
 * The period that holds `day`: the day itself, its week (from the business's first day of the
 * week, Monday unless told) or its month; clipped to `from`…`to`.
 */
export function periodOf(
  day: string,
  period: ReportPeriod,
  from: string,
  to: string,
  first: WeekStart = 1,
): { start: string; end: string } {
  if (period === 'day') return { start: day, end: day };
  const start = period === 'week' ? weekStart(day, first) : monthStart(day);
  const end = period === 'week' ? addDays(start, 6) : monthEnd(day);
  return { start: start < from ? from : start, end: end > to ? to : end };
}

/** What is wrong with a report's range of whole days, if anything. */
export function reportRangeProblem(from: string, to: string): 'backwards' | 'tooLong' | null {
  if (to < from) return 'backwards';
  if (daysBetween(from, to) > MAX_REPORT_DAYS) return 'tooLong';
  return null;
}
