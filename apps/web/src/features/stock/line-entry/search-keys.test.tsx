/**
 * A stock document is ready for the scanner as soon as it opens, as the till is: the scan box has
 * the focus, F2 brings it back from anywhere on the page (not from behind a dialog), and a code and
 * Enter in it adds the line; typing in the document's other fields stays theirs.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@duka/domain';
import { makeSession, renderApp } from '../../../test/render';
import { stubFonts } from '../../../test/history-fixtures';
import { SHOP } from '../../../test/locations';
import { StockNegativePage, StockPositivePage, SupplierReceiptPage, TransferPage } from '../documents';

const SUGAR = {
  id: '0190b1a0-0000-7000-8000-0000000000a1',
  name: 'Sugar 1 kg',
  code: 'SUG1',
  barcodes: ['6001234567890'],
  category: '',
  unit: 'each',
  price: 15_000,
  buying_price: 12_000,
  tax_rate: 0,
  reorder_level: 0,
  avg_cost: 12_000,
  image: null,
  active: true,
  levels: [],
  on_hand: 10_000,
  updated_at: '2026-12-01T08:00:00.000Z',
} satisfies Product;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The reads a document needs (no kept draft, one location, no supplier) and the product search. */
function documentServer() {
  const searched: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') !== 'GET') {
        const body = typeof init.body === 'string' ? (JSON.parse(init.body) as object) : {};
        return Promise.resolve(json({ id: url.split('/').pop(), ...body, updated_at: SUGAR.updated_at }));
      }
      if (url === '/api/locations') return Promise.resolve(json([SHOP]));
      if (url.startsWith('/api/products?')) {
        const q = new URLSearchParams(url.split('?')[1]).get('q') ?? '';
        searched.push(q);
        const hit = q === SUGAR.code || SUGAR.barcodes.includes(q) || SUGAR.name.includes(q);
        return Promise.resolve(json(hit ? [SUGAR] : []));
      }
      return Promise.resolve(json([]));
    }),
  );
  return { searched };
}

const PAGES = [
  ['supplier receipt', SupplierReceiptPage],
  ['stock positive', StockPositivePage],
  ['stock negative', StockNegativePage],
  ['transfer', TransferPage],
] as const;

async function openDocument(Page: () => React.JSX.Element) {
  documentServer();
  const user = userEvent.setup();
  await renderApp(<Page />, { session: makeSession({ role: 'admin' }) });
  const search = await screen.findByRole('textbox', { name: /Scan or search products \(F2\)/ });
  return { user, search };
}

beforeAll(stubFonts);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a stock document opens ready for the scanner', () => {
  it.each(PAGES)('%s: the scan box has the focus, and F2 from the page brings it back', async (_, Page) => {
    const { user, search } = await openDocument(Page);
    await waitFor(() => expect(search).toHaveFocus());
    search.blur();
    expect(document.body).toHaveFocus();
    await user.keyboard('{F2}');
    expect(search).toHaveFocus();
  });

  it('a scan into the focused box adds the line; F2 from its quantity goes back to the box', async () => {
    const { user, search } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    await user.keyboard('6001234567890{Enter}');
    const qty = await screen.findByRole('textbox', { name: 'Quantity of Sugar 1 kg' });
    expect(screen.getByText('Lines: 1')).toBeInTheDocument();
    // (the scan puts the focus in the new line's quantity; jsdom lays nothing out, so by hand here)
    await user.click(qty);
    await user.keyboard('{F2}');
    expect(search).toHaveFocus();
    expect(qty).toHaveValue('1');
  });

  it("typing in the document's own fields stays there", async () => {
    const { user, search } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    const invoice = screen.getByRole('textbox', { name: 'Their invoice number' });
    await user.click(invoice);
    await user.keyboard('INV-77');
    const note = screen.getByRole('textbox', { name: 'Note' });
    await user.click(note);
    await user.keyboard('Delivered late');
    expect(invoice).toHaveValue('INV-77');
    expect(note).toHaveValue('Delivered late');
    expect(note).toHaveFocus();
    expect(search).toHaveValue('');
  });

  it('F2 does nothing while a dialog is open', async () => {
    const { user, search } = await openDocument(SupplierReceiptPage);
    await waitFor(() => expect(search).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Add supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add supplier' });
    const name = within(dialog).getByRole('textbox', { name: /Supplier name/ });
    await waitFor(() => expect(name).toHaveFocus());
    await user.keyboard('{F2}');
    expect(name).toHaveFocus();
    await user.keyboard('Bidco');
    expect(name).toHaveValue('Bidco');
  });
});
