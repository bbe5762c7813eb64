import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../test/render';
import { useFormat } from './format';

const AT = '2026-11-24T09:26:00Z'; // 12:26 in Nairobi

async function formatIn(lng: 'en' | 'es', business?: { currency: string; timezone: string }) {
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
