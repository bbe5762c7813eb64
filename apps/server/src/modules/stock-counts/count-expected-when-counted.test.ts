import type { Location, Product, StockCountReview } from '@duka/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { sold } from '../../test/sales-factories.js';
import { buildProduct, buildSupplier, newDocId, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A count that does not freeze sales, while the shop sells: a product is expected to be at its
 * level when the counters reached it (its first entry's), not at the start's snapshot. What sold
 * before it was counted is not on the shelf they counted: corrected from the snapshot, it was
 * taken off a second time (ADR 4).
 */
describe('a count while the shop sells', () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  let beans: Product;
  const post = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  const sell = (quantity: number) =>
    sold(t.app, admin, {
      kind: 'cash',
      location_id: shop.id,
      lines: [{ product_id: beans.id, quantity }],
      tendered: 100_000,
    });
  const level = async () =>
    (await t.app.inject({ url: `/api/products/${beans.id}`, headers: { cookie: admin } }))
      .json<Product>()
      .levels.find((l) => l.location_id === shop.id)?.quantity ?? 0;
  const count = (id: string, quantity: number) =>
    post(`/api/stock-counts/${id}/entries`, { id: newDocId(), product_id: beans.id, quantity });

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

  it('sold before and after the product was counted: the level ends at what was counted less what sold after', async () => {
    const id = newDocId();
    expect((await post('/api/stock-counts', { id, location_id: shop.id })).statusCode).toBe(201);
    await sell(2_000); // before the counters reach the beans: 18 on the shelf
    expect((await count(id, 12_000)).statusCode).toBe(201); // the shelf: 12 of them
    await sell(1_000); // after
    expect((await count(id, 6_000)).statusCode).toBe(201); // the back shelf, later: 6 more
    await sell(1_000);
    const review = (
      await t.app.inject({ url: `/api/stock-counts/${id}/review`, headers: { cookie: admin } })
    ).json<StockCountReview>();
    // expected as the beans were first counted (18), not the start's 20; moved since then: 2 sold
    expect(review.lines.map((l) => [l.expected, l.counted, l.variance, l.moved_since_start])).toEqual([
      [18_000, 18_000, 0, -2_000],
    ]);
    const done = await post(`/api/stock-counts/${id}/finalise`);
    expect(done.statusCode, done.body).toBe(200);
    // 18 counted, 2 sold after they were counted (the snapshot's correction left 14)
    expect(await level()).toBe(16_000);
    expect(done.json<StockCountReview>().lines[0]).toMatchObject({
      expected: 18_000,
      variance: 0,
      moved_since_start: -2_000,
    });
  });

  it('a count short of what the books say, found after sales: the loss is what was missing when counted', async () => {
    const id = newDocId();
    const before = await level();
    expect((await post('/api/stock-counts', { id, location_id: shop.id })).statusCode).toBe(201);
    await sell(1_000);
    expect((await count(id, before - 1_000 - 3_000)).statusCode).toBe(201); // 3 missing
    const done = await post(`/api/stock-counts/${id}/finalise`);
    expect(done.json<StockCountReview>().lines[0]).toMatchObject({
      variance: -3_000,
      variance_value: -3_000,
    });
    expect(await level()).toBe(before - 1_000 - 3_000);
  });
});
