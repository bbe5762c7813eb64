import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProfitReport, WeekStart } from '@duka/domain';
import { json } from '../../test/history-fixtures';
import { makeSession, renderApp } from '../../test/render';
import { ProfitReportPage } from './profit-report-page';

/**
 * "This week" on a report starts on the business's first day of the week: on Wednesday 11 March
 * 2026 (Nairobi), from Monday the 9th, Sunday the 8th or Saturday the 7th.
 */

/** Stubs fetch: a profit report of nothing for the range asked; returns the reports asked for. */
function fakeServer(): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('/api/reports/profit?')) {
        asked.push(url);
        const q = new URL(url, 'http://duka.test').searchParams;
        const zero = { revenue: 0, cogs: 0, gross_profit: 0, margin_bp: null, expenses: 0, net_profit: 0 };
        const report: ProfitReport = {
          from: q.get('from')!,
          to: q.get('to')!,
          location_id: null,
          period: 'day',
          totals: { ...zero, tax: 0 },
          periods: [],
        };
        return Promise.resolve(json(report));
      }
      if (url.startsWith('/api/locations')) return Promise.resolve(json([]));
      return Promise.resolve(json({ error: { code: 'not_found', message: 'Not here' } }, 404));
    }),
  );
  return asked;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the "This week" preset of a report', () => {
  it.each([
    [1, 'Monday', '2026-03-09'],
    [0, 'Sunday', '2026-03-08'],
    [6, 'Saturday', '2026-03-07'],
  ] as const)('starts on the business’s first day (%s: %s)', async (first: WeekStart, _day, from) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-11T09:00:00.000Z')); // noon in Nairobi, a Wednesday
    const asked = fakeServer();
    const session = makeSession({ role: 'admin' });
    session.business = { ...session.business, week_start: first };
    await renderApp(<ProfitReportPage />, { session });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Period' }));
    await userEvent.click(await screen.findByRole('option', { name: 'This week' }));
    await waitFor(() => expect(asked).toContain(`/api/reports/profit?from=${from}&to=2026-03-11&period=day`));
  });
});
