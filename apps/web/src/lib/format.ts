import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@duka/domain';

/** Money and dates formatted for the language and the business's currency and time zone. */
export function useFormat(business?: { currency: string; timezone: string }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const money = useCallback(
    (minor: number) => formatMoney(minor, business?.currency ?? 'KES', lang),
    [business?.currency, lang],
  );
  const dateTime = useCallback(
    (iso: string | null | undefined) => {
      if (!iso) return '—';
      const d = new Date(iso);
      if (Number.isNaN(d.getTime())) return '—';
      return new Intl.DateTimeFormat(lang, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: business?.timezone,
      }).format(d);
    },
    [business?.timezone, lang],
  );
  return { money, dateTime };
}

/** Tabular figures that do not wrap, for money and quantity columns. */
export const TABULAR = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
