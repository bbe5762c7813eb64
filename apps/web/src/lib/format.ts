import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BASIS_POINTS,
  businessDay,
  businessLocale,
  dateTimeFormat,
  divRound,
  formatLocalQuantity,
  formatMoney,
  numberFormat,
  relativeTimeFormat,
} from '@duka/domain';

/** A quantity to read, below zero with a true minus sign (Intl writes a hyphen in most languages). */
export const readQuantity = (thousandths: number, lang: string) =>
  formatLocalQuantity(thousandths, lang).replace('-', '−');

/**
 * Money and dates formatted for the language and the business's currency and time zone. Dates
 * follow the business's locale as its receipts do (English in Kenya: 26 Nov 2026, 14:05, never the
 * US month first); without a business, the language's own.
 */
export function useFormat(business?: { currency: string; timezone: string }) {
  const { i18n, t } = useTranslation();
  const lang = i18n.language;
  const dates = business ? businessLocale(lang, business.currency) : lang;
  /** Money to read; below zero with a true minus sign, as `signedMoney` writes it (not a hyphen). */
  const money = useCallback(
    (minor: number) => {
      const text = formatMoney(Math.abs(minor), business?.currency ?? 'KES', lang);
      return minor < 0 ? `−${text}` : text;
    },
    [business?.currency, lang],
  );
  /** Money with its sign written out: +KES 5.00, −KES 10.00 (a true minus sign), KES 0.00. */
  const signedMoney = useCallback(
    (minor: number) => `${minor > 0 ? '+' : minor < 0 ? '−' : ''}${money(Math.abs(minor))}`,
    [money],
  );
  const dateTime = useCallback(
    (iso: string | null | undefined) => {
      if (!iso) return '—';
      const d = new Date(iso);
      if (Number.isNaN(d.getTime())) return '—';
      return dateTimeFormat(dates, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: business?.timezone,
      }).format(d);
    },
    [business?.timezone, dates],
  );
  const time = useCallback(
    (iso: string | null | undefined, nowMs: number) => clockTime(dates, business?.timezone, iso, nowMs),
    [business?.timezone, dates],
  );
  /** A past moment from now ("2 minutes ago"); one a little ahead of `nowMs` (a clock apart) is "now". */
  const ago = useCallback(
    (iso: string | null | undefined, nowMs: number) =>
      iso ? relativeTime(lang, Math.min(0, Date.parse(iso) - nowMs)) : '—',
    [lang],
  );
  const span = useCallback((ms: number) => spanText(lang, ms), [lang]);
  const count = useCallback((n: number) => numberFormat(lang).format(n), [lang]);
  /**
   * Thousandths to read ("1,5" in German, "1,234.5" in English), below zero with a true minus sign
   * as money has it ("−3.5" beside "−KES 355.00"); an input's text stays `formatQuantity`.
   */
  const quantity = useCallback((thousandths: number) => readQuantity(thousandths, lang), [lang]);
  /**
   * A quantity with its unit, in the number the language gives it: "1 litre", "86 litres",
   * "1,5 litro" (pt: one up to 2), "15 Packungen"; a unit without words, as stored.
   */
  const held = useCallback(
    (thousandths: number, unit: string) =>
      t(`stock.held.${unit}`, {
        count: thousandths / 1000,
        n: readQuantity(thousandths, lang),
        defaultValue: `${readQuantity(thousandths, lang)} ${unit}`,
      }),
    [t, lang],
  );
  /** Basis points as a percentage to read: 1250 → "12.5%" (en), "12,5 %" (de). */
  const percent = useCallback(
    (bp: number) =>
      numberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(bp / BASIS_POINTS),
    [lang],
  );
  /** An amount as it is typed, in the language's decimal sign, ungrouped (a placeholder): "12,50". */
  const typedAmount = useCallback(
    (minor: number, digits: number) => typedAmountText(lang, minor, digits),
    [lang],
  );
  return { money, signedMoney, dateTime, time, ago, span, count, quantity, held, percent, typedAmount };
}

/**
 * Minor units in major units as a person types them: the language's decimal sign, no grouping (what
 * lib/typed-number reads back), no currency: 125050 → "1250,50" (de).
 */
export function typedAmountText(lang: string, minor: number, digits: number): string {
  const sign = minor < 0 ? '-' : '';
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${s}`;
  const decimal =
    numberFormat(lang)
      .formatToParts(0.5)
      .find((p) => p.type === 'decimal')?.value ?? '.';
  return `${sign}${s.slice(0, -digits)}${decimal}${s.slice(-digits)}`;
}

/** Bytes in megabytes with one decimal, for the language: "2.5 MB", "2,5 MB". */
export const megabytesText = (lang: string, bytes: number) =>
  numberFormat(lang, {
    style: 'unit',
    unit: 'megabyte',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(bytes / 1_000_000);

/** "2 minutes ago", "in 3 hours": a moment `deltaMs` from now, in the largest unit, to the nearest. */
export function relativeTime(lang: string, deltaMs: number): string {
  const rtf = relativeTimeFormat(lang, { numeric: 'auto' });
  const s = Math.trunc(deltaMs / 1000);
  if (Math.abs(s) < 60) return rtf.format(s, 'second');
  const m = divRound(s, 60);
  if (Math.abs(m) < 60) return rtf.format(m, 'minute');
  const h = divRound(s, 3600);
  if (Math.abs(h) < 24) return rtf.format(h, 'hour');
  return rtf.format(divRound(s, 86_400), 'day');
}

/** "3 hr 2 min", "45 sec", "2 days 4 hr": a length of time in its two largest units. */
export function spanText(lang: string, ms: number): string {
  const unit = (n: number, u: 'day' | 'hour' | 'minute' | 'second') =>
    numberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);
  const total = Math.trunc(Math.abs(ms) / 1000);
  const [d, h, m] = [Math.trunc(total / 86_400), Math.trunc(total / 3600) % 24, Math.trunc(total / 60) % 60];
  if (d > 0) return h > 0 ? `${unit(d, 'day')} ${unit(h, 'hour')}` : unit(d, 'day');
  if (h > 0) return m > 0 ? `${unit(h, 'hour')} ${unit(m, 'minute')}` : unit(h, 'hour');
  return m > 0 ? unit(m, 'minute') : unit(total, 'second');
}

/** The time of day of a moment of today (in the business's zone), else its date and time. */
function clockTime(
  lang: string,
  timeZone: string | undefined,
  iso: string | null | undefined,
  nowMs: number,
) {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const zone = timeZone ?? dateTimeFormat().resolvedOptions().timeZone;
  const today = businessDay(d, zone) === businessDay(nowMs, zone);
  return dateTimeFormat(lang, {
    ...(today ? {} : { dateStyle: 'medium' }),
    timeStyle: 'short',
    timeZone,
  }).format(d);
}

/** Tabular figures that do not wrap, for money and quantity columns. */
export const TABULAR = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
