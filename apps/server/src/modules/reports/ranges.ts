import { addDays } from '@duka/domain';
import { AppError } from '../../lib/errors.js';

/** Longest range a report covers: a little over two years of days. */
const MAX_DAYS = 800;

export function checkRange(from: string, to: string): void {
  if (to < from) throw new AppError('validation_failed', 'The end of the range is before its start', 'to');
  if (daysBetween(from, to) > MAX_DAYS)
    throw new AppError('validation_failed', `A report covers at most ${MAX_DAYS} days`, 'from');
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The Monday that starts the ISO week of a day. */
export function weekStart(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((dow + 6) % 7));
}

/** The last day of the month of a day. */
export function monthEnd(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * Splits `from`…`to` into whole months (read from the monthly summary) and the days at either
 * end that do not fill a month (read from the daily summary).
 */
export function splitByMonths(
  from: string,
  to: string,
): { months: [string, string] | null; days: [string, string][] } {
  const firstFull = from.endsWith('-01') ? from : addDays(monthEnd(from), 1);
  const lastFull = monthEnd(to) === to ? to : addDays(`${to.slice(0, 8)}01`, -1);
  if (firstFull > lastFull) return { months: null, days: [[from, to]] };
  const days: [string, string][] = [];
  if (from < firstFull) days.push([from, addDays(firstFull, -1)]);
  if (lastFull < to) days.push([addDays(lastFull, 1), to]);
  return { months: [firstFull.slice(0, 7), lastFull.slice(0, 7)], days };
}
