/**
 * A product counted in whole pieces (each, pack, box, pair) takes whole numbers on the stock
 * screens, as the server checks: a document's line, a count, a reorder level. The field says so
 * as it is typed and Save (Add) waits; what is weighed keeps three decimals. A refusal of the
 * server is worded from its code.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { hookWrapper, keyedServer } from '../../test/keyed-server';
import { SHOP } from '../../test/locations';
import { openCount } from '../../test/stock-counts';
import { product } from '../../test/products';
import { testI18n } from '../../test/render';
import { rowErrorWords } from './import-row-errors';
import type { DraftLine } from './line-entry/lines';
import { useLineEntry } from './line-entry/use-line-entry';
import { useCountScreen } from './use-count-screen';
import { useProductForm } from './use-product-form';
import { useStockDocument } from './use-stock-document';

const COUNT_ID = '0190b1a0-0000-7000-8000-0000000000f2';
const MATCHES = product({ id: '0190b1a0-0000-7000-8000-0000000000b1', name: 'Matches', unit: 'box' });
const RICE = product({ id: '0190b1a0-0000-7000-8000-0000000000b2', name: 'Rice', unit: 'kg' });
const NOT_WHOLE = 'Counted in whole units (box): enter a number without decimals';

const line = (p: typeof MATCHES, qty: string): DraftLine => ({
  key: `k-${p.name}`,
  product_id: p.id,
  name: p.name,
  code: p.code,
  unit: p.unit,
  qty,
  cost: '',
});

function stockServer() {
  return keyedServer({
    write: (url, body) => {
      if (url.endsWith('/entries')) return openCount(COUNT_ID);
      if (url === '/api/products') return { ...MATCHES, ...body };
      return undefined;
    },
    other: (url) => (url === '/api/locations' ? [SHOP] : []),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a stock document line', () => {
  it('says 3.7 boxes is not whole under the line and keeps Save waiting; 3.7 kg of rice is fine', async () => {
    const wrapper = await hookWrapper();
    const entry = (lines: DraftLine[]) =>
      renderHook(
        () =>
          useLineEntry(
            lines,
            () => undefined,
            () => undefined,
          ),
        { wrapper },
      ).result.current;
    const fraction = entry([line(RICE, '3.7'), line(MATCHES, '3.7')]);
    expect(fraction.qtyError(line(MATCHES, '3.7'))).toBe(NOT_WHOLE);
    expect(fraction.qtyError(line(RICE, '3.7'))).toBeUndefined();
    expect(fraction.totals.invalid).toBe(true);
    const whole = entry([line(RICE, '3.7'), line(MATCHES, '4')]);
    expect(whole.qtyError(line(MATCHES, '4'))).toBeUndefined();
    expect(whole.totals.invalid).toBe(false);
  });

  it("places the server's refusal on its line, worded from its code", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit = {}) =>
        Promise.resolve(
          init.method === 'POST'
            ? Response.json(
                {
                  error: {
                    code: 'quantity_not_whole',
                    message: 'English',
                    field: 'lines.0.quantity',
                    params: { product_id: MATCHES.id, name: 'Matches', unit: 'box' },
                  },
                },
                { status: 422 },
              )
            : Response.json(url === '/api/locations' ? [SHOP] : []),
        ),
      ),
    );
    const { result } = renderHook(() => useStockDocument('positive', SHOP.id), {
      wrapper: await hookWrapper(),
    });
    await waitFor(() => expect(result.current.draft.header.location_id).toBe(SHOP.id));
    act(() => {
      result.current.setHeader('reason', 'found');
      result.current.setLines(() => [line(MATCHES, '4')]);
    });
    await act(() => result.current.onSave());
    expect(result.current.errors.lines).toEqual({
      'k-Matches': 'Matches is counted in whole units (box): enter a quantity without decimals.',
    });
  });
});

describe('a count entry', () => {
  it('says 2.25 boxes is not whole, sends nothing, and counts whole boxes', async () => {
    const srv = stockServer();
    const { result } = renderHook(() => useCountScreen(COUNT_ID, () => undefined), {
      wrapper: await hookWrapper(),
    });
    act(() => result.current.entry.setProduct(MATCHES));
    act(() => result.current.entry.setQty('2.25'));
    expect(result.current.entry.error).toBe(NOT_WHOLE);
    expect(result.current.entry.canAdd).toBe(false);
    await act(() => result.current.entry.submitEntry());
    expect(srv.posted).toEqual([]);
    act(() => result.current.entry.setQty('-2'));
    expect(result.current.entry.error).toBeNull();
    act(() => result.current.entry.setQty('2'));
    expect(result.current.entry.canAdd).toBe(true);
    await act(() => result.current.entry.submitEntry());
    expect(srv.posted.map((p) => p.body.quantity)).toEqual([2_000]);
    // by weight, a fraction is counted
    act(() => result.current.entry.setProduct(RICE));
    act(() => result.current.entry.setQty('2.25'));
    expect(result.current.entry.error).toBeNull();
    expect(result.current.entry.canAdd).toBe(true);
  });
});

describe("a product's reorder level", () => {
  it('says half a box is not whole as it is typed, and saves nothing until it is', async () => {
    const srv = stockServer();
    const { result } = renderHook(() => useProductForm(null, () => undefined), {
      wrapper: await hookWrapper(),
    });
    act(() => {
      result.current.set('name', 'Matches');
      result.current.set('code', 'MTC');
      result.current.set('price', '50');
      result.current.set('unit', 'box');
      result.current.set('reorder', '0.5');
    });
    expect(result.current.reorderWhole).toBe(NOT_WHOLE);
    await act(() => result.current.submit());
    expect(srv.posted).toEqual([]);
    act(() => result.current.set('unit', 'kg'));
    expect(result.current.reorderWhole).toBeNull();
    act(() => result.current.set('unit', 'box'));
    act(() => result.current.set('reorder', '2'));
    expect(result.current.reorderWhole).toBeNull();
    await act(() => result.current.submit());
    expect(srv.posted.map((p) => p.body.reorder_level)).toEqual([2_000]);
  });

  it('leaves a level kept with a fraction from before alone until it or the unit is changed', async () => {
    const old = { ...MATCHES, reorder_level: 1_500 };
    const { result } = renderHook(() => useProductForm(old, () => undefined), {
      wrapper: await hookWrapper(),
    });
    expect(result.current.reorderWhole).toBeNull();
    act(() => result.current.set('reorder', '2.5'));
    expect(result.current.reorderWhole).toBe(NOT_WHOLE);
  });
});

describe('a CSV row', () => {
  it('words a reorder level with a fraction of a unit of pieces, naming those units', async () => {
    const i18n = await testI18n('de');
    expect(rowErrorWords(i18n.t, { field: 'reorder_level', code: 'not_whole' })).toBe(
      'Keine ganze Zahl: each, pack, box, pair werden in ganzen Stück gezählt, zum Beispiel 2',
    );
    await testI18n('en');
  });
});
