import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, stock } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * Writes that change a document besides the one they make journal it too (ADR 3): what follows
 * the journal (sync, ADR 11) must see every change. These three did not.
 */
describe('the journal names every document a write changes', () => {
  let t: TestApp;
  let s: Shop;

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
  });
  afterAll(() => t.close());

  const rows = (docType: string) =>
    t.db.kysely
      .selectFrom('journal')
      .select(['doc_id', 'action', 'detail'])
      .where('doc_type', '=', docType)
      .orderBy('seq')
      .execute();

  it('a supplier receipt that moves a product’s average cost journals the product', async () => {
    const before = (await rows('product')).filter((r) => r.action === 'product.cost').length;
    // Sugar was stocked at 15,000 a unit: more at 21,000 moves its average; bread at its own cost does not.
    await stock(t.app, s.admin, s.supplier, s.shop.id, [
      { product: s.sugar, quantity: 100_000, unit_cost: 21_000 },
      { product: s.bread, quantity: 1_000, unit_cost: 5_000 },
    ]);
    const costs = (await rows('product')).filter((r) => r.action === 'product.cost').slice(before);
    expect(costs.map((r) => r.doc_id)).toEqual([s.sugar.id]);
    const product = await t.db.kysely
      .selectFrom('products')
      .select('avg_cost')
      .where('id', '=', s.sugar.id)
      .executeTakeFirstOrThrow();
    expect(Number(product.avg_cost)).toBe(18_000);
  });

  it('the first print journals the business’s new signing keys, once', async () => {
    const keysMade = async () =>
      (await rows('business')).filter((r) => r.action === 'business.keys_create').length;
    expect(await keysMade()).toBe(0);
    for (let i = 0; i < 2; i += 1) {
      const cert = await t.app.inject({ url: '/api/print/certificate', headers: { cookie: s.admin } });
      expect(cert.statusCode, cert.body).toBe(200);
    }
    expect(await keysMade()).toBe(1);
  });

  it('a stock count entry is its own document, not the whole count again', async () => {
    const count = await t.app.inject({
      method: 'POST',
      url: '/api/stock-counts',
      headers: { cookie: s.admin },
      payload: { id: v7(), location_id: s.shop.id, freeze_sales: false },
    });
    expect(count.statusCode, count.body).toBe(201);
    const entryId = v7();
    const entry = await t.app.inject({
      method: 'POST',
      url: `/api/stock-counts/${count.json<{ id: string }>().id}/entries`,
      headers: { cookie: s.admin },
      payload: { id: entryId, product_id: s.milk.id, quantity: 2_000 },
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const entries = await rows('stock_count_entry');
    expect(entries.map((r) => r.doc_id)).toEqual([entryId]);
    expect(JSON.parse(entries[0]!.detail ?? '{}')).toMatchObject({
      count_id: count.json<{ id: string }>().id,
      product_id: s.milk.id,
    });
    const countRows = (await rows('stock_count')).filter((r) => r.action === 'stock_count.entry');
    expect(countRows).toEqual([]);
  });
});
