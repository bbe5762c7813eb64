import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BASIS_POINTS, currencyMinorDigits, dateTimeFormat, numberFormat } from '@duka/domain';
import { readQuantity, useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import type { ReportRange } from './report-range';

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * Money on a chart axis: short (`KES 12K`), still in the business currency; grouped alike on every
 * tick, and no ',0' (German's compact form wrote 9000,0 KES beside 12.000,0 KES).
 */
export function compactMoney(minor: number, currency: string, lang: string): string {
  const value = minor / 10 ** currencyMinorDigits(currency);
  return numberFormat(lang, {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    notation: 'compact',
    useGrouping: 'always',
    minimumFractionDigits: 0,
    maximumFractionDigits: Math.abs(value) < 1000 ? 0 : 1,
  }).format(value);
}

/** A business day for people: `12 Mar 2025`, or short (`12 Mar`) under a chart. */
export function formatDay(day: string, lang: string, style: 'medium' | 'short' | 'month' = 'medium'): string {
  const opts: Intl.DateTimeFormatOptions =
    style === 'medium'
      ? { dateStyle: 'medium' }
      : style === 'short'
        ? { day: 'numeric', month: 'short' }
        : { month: 'short', year: 'numeric' };
  return dateTimeFormat(lang, { ...opts, timeZone: 'UTC' }).format(asDate(day));
}

/** A range for people: one day, or `1 Mar 2025 – 31 Mar 2025`. */
export function formatRange(r: ReportRange, lang: string): string {
  if (r.from === r.to) return formatDay(r.from, lang);
  return dateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
    asDate(r.from),
    asDate(r.to),
  );
}

/** A ratio as a signed percentage: `+12.5 %`, `−3 %`. */
export function formatRatio(ratio: number, lang: string): string {
  return numberFormat(lang, {
    style: 'percent',
    maximumFractionDigits: Math.abs(ratio) < 0.1 ? 1 : 0,
    signDisplay: 'exceptZero',
  }).format(ratio);
}

/** Basis points as a percentage: 2550 → `25.5 %`. */
export function formatBp(bp: number | null, lang: string): string {
  if (bp === null) return '—';
  return numberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(bp / BASIS_POINTS);
}

/** The formatters of a report screen, in the language and the business's currency. */
export function useReportFormat() {
  const { i18n } = useTranslation();
  const session = useSession();
  const { money, dateTime, held } = useFormat(session.business);
  const lang = i18n.language;
  const currency = session.business.currency;
  return useMemo(
    () => ({
      lang,
      money,
      dateTime,
      compact: (minor: number) => compactMoney(minor, currency, lang),
      day: (d: string, style?: 'medium' | 'short' | 'month') => formatDay(d, lang, style),
      range: (r: ReportRange) => formatRange(r, lang),
      ratio: (r: number) => formatRatio(r, lang),
      bp: (bp: number | null) => formatBp(bp, lang),
      count: (n: number) => numberFormat(lang).format(n),
      // below zero with a true minus sign, as the stock screens and money write it
      quantity: (thousandths: number) => readQuantity(thousandths, lang),
      held,
    }),
    [lang, money, dateTime, currency, held],
  );
}
