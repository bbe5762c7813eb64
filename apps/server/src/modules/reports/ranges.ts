import { MAX_REPORT_DAYS, addDays, monthEnd, monthStart, reportRangeProblem } from '@duka/domain';
import { AppError } from '../../lib/errors.js';

/** Refuses a range that ends before it starts or is longer than a report covers (the domain's rule). */
export function checkRange(from: string, to: string): void {
  const problem = reportRangeProblem(from, to);
  if (problem === 'backwards')
    throw new AppError('validation_failed', 'The end of the range is before its start', 'to');
  if (problem === 'tooLong')
    throw new AppError('validation_failed', `A report covers at most ${MAX_REPORT_DAYS} days`, 'from');
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
  const lastFull = monthEnd(to) === to ? to : addDays(monthStart(to), -1);
  if (firstFull > lastFull) return { months: null, days: [[from, to]] };
  const days: [string, string][] = [];
  if (from < firstFull) days.push([from, addDays(firstFull, -1)]);
  if (lastFull < to) days.push([addDays(lastFull, 1), to]);
  return { months: [firstFull.slice(0, 7), lastFull.slice(0, 7)], days };
}
