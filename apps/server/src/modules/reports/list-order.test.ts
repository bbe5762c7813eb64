import type { Product, SalesList, StockReport } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShop, type Shop, sold } from '../../test/sales-factories.js';
import { buildLocation, buildProduct, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * Lists come in one order on SQLite and PostgreSQL: each has an explicit order with a tie-breaker
 * (PostgreSQL otherwise answers in the order rows lie on disk, which an update changes).
 */
describe('lists have one stable order on both databases', () => {
  let t: TestApp;
  let s: Shop;
  const sorted = (ids: string[]) => [...ids].sort();

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
  });
  afterAll(() => t.close());

  it("a product's levels by location, whatever order they were made and moved in", async () => {
    const first = await buildLocation(t.app, s.admin, 'Depot');
    const second = await buildLocation(t.app, s.admin, 'Kiosk');
    const product = await buildProduct(t.app, s.admin, { name: 'Soap bar' });
    const receive = (location_id: string) =>
      received(t.app, s.admin, {
        supplier_id: s.supplier,
        location_id,
        lines: [{ product_id: product.id, quantity: 1_000, unit_cost: 100 }],
      });
    // The later location first, then the earlier, then the later again (a moved row on PostgreSQL).
    await receive(second.id);
    await receive(first.id);
    await receive(second.id);
    const read = await t.app.inject({ url: `/api/products/${product.id}`, headers: { cookie: s.admin } });
    const levels = read.json<Product>().levels.map((l) => l.location_id);
    expect(levels).toEqual(sorted([first.id, second.id]));
  });

  it('products of the same name in the stock report by id', async () => {
    const twins = [
      await buildProduct(t.app, s.admin, { name: 'Twin', code: 'TW1' }),
      await buildProduct(t.app, s.admin, { name: 'Twin', code: 'TW2' }),
    ];
    for (const p of [...twins].reverse())
      await received(t.app, s.admin, {
        supplier_id: s.supplier,
        location_id: s.shop.id,
        lines: [{ product_id: p.id, quantity: 1_000, unit_cost: 100 }],
      });
    const day = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({
      url: `/api/reports/stock?from=${day}&to=${day}&location_id=${s.shop.id}`,
      headers: { cookie: s.admin },
    });
    const rows = res.json<StockReport>().on_hand.filter((r) => r.name === 'Twin');
    expect(rows.map((r) => r.product_id)).toEqual(sorted(twins.map((p) => p.id)));
  });

  it("a day's sales made in the same millisecond, the latest id first", async () => {
    // The test clock stands still: both sales have the same time.
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await sold(t.app, s.admin, {
            kind: 'cash',
            location_id: s.shop.id,
            lines: [{ product_id: s.bread.id, quantity: 1_000 }],
            tendered: 10_000,
          })
        ).id,
      );
    const res = await t.app.inject({
      url: `/api/sales?location_id=${s.shop.id}`,
      headers: { cookie: s.admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json<SalesList>().items.map((i) => i.id);
    expect(listed).toEqual(sorted(ids).reverse());
  });
});
