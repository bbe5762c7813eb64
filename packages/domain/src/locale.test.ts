import { describe, expect, it } from 'vitest';
import { businessLocale, currencyMinorDigits, formatMoney, isCurrencyCode, isTimeZone } from './locale.js';

describe('locale', () => {
  it('knows ISO 4217 codes and their minor digits', () => {
    expect(isCurrencyCode('KES')).toBe(true);
    expect(isCurrencyCode('kes')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect(currencyMinorDigits('KES')).toBe(2);
    expect(currencyMinorDigits('JPY')).toBe(0);
    expect(currencyMinorDigits('BHD')).toBe(3);
  });

  // The QA: Chromium 156's CLDR writes RSD with no decimals, Node 20's with two: the screen showed a
  // price a hundred times the receipt's. The digits are fixed, whatever the runtime says.
  it('gives every currency the same minor digits on every runtime, whatever its CLDR says', () => {
    const digits = (code: string) => currencyMinorDigits(code);
    expect(['RSD', 'KES', 'EUR', 'SLE', 'ZWG', 'XCG', 'TZS'].map(digits)).toEqual([2, 2, 2, 2, 2, 2, 2]);
    expect(['UGX', 'RWF', 'XOF', 'HUF', 'IDR', 'COP', 'PKR', 'KRW'].map(digits)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(['KWD', 'JOD', 'OMR', 'TND', 'LYD'].map(digits)).toEqual([3, 3, 3, 3, 3]);
    // not a code: two, as before
    expect(['', 'XO', 'F X'].map(digits)).toEqual([2, 2, 2]);
    const real = Intl.NumberFormat;
    try {
      // a runtime whose CLDR says otherwise changes nothing
      Intl.NumberFormat = function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        const f = new real(...args);
        return Object.assign(Object.create(f) as Intl.NumberFormat, {
          resolvedOptions: () => ({ ...f.resolvedOptions(), maximumFractionDigits: 0 }),
        });
      } as unknown as typeof Intl.NumberFormat;
      expect(digits('RSD')).toBe(2);
    } finally {
      Intl.NumberFormat = real;
    }
    expect(formatMoney(12_000, 'RSD', 'de').replace(/\s/g, ' ')).toBe('120,00 RSD');
  });

  it('knows IANA time zones', () => {
    expect(isTimeZone('Africa/Nairobi')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('formats minor units for the language', () => {
    expect(formatMoney(125000, 'KES', 'en')).toBe('KES\u00a01,250.00');
    expect(formatMoney(125000, 'EUR', 'de')).toBe('1.250,00\u00a0EUR');
    expect(formatMoney(1250, 'JPY', 'en')).toBe('JPY\u00a01,250');
    expect(formatMoney(-5, 'KES', 'en')).toBe('-KES\u00a00.05');
  });
});

describe('kept formatters', () => {
  it('keep each language and currency apart, asked in any order and again', () => {
    const asks: [number, string, string, string][] = [
      [125000, 'KES', 'en', 'KES 1,250.00'],
      [125000, 'KES', 'de', '1.250,00 KES'],
      [1250, 'JPY', 'en', 'JPY 1,250'],
      [125000, 'KES', 'en', 'KES 1,250.00'],
      [1250, 'JPY', 'de', '1.250 JPY'],
      [125000, 'EUR', 'de', '1.250,00 EUR'],
    ];
    for (let round = 0; round < 2; round++)
      for (const [minor, currency, language, shown] of asks)
        expect(formatMoney(minor, currency, language).replace(/\s/g, ' ')).toBe(shown);
    expect([businessLocale('en', 'KES'), businessLocale('de', 'KES'), businessLocale('en', 'KES')]).toEqual([
      'en-KE',
      'de-KE',
      'en-KE',
    ]);
    expect(() => formatMoney(1, 'XYZW', 'en')).toThrow();
  });
});

describe('businessLocale', () => {
  const day = (locale: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'Africa/Nairobi' }).format(
      new Date('2026-11-24T09:00:00Z'),
    );
  it('writes an English/Kenyan business day first, never US month/day', () => {
    expect(businessLocale('en', 'KES')).toBe('en-KE');
    expect(day(businessLocale('en', 'KES'))).toBe('24/11/2026');
    expect(day(businessLocale('en', 'EUR'))).toBe('24/11/2026');
    expect(businessLocale('de', 'EUR')).toBe('de');
    expect(businessLocale('pt', 'MZN')).toBe('pt-MZ');
  });
});
