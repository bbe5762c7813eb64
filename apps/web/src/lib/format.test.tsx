import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../test/render';
import { megabytesText, useFormat } from './format';

const AT = '2026-11-24T09:26:00Z'; // 12:26 in Nairobi

async function formatIn(lng: 'en' | 'es' | 'de' | 'pt', business?: { currency: string; timezone: string }) {
  const i18n = await testI18n(lng);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  return renderHook(() => useFormat(business), { wrapper }).result.current;
}

describe('dates on screen follow the business locale, as receipts do (issue 16)', () => {
  it('an English shop in Kenya reads the day first and a 24-hour clock, never the US month first', async () => {
    const f = await formatIn('en', { currency: 'KES', timezone: 'Africa/Nairobi' });
    expect(f.dateTime(AT)).toBe('24 Nov 2026, 12:26');
  });

  it('a Spanish screen keeps the Spanish words in the same order', async () => {
    const f = await formatIn('es', { currency: 'KES', timezone: 'Africa/Nairobi' });
    expect(f.dateTime(AT)).toMatch(/^24 nov 2026, 12:26$/);
  });

  it('money keeps the language of the screen', async () => {
    const f = await formatIn('en', { currency: 'KES', timezone: 'Africa/Nairobi' });
    expect(f.money(123_456)).toMatch(/^KES\s?1,234\.56$/);
  });

  it('a quantity with its unit takes the number its language gives it', async () => {
    const en = await formatIn('en', { currency: 'KES', timezone: 'Africa/Nairobi' });
    expect([en.held(1_000, 'litre'), en.held(86_000, 'litre'), en.held(1_500, 'kg')]).toEqual([
      '1 litre',
      '86 litres',
      '1.5 kg',
    ]);
    const es = await formatIn('es', { currency: 'KES', timezone: 'Africa/Nairobi' });
    expect([es.held(15_000, 'pack'), es.held(1_000, 'pack')]).toEqual(['15 paquetes', '1 paquete']);
    const pt = await formatIn('pt', { currency: 'BRL', timezone: 'America/Sao_Paulo' });
    expect([pt.held(1_500, 'litre'), pt.held(2_000, 'litre')]).toEqual(['1,5 litro', '2 litros']);
    const de = await formatIn('de', { currency: 'EUR', timezone: 'Europe/Berlin' });
    expect(de.held(15_000, 'pack')).toBe('15 Packungen');
  });

  it('money below zero takes a true minus sign before it, as signed amounts do, in every language', async () => {
    const en = await formatIn('en', { currency: 'KES', timezone: 'Africa/Nairobi' });
    expect(en.money(-35_334)).toMatch(/^−KES\s?353\.34$/);
    expect(en.money(-35_334)).toBe(en.signedMoney(-35_334));
    const es = await formatIn('es', { currency: 'KES', timezone: 'Africa/Nairobi' });
    expect(es.money(-24_834)).toMatch(/^−248,34\sKES$/);
  });
});

describe('quantities, percentages and typed amounts follow the language', () => {
  it('a quantity: exact thousandths, the decimal sign and grouping of the language', async () => {
    const de = await formatIn('de');
    expect(de.quantity(1500)).toBe('1,5');
    // below zero with a true minus sign, as money has it
    expect(de.quantity(-1500)).toBe('−1,5');
    expect(de.held(-2000, 'pack')).toBe('−2 Packungen');
    expect(de.quantity(1)).toBe('0,001');
    expect(de.quantity(123_456_789_123)).toBe('123.456.789,123');
    expect((await formatIn('es')).quantity(1_000_000_000)).toBe('1.000.000');
    expect((await formatIn('en')).quantity(1_234_500)).toBe('1,234.5');
  });

  it('a percentage from basis points', async () => {
    expect((await formatIn('de')).percent(1250)).toMatch(/^12,5\s%$/);
    expect((await formatIn('en')).percent(1650)).toBe('16.5%');
    expect((await formatIn('pt')).percent(1000)).toBe('10%');
  });

  it('an amount as it is typed: the decimal sign of the language, no grouping, no currency', async () => {
    expect((await formatIn('de')).typedAmount(125_050, 2)).toBe('1250,50');
    expect((await formatIn('en')).typedAmount(125_050, 2)).toBe('1250.50');
    expect((await formatIn('es')).typedAmount(5, 2)).toBe('0,05');
    expect((await formatIn('de')).typedAmount(700, 0)).toBe('700');
  });
});

describe('sizes follow the language', () => {
  it('writes a backup or an image store in megabytes with one decimal, as the language does', () => {
    expect(megabytesText('de', 2_456_789)).toBe('2,5 MB');
    expect(megabytesText('en', 12_345_678_901)).toBe('12,345.7 MB');
  });
});

describe('a list formats its rows with formatters made once (issue 21)', () => {
  it('a hundred rows of dates, times, counts and spans make no formatter after the first of each', async () => {
    const f = await formatIn('en', { currency: 'KES', timezone: 'Africa/Nairobi' });
    const rows = () => {
      for (let i = 0; i < 100; i++) {
        f.dateTime(AT);
        f.time(AT, Date.parse(AT));
        f.ago(AT, Date.parse(AT) + 120_000);
        f.count(i);
        f.span(i * 61_000);
      }
    };
    rows(); // the first of each is made here
    const made = { dates: 0, numbers: 0, relative: 0 };
    const real = { dt: Intl.DateTimeFormat, nf: Intl.NumberFormat, rtf: Intl.RelativeTimeFormat };
    const counted = <T extends object>(ctor: T, key: keyof typeof made): T =>
      new Proxy(ctor, {
        construct(target, args) {
          made[key] += 1;
          return Reflect.construct(target as never, args);
        },
      });
    Object.assign(Intl, {
      DateTimeFormat: counted(real.dt, 'dates'),
      NumberFormat: counted(real.nf, 'numbers'),
      RelativeTimeFormat: counted(real.rtf, 'relative'),
    });
    try {
      rows();
    } finally {
      Object.assign(Intl, { DateTimeFormat: real.dt, NumberFormat: real.nf, RelativeTimeFormat: real.rtf });
    }
    expect(made).toEqual({ dates: 0, numbers: 0, relative: 0 });
  });
});
