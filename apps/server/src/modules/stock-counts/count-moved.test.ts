import type { Location, Product, StockCountReview } from '@duka/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { sold } from '../../test/sales-factories.js';
import { buildProduct, buildSupplier, newDocId, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * "Moved since the start" of a count is what the location's levels did while it was open: after
 * it closes it is what was kept then (migration 0031), not the level now less the snapshot, which
 * counted the count's own corrections as movement and changed with every sale after it (ADR 4: a
 * closed count reads the same later).
 */
describe("a closed count's moved since the start", () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  let beans: Product;
  const post = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  const review = async (id: string) =>
    (
      await t.app.inject({ url: `/api/stock-counts/${id}/review`, headers: { cookie: admin } })
    ).json<StockCountReview>();
  const figures = (r: StockCountReview) =>
    r.lines.map((l) => [l.expected, l.counted, l.variance, l.variance_value, l.moved_since_start]);
  const sellOne = () =>
    sold(t.app, admin, {
      kind: 'cash',
      location_id: shop.id,
      lines: [{ product_id: beans.id, quantity: 1_000 }],
      tendered: 10_000,
    });
  /** A count of the beans, 18 counted, with one sold while it is open. */
  const counted = async () => {
    const id = newDocId();
    expect((await post('/api/stock-counts', { id, location_id: shop.id })).statusCode).toBe(201);
    await post(`/api/stock-counts/${id}/entries`, { id: newDocId(), product_id: beans.id, quantity: 18_000 });
    await sellOne();
    return id;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    const supplier = await buildSupplier(t.app, admin);
    beans = await buildProduct(t.app, admin, { name: 'Beans', code: 'BEAN', price: 2_000 });
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [{ product_id: beans.id, quantity: 20_000, unit_cost: 1_000 }],
    });
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('a finalised count: the one sold while it was open, not its correction, and the same after later sales', async () => {
    const id = await counted();
    expect(figures(await review(id))).toEqual([[20_000, 18_000, -2_000, -2_000, -1_000]]);
    const done = await post(`/api/stock-counts/${id}/finalise`);
    expect(done.statusCode, done.body).toBe(200);
    expect(figures(done.json<StockCountReview>())).toEqual([[20_000, 18_000, -2_000, -2_000, -1_000]]);
    await sellOne();
    expect(figures(await review(id))).toEqual([[20_000, 18_000, -2_000, -2_000, -1_000]]);
    // finalised again (a retry): the same answer
    expect(figures((await post(`/api/stock-counts/${id}/finalise`)).json<StockCountReview>())).toEqual([
      [20_000, 18_000, -2_000, -2_000, -1_000],
    ]);
  });

  it('a cancelled count: what moved until it was cancelled, the same after later sales', async () => {
    const id = await counted();
    expect((await post(`/api/stock-counts/${id}/cancel`)).statusCode).toBe(200);
    const atCancel = figures(await review(id));
    expect(atCancel.map((l) => l[4])).toEqual([-1_000]);
    await sellOne();
    expect(figures(await review(id))).toEqual(atCancel);
  });
});
