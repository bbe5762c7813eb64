/**
 * Stock writes whose answer is lost (the shop PC's server restarts, the network drops after the
 * commit): documents, count entries, a count's start, and new products, suppliers and locations
 * carry an id of their own, kept across retries, so nothing is recorded or created twice; a
 * changed one meeting what is stored under its id is told so, and can go on.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { StockCount, Supplier } from '@duka/domain';
import { NO_ANSWER_WORDS, hookWrapper, idsOf, keyedServer } from '../../test/keyed-server';
import { SHOP } from '../../test/locations';
import { useQuickSupplier } from './documents';
import { useStartCount } from './stock-taking-page';
import { useSupplierForm } from './suppliers-page';
import { useCountScreen } from './use-count-screen';
import { useLocationsPage } from './use-locations-page';
import { useProductForm } from './use-product-form';
import { useStockDocument } from './use-stock-document';
import { product } from '../../test/products';

const COUNT_ID = '0190b1a0-0000-7000-8000-0000000000f1';
const SUGAR = product({ id: '0190b1a0-0000-7000-8000-0000000000a1', barcodes: [] });

const count = (body: Record<string, unknown>): StockCount => ({
  id: (body.id as string | undefined) ?? COUNT_ID,
  location_id: SHOP.id,
  status: 'open',
  freeze_sales: !!body.freeze_sales,
  note: (body.note as string | undefined) ?? '',
  started_by: null,
  started_at: '2026-12-01T08:00:00.000Z',
  closed_at: null,
  counted: [],
});

const supplier = (body: Record<string, unknown>): Supplier => ({
  id: String(body.id),
  name: String(body.name),
  contact_name: '',
  phone: '',
  email: '',
  address: '',
  notes: '',
  active: true,
  updated_at: '2026-12-01T08:00:00.000Z',
});

/** The stock routes, as the real server keeps writes that carry their own id. */
function stockServer() {
  return keyedServer({
    write: (url, body) => {
      if (url.startsWith('/api/stock/')) return { id: body.id };
      if (url === '/api/stock-counts' || url.endsWith('/entries')) return count(body);
      if (url === '/api/products') return { ...SUGAR, ...body };
      if (url === '/api/suppliers') return supplier(body);
      if (url === '/api/locations') return { ...SHOP, ...body };
      return undefined;
    },
    readId: (url) => url.match(/^\/api\/(?:stock-counts|products)\/([^/?]+)$/)?.[1] ?? null,
    other: (url) => (url === '/api/locations' ? [SHOP] : []),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a stock document whose answer is lost', () => {
  it('says it may already be saved; changed, the 409 keeps it under a new id with a warning', async () => {
    const srv = stockServer();
    const { result } = renderHook(() => useStockDocument('positive', SHOP.id), {
      wrapper: await hookWrapper(),
    });
    await waitFor(() => expect(result.current.draft.header.location_id).toBe(SHOP.id));
    const line = { key: 'l1', product_id: SUGAR.id, name: SUGAR.name, code: 'SUG1', unit: 'each', cost: '' };
    act(() => {
      result.current.setHeader('reason', 'found');
      result.current.setLines(() => [{ ...line, qty: '4' }]);
    });
    const first = result.current.draft.id;
    srv.down = true;
    await act(() => result.current.onSave());
    expect(srv.stored.size).toBe(1);
    expect(result.current.errors.form).toBe(NO_ANSWER_WORDS);
    srv.down = false;
    act(() => result.current.setLines(() => [{ ...line, qty: '5' }]));
    await act(() => result.current.onSave());
    expect(result.current.errors).toMatchObject({ warn: true });
    expect(result.current.errors.form).toMatch(/earlier version of this document was already saved/);
    expect(result.current.draft.id).not.toBe(first);
    expect(result.current.draft.lines).toEqual([{ ...line, qty: '5' }]);
    await act(() => result.current.onSave());
    const ids = idsOf(srv);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(first);
    expect(srv.stored.size).toBe(2);
  });
});

describe('a count entry whose answer is lost', () => {
  it('changed, the 409 says the earlier entry was counted, and the next entry goes under a new id', async () => {
    const srv = stockServer();
    const { result } = renderHook(() => useCountScreen(COUNT_ID, () => undefined), {
      wrapper: await hookWrapper(),
    });
    act(() => result.current.entry.setProduct(SUGAR));
    act(() => result.current.entry.setQty('3'));
    srv.down = true;
    await act(() => result.current.entry.submitEntry());
    expect(result.current.entry.error).toBe(NO_ANSWER_WORDS);
    srv.down = false;
    act(() => result.current.entry.setQty('4'));
    await act(() => result.current.entry.submitEntry());
    expect(result.current.entry.error).toMatch(/earlier version of this entry was already counted/);
    await act(() => result.current.entry.submitEntry());
    expect(result.current.entry.error).toBeNull();
    expect(idsOf(srv)).toHaveLength(2);
  });
});

describe('starting a count whose answer is lost', () => {
  it('changed, the 409 opens the count started first', async () => {
    const srv = stockServer();
    const onStarted = vi.fn();
    const { result } = renderHook(() => useStartCount([], onStarted), { wrapper: await hookWrapper() });
    await waitFor(() => expect(result.current.chosen).toBe(SHOP.id));
    srv.down = true;
    await act(() => result.current.submit());
    expect(result.current.error).toBe(NO_ANSWER_WORDS);
    srv.down = false;
    act(() => result.current.setNote('Shelf A'));
    await act(() => result.current.submit());
    expect(onStarted).toHaveBeenCalledWith(idsOf(srv)[0]);
    expect(srv.stored.size).toBe(1);
  });
});

describe('creating whose answer is lost', () => {
  it('a product is sent under an id of its own, the same on a retry: it is created once', async () => {
    const srv = stockServer();
    const onSaved = vi.fn();
    const { result } = renderHook(() => useProductForm(null, onSaved), { wrapper: await hookWrapper() });
    act(() => {
      result.current.set('name', 'Sugar 1 kg');
      result.current.set('code', 'SUG1');
      result.current.set('price', '150');
    });
    srv.down = true;
    await act(() => result.current.submit());
    expect(result.current.formError).toBe(NO_ANSWER_WORDS);
    srv.down = false;
    await act(() => result.current.submit());
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(idsOf(srv)).toHaveLength(1);
    expect(srv.stored.size).toBe(1);
  });

  it('a product changed after the lost answer: the 409 counts as the product created first', async () => {
    const srv = stockServer();
    const onSaved = vi.fn();
    const { result } = renderHook(() => useProductForm(null, onSaved), { wrapper: await hookWrapper() });
    act(() => {
      result.current.set('name', 'Sugar 1 kg');
      result.current.set('code', 'SUG1');
      result.current.set('price', '150');
    });
    srv.down = true;
    await act(() => result.current.submit());
    srv.down = false;
    act(() => result.current.set('price', '160'));
    await act(() => result.current.submit());
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(result.current.formError).toBeNull();
    expect(srv.stored.size).toBe(1);
  });

  it('a supplier: the same id on a retry, and a changed one is the supplier created first', async () => {
    const srv = stockServer();
    const onClose = vi.fn();
    const { result } = renderHook(() => useSupplierForm(null, onClose), { wrapper: await hookWrapper() });
    act(() => result.current.setV((v) => ({ ...v, name: 'Bidco' })));
    srv.down = true;
    await act(() => result.current.submit());
    expect(result.current.error?.message).toBe(NO_ANSWER_WORDS);
    srv.down = false;
    act(() => result.current.setV((v) => ({ ...v, name: 'Bidco Ltd' })));
    await act(() => result.current.submit());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(idsOf(srv)).toHaveLength(1);
    expect(srv.stored.size).toBe(1);
  });

  it('a supplier added from a receipt: a changed one is the supplier created first, chosen on the receipt', async () => {
    const srv = stockServer();
    const onAdded = vi.fn();
    const { result } = renderHook(() => useQuickSupplier(onAdded, () => undefined), {
      wrapper: await hookWrapper(),
    });
    act(() => result.current.setName('Bidco'));
    srv.down = true;
    await act(() => result.current.submit());
    expect(result.current.error).toBe(NO_ANSWER_WORDS);
    srv.down = false;
    act(() => result.current.setName('Bidco Ltd'));
    await act(() => result.current.submit());
    expect(onAdded).toHaveBeenCalledWith(idsOf(srv)[0]);
    expect(srv.stored.size).toBe(1);
  });

  it('a location: the same id on a retry, and a changed one is the location created first', async () => {
    const srv = stockServer();
    const { result } = renderHook(() => useLocationsPage(), { wrapper: await hookWrapper() });
    act(() => result.current.open('new'));
    act(() => result.current.naming.setName('Stall'));
    srv.down = true;
    await act(() => result.current.naming.submit());
    expect(result.current.naming.error).toBe(NO_ANSWER_WORDS);
    srv.down = false;
    act(() => result.current.naming.setName('Market stall'));
    await act(() => result.current.naming.submit());
    expect(result.current.naming.editing).toBeNull();
    expect(result.current.naming.error).toBe(NO_ANSWER_WORDS);
    expect(idsOf(srv)).toHaveLength(1);
  });
});
