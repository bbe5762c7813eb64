import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ProfitReport, SalesReport } from '@duka/domain';
import { json } from '../../test/history-fixtures';
import { makeSession, renderApp } from '../../test/render';
import { ProfitReportPage } from './profit-report-page';
import { SalesReportPage } from './sales-report-page';

/**
 * A loss (or the reversals) on a report's cards, in red with its minus sign, fits its card as a gain
 * does: −KES 149,027.07 ran out of its card on a 390 px phone, and ten digits scrolled the page.
 */

const RANGE = { from: '2026-03-11', to: '2026-03-11', location_id: null };

function fakeServer(reports: { profit?: ProfitReport; sales?: SalesReport }) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('/api/reports/profit?') && reports.profit)
        return Promise.resolve(json(reports.profit));
      if (url.startsWith('/api/reports/sales?') && reports.sales) return Promise.resolve(json(reports.sales));
      if (url.startsWith('/api/locations')) return Promise.resolve(json([]));
      return Promise.resolve(json({ error: { code: 'not_found', message: 'Not here' } }, 404));
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

/** The card's value as fitted to it (the text a positive amount is fitted in). */
async function fittedValue(testId: string) {
  const card = await screen.findByTestId(testId);
  expect(card.style.containerType).toBe('inline-size');
  const fitted = card.querySelector<HTMLElement>('[data-fit-amount]');
  expect(fitted).not.toBeNull();
  return fitted!;
}

/** The colour given to the value (its text, the fitted amount's box). */
const colorOf = (fitted: HTMLElement) => fitted.parentElement!.style.color;

describe('a negative amount on a report card', () => {
  it('fits the gross and net loss to their cards, red, with a minus sign', async () => {
    const zero = { revenue: 0, cogs: 0, gross_profit: 0, margin_bp: null, expenses: 0, net_profit: 0 };
    fakeServer({
      profit: {
        ...RANGE,
        period: 'day',
        totals: {
          ...zero,
          tax: 0,
          cogs: 250_000,
          gross_profit: -250_000,
          expenses: 14_652_707,
          net_profit: -14_902_707,
        },
        periods: [],
      },
    });
    await renderApp(<ProfitReportPage />, { session: makeSession({ role: 'admin' }) });
    const net = await fittedValue('kpi-net-profit');
    expect(net).toHaveTextContent(/^−KES\s149,027\.07$/);
    expect(colorOf(net)).toBe('var(--mantine-color-error)');
    const gross = await fittedValue('kpi-gross');
    expect(gross).toHaveTextContent(/^−KES\s2,500\.00$/);
    expect(colorOf(gross)).toBe('var(--mantine-color-error)');
    // a gain stays as it was: fitted, in the card's own colour
    const revenue = await fittedValue('kpi-revenue');
    expect(colorOf(revenue)).toBe('');
  });

  it('fits the reversals to their card, red, with a minus sign', async () => {
    const none = { sales_count: 0, sales_total: 0, reversals_count: 0, reversals_total: 0, net: 0 };
    fakeServer({
      sales: {
        ...RANGE,
        totals: {
          ...none,
          reversals_count: 3,
          reversals_total: 1_234_567_890,
          tax: 0,
          discount: 0,
          average_sale: 0,
        },
        by_day: [],
        by_product: [],
        by_category: [],
        by_cashier: [],
        by_location: [],
        by_kind: [],
      },
    });
    await renderApp(<SalesReportPage />, { session: makeSession({ role: 'admin' }) });
    const fitted = await fittedValue('kpi-reversals');
    expect(fitted).toHaveTextContent(/^−KES\s12,345,678\.90$/);
    expect(colorOf(fitted)).toBe('var(--mantine-color-error)');
  });
});
