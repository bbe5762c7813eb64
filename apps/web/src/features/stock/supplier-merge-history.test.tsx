import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Supplier } from '@duka/domain';
import { fakeServer as fakeHistoryServer, loss, stubFonts } from '../../test/history-fixtures';
import { makeSession, renderApp } from '../../test/render';
import { SuppliersPage } from './suppliers-page';

/** A supplier's replaced values (ADR 11 §11.1): under the supplier's form, for an admin. */

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

const item = loss('s1', 'contact_name', { contact_name: 'Wambui' }, { contact_name: 'Otieno' });

/** Answers the supplier list and the supplier's history; anything else an empty list. */
const fakeServer = () =>
  fakeHistoryServer(
    { [`supplier/${supplier.id}`]: [item] },
    (url) => (url === '/api/suppliers' ? [supplier] : undefined),
    [],
  );

beforeAll(stubFonts);
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
