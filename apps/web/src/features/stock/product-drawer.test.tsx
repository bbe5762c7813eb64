import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import type { Product } from '@duka/domain';
import { ProductDrawer } from './product-drawer';

/** The API as the empty form meets it: no categories, no locations; any write is recorded. */
function stubApi() {
  const writes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (init?.method && init.method !== 'GET') writes.push(`${init.method} ${url}`);
      return Promise.resolve(Response.json([]));
    }),
  );
  return writes;
}

beforeAll(() => {
  // jsdom has no FontFaceSet, which Mantine's autosizing inputs listen to
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('saving an empty new product', () => {
  // jsdom, like a browser, refuses to submit a form with empty `required` fields: without
  // `noValidate` the browser's own English bubble would show and these words never would
  it.each([
    ['en', 'Create product', /^Name/, /^Code/, /^Selling price/, 'Required — please fill this in'],
    ['de', 'Produkt anlegen', /^Name/, /^Code/, /^Verkaufspreis/, 'Pflichtfeld — bitte ausfüllen'],
  ] as const)(
    '%s: says what is missing beside each field, in the language of the page',
    async (lng, create, name, code, price, required) => {
      const writes = stubApi();
      await renderApp(<ProductDrawer product={null} onClose={() => undefined} />, {
        session: makeSession({ role: 'admin' }),
        lng,
      });
      fireEvent.click(await screen.findByRole('button', { name: create }));
      await waitFor(() => expect(screen.getByLabelText(name)).toHaveAccessibleDescription(required));
      expect(screen.getByLabelText(name)).toBeInvalid();
      expect(screen.getByLabelText(code)).toHaveAccessibleDescription(required);
      expect(screen.getByLabelText(price)).toHaveAccessibleDescription(/120[.,]50/);
      expect(writes).toEqual([]);
    },
  );
});

const SOAP: Product = {
  id: '0190b1a0-0000-7000-8000-0000000000f2',
  name: 'Soap',
  code: 'SOAP',
  barcodes: [],
  category: '',
  unit: 'each',
  price: 15_000,
  buying_price: 110_000,
  tax_rate: 0,
  reorder_level: 0,
  avg_cost: 0,
  image: null,
  active: true,
  levels: [],
  on_hand: 0,
  updated_at: '2026-01-01T00:00:00Z',
};

describe("a product's cost", () => {
  it.each([
    [
      'never received: the buying price it is costed at, not an average of 0',
      SOAP,
      /^Cost: KES 1,100\.00, the buying price/,
    ],
    ['received: its average cost', { ...SOAP, avg_cost: 98_050 }, /^Average cost: KES 980\.50$/],
    ['neither: an average of 0', { ...SOAP, buying_price: 0 }, /^Average cost: KES 0\.00$/],
  ] as const)('%s', async (_, product, words) => {
    stubApi();
    await renderApp(<ProductDrawer product={product} onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    expect(await screen.findByTestId('product-cost')).toHaveTextContent(words);
  });
});
