/**
 * A scan on the count screen: the entry's answer carries that product's new total only (every
 * counter's entries summed), and the screen's count takes it from there: the count is not read
 * again whole after every scan (a shop's whole catalogue, read per scan), yet what it shows is
 * what the server holds.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Product, StockCount } from '@duka/domain';
import { hookWrapper } from '../../test/keyed-server';
import { openCount } from '../../test/stock-counts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { REVIEW_AFTER_MS, takeEntryAnswer, withEntryAnswer } from './count-cache';
import { COUNT_REFRESH_MS, useCount } from './stock-api';
import { useCountScreen } from './use-count-screen';

const COUNT_ID = '0190b1a0-0000-7000-8000-0000000000c1';
const SUGAR = { id: '0190b1a0-0000-7000-8000-0000000000a1', name: 'Sugar' };
const BREAD = { id: '0190b1a0-0000-7000-8000-0000000000a2', name: 'Bread' };
const RICE = { id: '0190b1a0-0000-7000-8000-0000000000a3', name: 'Rice' };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const countOf = (counted: StockCount['counted']): StockCount => openCount(COUNT_ID, counted);

/**
 * A count's server: its entries (another counter's too), the count read whole (GET, counted) and
 * an entry answered with its product's total only, as the API answers it.
 */
function countServer() {
  const names = new Map([SUGAR, BREAD, RICE].map((p) => [p.id, p.name]));
  const srv = {
    reads: 0,
    /** The paths of the count's reads, `?since=` included. */
    paths: [] as string[],
    /** Each entry's place in the journal is its index + 1. */
    entries: [{ product_id: SUGAR.id, quantity: 2_000 }] as { product_id: string; quantity: number }[],
    /** The shop server's start: a read since under another is answered whole, as the server does. */
    boot: 'StartA',
  };
  const totals = (only?: string, since = 0) => {
    const changed = new Set(srv.entries.slice(since).map((e) => e.product_id));
    const per = new Map<string, { quantity: number; entries: number }>();
    for (const e of srv.entries) {
      if (only !== undefined && e.product_id !== only) continue;
      if (!changed.has(e.product_id)) continue;
      const t = per.get(e.product_id) ?? { quantity: 0, entries: 0 };
      per.set(e.product_id, { quantity: t.quantity + e.quantity, entries: t.entries + 1 });
    }
    return [...per]
      .map(([id, t]) => ({ product_id: id, product_name: names.get(id)!, unit: 'kg', ...t }))
      .sort((a, b) => (a.product_name < b.product_name ? -1 : 1));
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET') {
        const [path, query] = url.split('?');
        if (path === `/api/stock-counts/${COUNT_ID}`) {
          srv.reads += 1;
          srv.paths.push(url);
        }
        const q = new URLSearchParams(query ?? '');
        const asked = q.get('boot') ?? undefined;
        const sameStart = asked === undefined || asked === srv.boot;
        const since = q.has('since') && sameStart ? Number(q.get('since')) : undefined;
        const asOf = { as_of: srv.entries.length, boot: srv.boot, ...(since === undefined ? {} : { since }) };
        return Promise.resolve(json({ ...countOf(totals(undefined, since)), ...asOf }));
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

describe('a scan on the count screen', () => {
  it("takes the product's total from the answer: the count is read once, and shows what the server holds", async () => {
    const { srv, totals } = countServer();
    const onBack = vi.fn();
    const { result } = renderHook(
      () => ({ screen: useCountScreen(COUNT_ID, onBack), count: useCount(COUNT_ID) }),
      {
        wrapper: await hookWrapper(),
      },
    );
    await waitFor(() => expect(result.current.count.data).toBeDefined());
    const scan = async (p: { id: string; name: string }, qty: string) => {
      act(() => {
        result.current.screen.entry.setProduct(product(p));
        result.current.screen.entry.setQty(qty);
      });
      await act(() => result.current.screen.entry.submitEntry());
      expect(result.current.screen.entry.error).toBeNull();
    };
    // a product not counted yet comes in at its place by name; then one counted already grows
    await scan(BREAD, '3');
    await scan(SUGAR, '1.5');
    // another counter's entry meanwhile: the next scan of that product shows every counter's total
    srv.entries.push({ product_id: RICE.id, quantity: 4_000 });
    await scan(RICE, '1');
    expect(result.current.count.data?.counted).toEqual(totals());
    expect(result.current.count.data?.counted).toEqual([
      { product_id: BREAD.id, product_name: 'Bread', unit: 'kg', quantity: 3_000, entries: 1 },
      { product_id: RICE.id, product_name: 'Rice', unit: 'kg', quantity: 5_000, entries: 2 },
      { product_id: SUGAR.id, product_name: 'Sugar', unit: 'kg', quantity: 3_500, entries: 2 },
    ]);
    expect(srv.reads).toBe(1);
  });
});

describe('withEntryAnswer', () => {
  const line = (p: { id: string; name: string }, quantity: number, entries = 1) => ({
    product_id: p.id,
    product_name: p.name,
    unit: 'kg',
    quantity,
    entries,
  });

  it('replaces the line of the product where it stands and keeps the others', () => {
    const held = countOf([line(BREAD, 1_000), line(SUGAR, 2_000)]);
    const answer = countOf([line(BREAD, 0, 2)]);
    expect(withEntryAnswer(held, answer).counted).toEqual([line(BREAD, 0, 2), line(SUGAR, 2_000)]);
  });

  it("puts a new product's line at its place by name, and takes the answer's count fields", () => {
    const held = countOf([line(BREAD, 1_000), line(SUGAR, 2_000)]);
    const answer = { ...countOf([line(RICE, 7_000)]), freeze_sales: true };
    const next = withEntryAnswer(held, answer);
    expect(next.counted.map((l) => l.product_name)).toEqual(['Bread', 'Rice', 'Sugar']);
    expect(next.freeze_sales).toBe(true);
    expect(withEntryAnswer(countOf([]), answer).counted).toEqual([line(RICE, 7_000)]);
  });
});

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
    expect(result.current.count.data?.counted.map((c) => c.product_name)).not.toContain('Rice');
    const reads = srv.reads;
    await act(() => vi.advanceTimersByTimeAsync(COUNT_REFRESH_MS));
    await waitFor(() => expect(result.current.count.data?.counted).toEqual(totals()));
    expect(srv.reads).toBe(reads + 1);
  });

  it('reads again only the products counted since its last read, and shows the whole count', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { srv, totals } = countServer();
    srv.entries.push({ product_id: BREAD.id, quantity: 1_000 });
    const { result } = renderHook(
      () => ({ screen: useCountScreen(COUNT_ID, vi.fn()), count: useCount(COUNT_ID) }),
      { wrapper: await hookWrapper() },
    );
    await waitFor(() => expect(result.current.count.data?.counted).toEqual(totals()));
    // this counter's scan, then a colleague's rice and bread
    act(() => {
      result.current.screen.entry.setProduct(product(SUGAR));
      result.current.screen.entry.setQty('1');
    });
    await act(() => result.current.screen.entry.submitEntry());
    srv.entries.push({ product_id: RICE.id, quantity: 4_000 }, { product_id: BREAD.id, quantity: 500 });
    await act(() => vi.advanceTimersByTimeAsync(COUNT_REFRESH_MS));
    await waitFor(() => expect(result.current.count.data?.counted).toEqual(totals()));
    expect(result.current.count.data?.counted.map((c) => [c.product_name, c.quantity])).toEqual([
      ['Bread', 1_500],
      ['Rice', 4_000],
      ['Sugar', 3_000],
    ]);
    // the first read whole; the next from where it stood (the scan's answer moved nothing)
    expect(srv.paths).toEqual([
      `/api/stock-counts/${COUNT_ID}`,
      `/api/stock-counts/${COUNT_ID}?since=2&boot=StartA`,
    ]);
    // and the one after, from the second's position, with nothing new: nothing changes
    await act(() => vi.advanceTimersByTimeAsync(COUNT_REFRESH_MS));
    await waitFor(() => expect(srv.paths).toHaveLength(3));
    expect(srv.paths[2]).toBe(`/api/stock-counts/${COUNT_ID}?since=5&boot=StartA`);
    expect(result.current.count.data?.counted).toEqual(totals());
    // the shop's server restored from an earlier backup: the rice gone, new entries since, the
    // journal past the screen's position again; read under another start, it is whole
    srv.entries.splice(2, 3, { product_id: SUGAR.id, quantity: 1 }, { product_id: SUGAR.id, quantity: 1 });
    srv.entries.push({ product_id: SUGAR.id, quantity: 1 }, { product_id: SUGAR.id, quantity: 1 });
    srv.boot = 'StartB';
    await act(() => vi.advanceTimersByTimeAsync(COUNT_REFRESH_MS));
    await waitFor(() => expect(srv.paths).toHaveLength(4));
    await waitFor(() => expect(result.current.count.data?.counted).toEqual(totals()));
    expect(result.current.count.data?.counted.map((c) => c.product_name)).not.toContain('Rice');
  });
});

