import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { json, stubFonts } from '../test/history-fixtures';
import { makeSession, renderApp } from '../test/render';
import { DebtorsPage } from '../features/debtors/debtors-page';
import { ExpensesPage } from '../features/expenses/expenses-page';
import { LocationsPage } from '../features/stock/locations-page';
import { ProductsPage } from '../features/stock/products-page';
import { SuppliersPage } from '../features/stock/suppliers-page';
import { TransfersPage } from '../features/transfers/transfers-page';

/**
 * A hosted copy a shop's PC keeps is read-only (ADR 11 §8): its lists offer no Add or Import (the
 * server refuses them with `business_synced_from_shop`; a QA pass found the buttons there,
 * answering a click with a refusal). Reading stays: the products' export is still offered.
 */
beforeAll(stubFonts);
afterEach(() => vi.unstubAllGlobals());

const pages: [string, () => ReactElement, string][] = [
  ['debtors', () => <DebtorsPage />, 'Add debtor'],
  ['expenses', () => <ExpensesPage />, 'Add expense'],
  ['locations', () => <LocationsPage />, 'Add location'],
  ['suppliers', () => <SuppliersPage />, 'Add supplier'],
  ['products', () => <ProductsPage />, 'Add product'],
];

describe('the lists of a read-only hosted copy', () => {
  it.each(pages)('%s: Add only where the business is kept here', async (_, page, add) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json({ error: { code: 'not_found', message: 'Not here' } }, 404))),
    );
    const view = await renderApp(page(), { session: makeSession({ role: 'admin' }) });
    expect(await screen.findByRole('button', { name: add })).toBeVisible();
    view.unmount();
    await renderApp(page(), { session: { ...makeSession({ role: 'admin' }), synced_from_shop: true } });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: add })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
  });

  it('products: the export stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json({ error: { code: 'not_found', message: 'Not here' } }, 404))),
    );
    await renderApp(<ProductsPage />, {
      session: { ...makeSession({ role: 'admin' }), synced_from_shop: true },
    });
    expect(await screen.findByRole('link', { name: /Export/ })).toBeVisible();
  });

  it.each([
    [false, 1],
    [true, 0],
  ])(
    'transfers: the admin confirms one only where the business is kept here (read-only %s)',
    async (kept, buttons) => {
      const transfer = {
        id: '0190b1a0-0000-7000-8000-0000000000a1',
        source: 'sale',
        source_id: '0190b1a0-0000-7000-8000-0000000000a2',
        receipt_no: '000042',
        provider_id: '0190b1a0-0000-7000-8000-0000000000a3',
        provider_name: 'M-Pesa',
        reference: 'QK7ABC123',
        amount: 45_000,
        location_id: '0190b1a0-0000-7000-8000-0000000000a4',
        location_name: 'Main shop',
        user_name: 'Grace',
        business_day: '2026-12-07',
        created_at: '2026-12-07T08:00:00.000Z',
        confirmed_at: null,
        confirmed_by_name: null,
      };
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string) =>
          Promise.resolve(
            url.startsWith('/api/transfers?')
              ? json({
                  items: [transfer],
                  total_count: 1,
                  confirmed: { count: 0, amount: 0 },
                  unconfirmed: { count: 1, amount: 45_000 },
                })
              : json([]),
          ),
        ),
      );
      await renderApp(<TransfersPage />, {
        session: { ...makeSession({ role: 'admin' }), synced_from_shop: kept },
      });
      expect((await screen.findAllByText('QK7ABC123')).length).toBeGreaterThan(0);
      expect(screen.queryAllByRole('button', { name: 'Confirm transfer QK7ABC123' })).toHaveLength(buttons);
    },
  );
});
