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

/**
 * The currencies whose minor unit has no digits, and those with three; every other has two. Fixed
 * here, never read from the runtime: every amount is stored in minor units, and CLDR moves (the QA:
 * Chromium 156 writes RSD with no decimals where Node 20 writes two, so a price stored as 120.00
 * RSD showed as 12.000 RSD on the screen and 120,00 on the receipt, and a tendered amount would have
 * been sent a hundred times too small). These are Node 20's (ICU 78.2), the digits the server has
 * stored amounts in from the start. Codes of three letters, one space apart.
 */
const NO_MINOR =
  'AFN ALL BIF CLP COP DJF GNF HUF IDR IQD IRR ISK JPY KMF KPW KRW LAK LBP MGA MMK PKR PYG RWF SLL SOS SYP UGX VND VUV XAF XOF XPF YER';
const THREE_MINOR = 'BHD JOD KWD LYD OMR TND';

/** Digits of the currency's minor unit (KES 2, JPY 0, BHD 3), the same on every runtime. */
export function currencyMinorDigits(code: string): number {
  if (!/^[A-Z]{3}$/.test(code)) return 2;
  return NO_MINOR.includes(code) ? 0 : THREE_MINOR.includes(code) ? 3 : 2;
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
 * The currencies that name one country, whose region is the code's first two letters (KES: KE): it
 * picks the business's date order (`en` alone is US month/day; a Kenyan shop writes 24/11/2026).
 * Currencies shared by many countries (EUR, USD, XOF…) are left out.
 */
const ONE_COUNTRY =
  'KES UGX TZS RWF BIF ETB SOS SSP NGN GHS ZAR ZMW MWK BWP NAD MZN AOA CVE BRL MXN ARS COP CLP PEN INR PKR GBP CHF CAD AUD NZD';

/**
 * The locale a business's documents use for dates and numbers: its language in the region of its
 * currency (`en` + KES → `en-KE`, 24/11/2026), else the language itself, except that English
 * without a region is written day first (`en-GB`), as most English-speaking shops outside the
 * United States write dates.
 */
export function businessLocale(language: string, currency: string): string {
  if (/^[A-Z]{3}$/.test(currency) && ONE_COUNTRY.includes(currency)) {
    const tag = `${language}-${currency.slice(0, 2)}`;
    if (localeExists(tag)) return tag;
  }
  return language === 'en' ? 'en-GB' : language;
}

const localeExists = memo((tag) => Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0);
