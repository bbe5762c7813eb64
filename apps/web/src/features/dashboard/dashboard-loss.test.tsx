import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Dashboard } from '@duka/domain';
import { json } from '../../test/history-fixtures';
import { makeSession, renderApp } from '../../test/render';
import { DashboardPage } from './dashboard-page';

const zero = { sales: 0, count: 0, profit: 0 };
const LOSS: Dashboard = {
  today: '2026-11-25',
  today_figures: { sales: 15_000, count: 1, profit: -14_902_707 },
  yesterday_figures: zero,
  days: [],
  top_products: [],
  low_stock: { count: 0, items: [] },
  debtors: { owed: 0, count: 0, over_limit: 0 },
  unconfirmed_transfers: { count: 0, amount: 0 },
  month: { start: '2026-11-01', expenses: 0, revenue: 0, profit: -1_234_567_890 },
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(json(url.startsWith('/api/getting-started') ? { steps: [] } : LOSS)),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('a loss on the dashboard', () => {
  // −KES 149,027.07 ran out of its card on a 390 px phone, and ten digits scrolled the page sideways
  it.each([
    ['dash-profit', /^−KES\s149,027\.07$/],
    ['dash-month', /^−KES\s12,345,678\.90$/],
  ])('is fitted to its card (%s) as a gain is, red, with its minus sign', async (testId, text) => {
    await renderApp(<DashboardPage />, { session: makeSession({ role: 'admin' }) });
    const card = await screen.findByTestId(testId);
    expect(card.style.containerType).toBe('inline-size');
    const fitted = card.querySelector<HTMLElement>('[data-fit-amount]');
    expect(fitted).toHaveTextContent(text);
    expect(fitted!.parentElement!.style.color).toBe('var(--mantine-color-error)');
  });

  it('leaves a gain in the card’s own colour', async () => {
    await renderApp(<DashboardPage />, { session: makeSession({ role: 'admin' }) });
    const fitted = (await screen.findByTestId('dash-sales')).querySelector<HTMLElement>('[data-fit-amount]');
    expect(fitted).toHaveTextContent(/^KES\s150\.00$/);
    expect(fitted!.parentElement!.style.color).toBe('');
  });
});
