import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Product } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { ProductDrawer } from './product-drawer';

/** The API as a save meets it: the product's create refused with the barcode or code it names. */
function refusing(params: Record<string, string> | undefined, code = 'barcode_taken', field = 'barcodes') {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/products' && init?.method === 'POST')
        return Promise.resolve(
          Response.json({ error: { code, message: 'x', field, params } }, { status: 409 }),
        );
      return Promise.resolve(Response.json([]));
    }),
  );
}

beforeAll(() => {
  // jsdom has no FontFaceSet, which Mantine's autosizing inputs listen to
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a barcode refused on save', () => {
  it.each([
    [{ barcode: '6161100000029', why: 'taken' }, 'Another product already has the barcode 6161100000029.'],
    [{ barcode: '6009', why: 'twice' }, 'The barcode 6009 is listed twice.'],
    [
      { barcode: 'SUG1', why: 'code' },
      "SUG1 is another product's code: a search for it would find this product instead.",
    ],
    [undefined, 'Another product already has this barcode.'],
  ])('names it: %j', async (params, words) => {
    refusing(params);
    await renderApp(<ProductDrawer product={null} onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Milk 500 ml' } });
    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: 'MLK5' } });
    fireEvent.change(screen.getByLabelText(/^Selling price/), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText(words)).toBeVisible();
  });
});

describe('a code refused on save', () => {
  it.each([
    [{ code: 'MLK5', why: 'code' }, 'Another product already has the code MLK5.'],
    [
      { code: 'MLK5', why: 'barcode' },
      "MLK5 is another product's barcode: a search for it would find that product.",
    ],
    [undefined, 'Another product already has this code.'],
  ])('names it: %j', async (params, words) => {
    refusing(params, 'code_taken', 'code');
    await renderApp(<ProductDrawer product={null} onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Milk 500 ml' } });
    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: 'mlk5' } });
    fireEvent.change(screen.getByLabelText(/^Selling price/), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText(words)).toBeVisible();
  });
});

const SUGAR: Product = {
  id: '0190b1a0-0000-7000-8000-0000000000f1',
  name: 'Sugar',
  code: 'SUG',
  barcodes: [],
  category: 'Dry',
  unit: 'kg',
  price: 18_000,
  buying_price: 0,
  tax_rate: 0,
  reorder_level: 0,
  avg_cost: 0,
  image: null,
  active: true,
  levels: [],
  on_hand: 5_000,
  updated_at: '2026-01-01T00:00:00Z',
};

describe('a unit refused for the stock moved in it', () => {
  it('says why by the unit, that nothing was saved, and how to save the rest', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) =>
        Promise.resolve(
          init?.method === 'PATCH'
            ? Response.json({ error: { code: 'unit_in_use', message: 'x', field: 'unit' } }, { status: 409 })
            : Response.json([]),
        ),
      ),
    );
    await renderApp(<ProductDrawer product={SUGAR} onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    fireEvent.change(await screen.findByLabelText(/^Selling price/), { target: { value: '190' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'This product has stock or sales in its unit: its quantities would read in the new unit. Make a new product for the new unit.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Nothing was saved. To save your other changes, set the unit back to kg and save again.',
      ),
    ).toBeVisible();
  });
});

describe('a deactivation refused for its stock', () => {
  it('says the price changed with it was not saved either, and how to save it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) =>
        Promise.resolve(
          init?.method === 'PATCH'
            ? Response.json(
                { error: { code: 'product_holds_stock', message: 'x', field: 'active' } },
                { status: 409 },
              )
            : Response.json([]),
        ),
      ),
    );
    await renderApp(<ProductDrawer product={SUGAR} onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    fireEvent.change(await screen.findByLabelText(/^Selling price/), { target: { value: '190' } });
    fireEvent.click(screen.getByLabelText('Active'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        "Move, count or write off this product's stock at every location before deactivating it.",
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Nothing was saved. To save your other changes, switch Active back on and save again.',
      ),
    ).toBeVisible();
  });
});
