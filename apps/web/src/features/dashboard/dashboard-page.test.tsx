import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Dashboard, GettingStarted } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { DashboardPage } from './dashboard-page';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const zero = { sales: 0, count: 0, profit: 0 };
const EMPTY: Dashboard = {
  today: '2026-11-25',
  today_figures: zero,
  yesterday_figures: zero,
  days: Array.from({ length: 30 }, (_, i) => ({ day: `2026-10-${String(i + 1).padStart(2, '0')}`, ...zero })),
  top_products: [],
  low_stock: { count: 0, items: [] },
  debtors: { owed: 0, count: 0, over_limit: 0 },
  unconfirmed_transfers: { count: 0, amount: 0 },
  month: { start: '2026-11-01', expenses: 0, revenue: 0, profit: 0 },
};
const steps = (done: string[]): GettingStarted => ({
  steps: (['products', 'receive', 'cashier', 'printer', 'providers', 'sale'] as const).map((id) => ({
    id,
    done: done.includes(id),
  })),
});

let dashboard: Dashboard;
let started: GettingStarted;
beforeEach(() => {
  dashboard = EMPTY;
  started = steps([]);
  document.cookie = 'duka_checklist_hidden=; path=/; max-age=0';
  document.cookie = 'duka_till=; path=/; max-age=0';
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(json(url.startsWith('/api/getting-started') ? started : dashboard)),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const open = (lng: 'en' | 'es' = 'en') =>
  renderApp(<DashboardPage />, { session: makeSession({ role: 'admin' }), lng });

describe('the dashboard of a new shop (issue 16)', () => {
  it('draws no chart of zeros: it says there are no sales yet', async () => {
    await open();
    const chart = await screen.findByTestId('dashboard-chart');
    expect(within(chart).getByTestId('chart-empty')).toHaveTextContent('No sales in these days yet.');
    expect(within(chart).queryByRole('img')).toBeNull();
  });

  it('never lists a product as "0 sold"', async () => {
    dashboard = {
      ...EMPTY,
      top_products: [
        { product_id: 'a', name: 'Rice', quantity: 1_000, net: 20_000 },
        { product_id: 'b', name: 'Salt', quantity: 0, net: 0 },
      ],
    };
    await open('es');
    const top = await screen.findByTestId('dash-top');
    expect(within(top).getByText('1 vendido')).toBeVisible();
    expect(within(top).queryByText('Salt')).toBeNull();
  });

  it('shows the checklist with its progress, each step linked to its screen', async () => {
    started = steps(['products', 'cashier']);
    await open();
    const list = await screen.findByTestId('getting-started');
    expect(within(list).getByText('2 of 6 done')).toBeVisible();
    expect(within(list).getByTestId('step-receive')).toHaveAttribute('href', '/addsupplierstock');
    expect(within(list).getByTestId('step-products')).toHaveAttribute('data-done', 'true');
    expect(within(list).getByTestId('step-sale')).not.toHaveAttribute('data-done');
  });

  it('ticks the printer on a till that chose the printer helper', async () => {
    document.cookie = `duka_till=${encodeURIComponent(JSON.stringify({ helper: true }))}; path=/`;
    await open();
    const list = await screen.findByTestId('getting-started');
    expect(within(list).getByTestId('step-printer')).toHaveAttribute('data-done', 'true');
  });

  it('goes once every step is done', async () => {
    started = steps(['products', 'receive', 'cashier', 'printer', 'providers', 'sale']);
    await open();
    await screen.findByTestId('dashboard');
    expect(screen.queryByTestId('getting-started')).toBeNull();
  });

  it('can be hidden, and stays hidden in this browser', async () => {
    const first = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Hide this list' }));
    expect(screen.queryByTestId('getting-started')).toBeNull();
    first.unmount();
    await open();
    await screen.findByTestId('dashboard');
    expect(screen.queryByTestId('getting-started')).toBeNull();
  });
});
