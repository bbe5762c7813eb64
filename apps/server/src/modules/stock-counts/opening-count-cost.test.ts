import type { Location, Product, StockCountReview } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { buildBusiness } from '../../test/factories.js';
import { buildProduct, buildSupplier, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A new product has no average cost (0) until stock comes in. A count's gain of such a product (an
 * opening count) is booked at its buying price, not at 0, and moves its average cost as a receipt
 * at that price would (`incomingCost`, count-close.ts finaliseCount): the next receipt
 * then averages units that cost something, and the profit of later sales is not overstated. The
 * open count's review values the gain at the same price its finalise books.
 */
describe('an opening count of a product with no average cost yet', () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  let supplier: string;
  const post = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  const product = (id: string) =>
    t.app.inject({ url: `/api/products/${id}`, headers: { cookie: admin } }).then((r) => r.json<Product>());
  const review = (countId: string) =>
    t.app
      .inject({ url: `/api/stock-counts/${countId}/review`, headers: { cookie: admin } })
      .then((r) => r.json<StockCountReview>());
  const counted = async (lines: { product_id: string; quantity: number }[]) => {
    const id = v7();
    expect((await post('/api/stock-counts', { id, location_id: shop.id })).statusCode).toBe(201);
    for (const l of lines)
      expect((await post(`/api/stock-counts/${id}/entries`, { id: v7(), ...l })).statusCode).toBe(201);
    return id;
  };
  const finalise = async (countId: string) => {
    const res = await post(`/api/stock-counts/${countId}/finalise`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StockCountReview>();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    supplier = (await buildSupplier(t.app, admin)).id;
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('books the counted stock at the buying price, and a delivery at the same cost keeps it', async () => {
    const p = await buildProduct(t.app, admin, { price: 15_000, buying_price: 10_000 });
    const countId = await counted([{ product_id: p.id, quantity: 10_000 }]);
    // the review, before and after, values the 10 found at 100.00 each
    expect((await review(countId)).total_variance_value).toBe(100_000);
    expect((await finalise(countId)).total_variance_value).toBe(100_000);
    expect((await product(p.id)).avg_cost).toBe(10_000);
    const entry = await t.db.kysely
      .selectFrom('journal')
      .select('detail')
      .where('doc_id', '=', p.id)
      .where('action', '=', 'product.cost')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.detail ?? '{}')).toEqual({ avg_cost: 10_000, count_id: countId });
    await received(t.app, admin, {
      supplier_id: supplier,
      location_id: shop.id,
      lines: [{ product_id: p.id, quantity: 10_000, unit_cost: 10_000 }],
    });
    const after = await product(p.id);
    expect(after.on_hand).toBe(20_000);
    // every one of the 20 cost 100.00 (the zero-cost 10 averaged in made it 50.00)
    expect(after.avg_cost).toBe(10_000);
  });

  it('leaves a product with an average cost, or without a buying price, as it was', async () => {
    const costed = await buildProduct(t.app, admin, { price: 15_000, buying_price: 10_000 });
    await received(t.app, admin, {
      supplier_id: supplier,
      location_id: shop.id,
      lines: [{ product_id: costed.id, quantity: 2_000, unit_cost: 8_000 }],
    });
    const unpriced = await buildProduct(t.app, admin, { price: 15_000 });
    const countId = await counted([
      { product_id: costed.id, quantity: 5_000 },
      { product_id: unpriced.id, quantity: 1_000 },
    ]);
    // 3 found at the average 80.00, 1 at no cost
    expect((await finalise(countId)).total_variance_value).toBe(24_000);
    expect((await product(costed.id)).avg_cost).toBe(8_000);
    expect((await product(unpriced.id)).avg_cost).toBe(0);
  });
});
