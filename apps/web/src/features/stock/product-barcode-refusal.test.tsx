import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
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
