import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { FieldHistoryItem, Supplier } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { SuppliersPage } from './suppliers-page';

/** A supplier's replaced values (ADR 11 §11.1): under the supplier's form, for an admin. */

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const supplier: Supplier = {
  id: '0190b1a0-0000-7000-8000-0000000000c1',
  name: 'Bidco Distributors',
  contact_name: 'Otieno',
  phone: '0711000222',
  email: '',
  address: '',
  notes: '',
  active: true,
  updated_at: '2026-11-25T07:05:00.000Z',
};

const item: FieldHistoryItem = {
  id: 's1',
  field: 'contact_name',
  reason: 'concurrent',
  value: { contact_name: 'Wambui' },
  set: { at: '2026-11-25T07:02:00.000Z', here: false, server: 'Branch B' },
  won_value: { contact_name: 'Otieno' },
  won: { at: '2026-11-25T07:05:00.000Z', here: true, server: '' },
  recorded_at: '2026-11-25T07:06:00.000Z',
};

function fakeServer() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      if (url === '/api/suppliers') return Promise.resolve(json([supplier]));
      if (url === `/api/history/supplier/${supplier.id}`) return Promise.resolve(json({ items: [item] }));
      return Promise.resolve(json([]));
    }),
  );
  return asked;
}

beforeAll(() => {
  // jsdom has no FontFaceSet, which Mantine's autosizing inputs listen to
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("a supplier's replaced values", () => {
  it('are under the form of a supplier opened by an admin', async () => {
    fakeServer();
    await renderApp(<SuppliersPage />, { session: makeSession({ role: 'admin' }) });
    fireEvent.click(await screen.findByTestId('supplier-row-Bidco Distributors'));
    const section = await screen.findByRole('region', { name: 'Replaced values' });
    expect((await within(section).findByTestId('merge-history')).textContent).toMatch(
      /^Contact person Wambui set on Branch B at .+ was replaced by Otieno set here at .+\.$/,
    );
  });

  it('are not asked for by staff who keep suppliers', async () => {
    const asked = fakeServer();
    await renderApp(<SuppliersPage />, {
      session: makeSession({ role: 'staff', flags: ['adding_supplier_stock'] }),
    });
    fireEvent.click(await screen.findByTestId('supplier-row-Bidco Distributors'));
    expect(await screen.findByRole('dialog', { name: 'Edit supplier' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Replaced values' })).toBeNull();
    expect(asked.filter((u) => u.startsWith('/api/history'))).toEqual([]);
  });
});
