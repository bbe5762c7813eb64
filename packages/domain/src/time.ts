/**
 * Business days. A shop's day runs from midnight to midnight in its own time zone, also on the
 * days a daylight-saving change makes 23 or 25 hours long. Days are written `YYYY-MM-DD`.
 */
import { memo } from './intl-formats.js';

/** The parts of a moment in a zone, by one kept formatter per zone (made once: ~100 µs). */
const formatterOf = memo(
  (timeZone) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);

function partsOf(instant: number, timeZone: string) {
  const p: Record<string, string> = {};
  for (const x of formatterOf(timeZone).formatToParts(new Date(instant))) p[x.type] = x.value;
  return p;
}

/**
 * The last day asked per time zone, by the second it was asked for: a server records every sale
 * of a second in the same day, and `formatToParts` was 1-2% of a sale's CPU (issue 21). Exact,
 * because a day starts on a whole second (time zone offsets are whole seconds).
 */
const lastDay = new Map<string, { second: number; day: string }>();

/** The business day (`YYYY-MM-DD`) an instant falls on in a time zone. */
export function businessDay(instant: string | Date | number, timeZone: string): string {
  const ms = typeof instant === 'number' ? instant : new Date(instant).getTime();
  const second = Math.floor(ms / 1000);
  const last = lastDay.get(timeZone);
  if (last && last.second === second) return last.day;
  const p = partsOf(ms, timeZone);
  const day = `${p.year}-${p.month}-${p.day}`;
  if (Number.isFinite(second)) lastDay.set(timeZone, { second, day });
  return day;
}

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** `day` moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The first instant (UTC ms) of a business day: local midnight, or the first moment after it
 * where a daylight-saving jump skips midnight. */
export function dayStart(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // Time zones sit within UTC−12…+14: the start is within a day of the UTC midnight. Search the
  // first minute whose local day is `day` or later.
  let lo = guess - 15 * 3600_000;
  let hi = guess + 15 * 3600_000;
  while (hi - lo > 60_000) {
    const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
    if (businessDay(mid, timeZone) >= day) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The instants `[from, to)` (ISO, UTC) of business days `first`…`last` inclusive. */
export function dayRange(first: string, last: string, timeZone: string): { from: string; to: string } {
  return {
    from: new Date(dayStart(first, timeZone)).toISOString(),
    to: new Date(dayStart(addDays(last, 1), timeZone)).toISOString(),
  };
}
