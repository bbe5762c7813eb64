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

/** One read of a product summary: `sign` 1 adds its figures, -1 takes them away. */
export interface SummaryPart {
  table: 'month' | 'day';
  /** Months (`YYYY-MM`) for the monthly summary, days for the daily one. */
  from: string;
  to: string;
  sign: 1 | -1;
}

const dayCount = (a: string, b: string) =>
  (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000 + 1;

/**
 * The product summaries to read for `from`…`to`: whole months from the monthly summary; a month the
 * range covers only in part from the daily summary, or, when the range covers most of it, as the
 * month less its days outside the range (the monthly summary is the sum of the daily one, written
 * in the same transaction), so at most about half a month of daily rows is read at either end.
 */
export function productSummaryParts(from: string, to: string): SummaryPart[] {
  const split = splitByMonths(from, to);
  const parts: SummaryPart[] = [];
  if (split.months) parts.push({ table: 'month', from: split.months[0], to: split.months[1], sign: 1 });
  for (const [pieceFrom, pieceTo] of split.days) {
    for (let a = pieceFrom; a <= pieceTo; a = addDays(monthEnd(a), 1)) {
      const b = monthEnd(a) < pieceTo ? monthEnd(a) : pieceTo;
      const first = monthStart(a);
      const last = monthEnd(a);
      if (dayCount(first, last) - dayCount(a, b) >= dayCount(a, b)) {
        parts.push({ table: 'day', from: a, to: b, sign: 1 });
        continue;
      }
      parts.push({ table: 'month', from: a.slice(0, 7), to: a.slice(0, 7), sign: 1 });
      if (first < a) parts.push({ table: 'day', from: first, to: addDays(a, -1), sign: -1 });
      if (b < last) parts.push({ table: 'day', from: addDays(b, 1), to: last, sign: -1 });
    }
  }
  return parts;
}
