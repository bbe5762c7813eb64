import { memo } from './intl-formats.js';

/** The interface languages (seed spec §1, §9); the first is the fallback. */
export const LANGUAGES = ['en', 'es', 'pt', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

let currencies: Set<string> | undefined;

/** Whether `code` is an ISO 4217 currency code this runtime knows. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

const minorDigitsOf = memo(
  (code) =>
    new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits ?? 2,
);

/** Digits of the currency's minor unit (KES 2, JPY 0, BHD 3). */
export function currencyMinorDigits(code: string): number {
  return minorDigitsOf(code);
}

/** Whether `zone` is an IANA time zone name (e.g. Africa/Nairobi, UTC). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Formats an amount in minor units as money in the business currency for a language:
 * `formatMoney(125000, 'KES', 'en')` → "KES 1,250.00". Integer arithmetic until the last step.
 */
export function formatMoney(minor: number, currency: string, language: string): string {
  const digits = currencyMinorDigits(currency);
  return moneyFormatOf(`${language}|${currency}`).format(minor / 10 ** digits);
}

const moneyFormatOf = memo((key) => {
  const [language, currency] = key.split('|') as [string, string];
  const digits = currencyMinorDigits(currency);
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
});

/**
 * The region a currency names, where the currency is one country's: it picks the business's
 * date order (`en` alone is US month/day; a Kenyan shop writes 24/11/2026). Currencies shared by
 * many countries (EUR, USD, XOF…) are left out.
 */
const CURRENCY_REGION: Readonly<Record<string, string>> = {
  KES: 'KE',
  UGX: 'UG',
  TZS: 'TZ',
  RWF: 'RW',
  BIF: 'BI',
  ETB: 'ET',
  SOS: 'SO',
  SSP: 'SS',
  NGN: 'NG',
  GHS: 'GH',
  ZAR: 'ZA',
  ZMW: 'ZM',
  MWK: 'MW',
  BWP: 'BW',
  NAD: 'NA',
  MZN: 'MZ',
  AOA: 'AO',
  CVE: 'CV',
  BRL: 'BR',
  MXN: 'MX',
  ARS: 'AR',
  COP: 'CO',
  CLP: 'CL',
  PEN: 'PE',
  INR: 'IN',
  PKR: 'PK',
  GBP: 'GB',
  CHF: 'CH',
  CAD: 'CA',
  AUD: 'AU',
  NZD: 'NZ',
};

/**
 * The locale a business's documents use for dates and numbers: its language in the region of its
 * currency (`en` + KES → `en-KE`, 24/11/2026), else the language itself, except that English
 * without a region is written day first (`en-GB`), as most English-speaking shops outside the
 * United States write dates.
 */
export function businessLocale(language: string, currency: string): string {
  const region = CURRENCY_REGION[currency];
  if (region) {
    const tag = `${language}-${region}`;
    if (localeExists(tag)) return tag;
  }
  return language === 'en' ? 'en-GB' : language;
}

const localeExists = memo((tag) => Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0);
