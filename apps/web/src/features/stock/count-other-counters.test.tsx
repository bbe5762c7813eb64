/**
 * The count screen takes a scan's answer (its product's total only) into the count it holds; what
 * the other counters count of other products reaches it by the open count's periodic read
 * (COUNT_REFRESH_MS), so a shelf a colleague counted does not look uncounted here.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Product, StockCount } from '@duka/domain';
import { hookWrapper } from '../../test/keyed-server';
import { SHOP } from '../../test/locations';
import { COUNT_REFRESH_MS, useCount } from './stock-api';
import { useCountScreen } from './use-count-screen';

const COUNT_ID = '0190b1a0-0000-7000-8000-0000000000c1';
const SUGAR = { id: '0190b1a0-0000-7000-8000-0000000000a1', name: 'Sugar' };
const BREAD = { id: '0190b1a0-0000-7000-8000-0000000000a2', name: 'Bread' };
const RICE = { id: '0190b1a0-0000-7000-8000-0000000000a3', name: 'Rice' };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const countOf = (counted: StockCount['counted']): StockCount => ({
  id: COUNT_ID,
  location_id: SHOP.id,
  status: 'open',
  freeze_sales: false,
  note: '',
  started_by: null,
  started_at: '2026-12-01T08:00:00.000Z',
  closed_at: null,
  counted,
});

/**
 * A count's server: its entries (another counter's too), the count read whole (GET, counted) and
 * an entry answered with its product's total only, as the API answers it.
 */
function countServer() {
  const names = new Map([SUGAR, BREAD, RICE].map((p) => [p.id, p.name]));
  const srv = {
    reads: 0,
    entries: [{ product_id: SUGAR.id, quantity: 2_000 }] as { product_id: string; quantity: number }[],
  };
  const totals = (only?: string) => {
    const per = new Map<string, { quantity: number; entries: number }>();
    for (const e of srv.entries) {
      if (only !== undefined && e.product_id !== only) continue;
      const t = per.get(e.product_id) ?? { quantity: 0, entries: 0 };
      per.set(e.product_id, { quantity: t.quantity + e.quantity, entries: t.entries + 1 });
    }
    return [...per]
      .map(([id, t]) => ({ product_id: id, product_name: names.get(id)!, ...t }))
      .sort((a, b) => (a.product_name < b.product_name ? -1 : 1));
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET') {
        if (url === `/api/stock-counts/${COUNT_ID}`) srv.reads += 1;
        return Promise.resolve(json(countOf(totals())));
      }
      const body = JSON.parse(init.body as string) as { product_id: string; quantity: number };
      srv.entries.push({ product_id: body.product_id, quantity: body.quantity });
      return Promise.resolve(json(countOf(totals(body.product_id)), 201));
    }),
  );
  return { srv, totals };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const product = (p: { id: string; name: string }) => ({ id: p.id, name: p.name, code: p.name }) as Product;

describe('the count screen with two counters', () => {
  it("shows another counter's totals of other products within the refresh, beside this counter's scans", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { srv, totals } = countServer();
    const { result } = renderHook(
      () => ({ screen: useCountScreen(COUNT_ID, vi.fn()), count: useCount(COUNT_ID) }),
      { wrapper: await hookWrapper() },
    );
    await waitFor(() => expect(result.current.count.data).toBeDefined());
    // a colleague counts bread and rice meanwhile
    srv.entries.push({ product_id: BREAD.id, quantity: 6_000 }, { product_id: RICE.id, quantity: 4_000 });
    act(() => {
      result.current.screen.entry.setProduct(product(SUGAR));
      result.current.screen.entry.setQty('1');
    });
    await act(() => result.current.screen.entry.submitEntry());
    expect(result.current.screen.entry.error).toBeNull();
    // the scan's own product at once, from its answer; the colleague's at the next read
    expect(result.current.count.data?.counted.map((c) => c.product_name)).toEqual(['Sugar']);
    const reads = srv.reads;
    await act(() => vi.advanceTimersByTimeAsync(COUNT_REFRESH_MS));
    await waitFor(() => expect(result.current.count.data?.counted).toEqual(totals()));
    expect(srv.reads).toBe(reads + 1);
  });
});
