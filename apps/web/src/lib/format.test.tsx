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
