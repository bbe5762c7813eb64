import { dateTimeFormat } from '@duka/domain';

/**
 * A business day ('YYYY-MM-DD') as people type it in the business's locale: "05/11/2026" in Kenya,
 * "05.11.2026" in German, "11/05/2026" in the United States. The browser's own date field shows
 * the browser's format whatever language Duka is in (a Spanish shop on an English browser saw the
 * month first), so the day fields format and read the text themselves.
 */

type Part = 'day' | 'month' | 'year';

const NUMERIC = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' } as const;

/** The order of day, month and year in the locale's numeric date, and what separates them. */
export function dayOrder(locale: string): { order: Part[]; separator: string } {
  const parts = dateTimeFormat(locale, NUMERIC).formatToParts(Date.UTC(2026, 10, 5));
  const order = parts
    .map((p) => p.type)
    .filter((t): t is Part => t === 'day' || t === 'month' || t === 'year');
  const separator = parts.find((p) => p.type === 'literal')?.value ?? '/';
  return order.length === 3 ? { order, separator } : { order: ['day', 'month', 'year'], separator: '/' };
}

/** 'YYYY-MM-DD' as the locale writes it in digits ('' for none or a text that is not a day). */
export function formatDayText(locale: string, day: string | null | undefined): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!m) return '';
  return dateTimeFormat(locale, NUMERIC).format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

/**
 * The day a person typed ('YYYY-MM-DD'), in the locale's order with a four-digit year, or as ISO;
 * null when it is no day (yet).
 */
export function parseDayText(locale: string, text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (iso) return dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const groups = t.match(/\d+/g);
  if (!groups || groups.length !== 3 || /[^\d\s./,-]/.test(t)) return null;
  const { order } = dayOrder(locale);
  const at = (p: Part) => groups[order.indexOf(p)]!;
  // Four digits only: the field reads the text at every key, and "1/12/20", on the way to
  // "1/12/2026", would be a day of 2020 for a moment (a report asked for six years, refused).
  if (at('year').length !== 4) return null;
  return dayOf(Number(at('year')), Number(at('month')), Number(at('day')));
}

/** The day of those numbers, when it exists (no 31 April, no 29 February out of a leap year). */
function dayOf(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The field's hint, the locale's order in the language's letters: "DD/MM/YYYY", "TT.MM.JJJJ". */
export function dayPattern(locale: string, letters: Record<Part, string>): string {
  const { order, separator } = dayOrder(locale);
  return order.map((p) => letters[p]).join(separator);
}