describe("an admin's review shown beside the scanning", () => {
  it('is read again once the scans pause, not after each scan', async () => {
    vi.useFakeTimers();
    const qc = new QueryClient();
    const reads: number[] = [];
    const review = ['stock-counts', COUNT_ID, 'review'];
    const observer = new QueryObserver(qc, {
      queryKey: review,
      queryFn: () => {
        reads.push(Date.now());
        return Promise.resolve({ lines: reads.length });
      },
    });
    const stop = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(1);
    qc.setQueryData(['stock-counts', COUNT_ID], countOf([]));
    // three scans, a second apart: the review is out of date at once, read again after the last
    for (const p of [BREAD, SUGAR, RICE]) {
      takeEntryAnswer(
        qc,
        COUNT_ID,
        countOf([{ product_id: p.id, product_name: p.name, unit: 'kg', quantity: 1_000, entries: 1 }]),
      );
      expect(qc.getQueryState(review)?.isInvalidated).toBe(true);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(reads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REVIEW_AFTER_MS);
    expect(reads).toHaveLength(2);
    expect(qc.getQueryData(['stock-counts', COUNT_ID])).toMatchObject({
      counted: [{ product_name: 'Bread' }, { product_name: 'Rice' }, { product_name: 'Sugar' }],
    });
    stop();
    qc.clear();
  });
});
