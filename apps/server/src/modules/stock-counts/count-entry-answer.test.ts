import type { Location, Product, StockCount } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { buildProduct, newDocId } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A scan (POST /api/stock-counts/:id/entries) answers the count with its own product's total, not
 * every counted total again: counting a shop of N products sent O(N) to the phone per scan, O(N²)
 * over the count, and read every total to find the one it checks.
 */
describe("a count scan's answer", () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  let products: Product[];
  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin }, payload });
  const figures = (c: StockCount) => c.counted.map((l) => [l.product_name, l.quantity, l.entries]);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    products = [];
    for (const name of ['Beans', 'Flour', 'Salt'])
      products.push(await buildProduct(t.app, admin, { name, code: name.toUpperCase(), unit: 'kg' }));
  });
  afterAll(() => t.close());

  it("holds the scanned product's total only; the count read apart holds them all", async () => {
    const id = newDocId();
    expect((await post('/api/stock-counts', { id, location_id: shop.id })).statusCode).toBe(201);
    const scan = async (p: Product, quantity: number) => {
      const res = await post(`/api/stock-counts/${id}/entries`, {
        id: newDocId(),
        product_id: p.id,
        quantity,
      });
      expect(res.statusCode).toBe(201);
      return res.json<StockCount>();
    };
    const [beans, flour, salt] = products as [Product, Product, Product];
    await scan(beans, 2_000);
    await scan(salt, 1_000);
    expect(figures(await scan(flour, 3_000))).toEqual([['Flour', 3_000, 1]]);
    const again = await scan(beans, 500);
    expect(again).toMatchObject({ id, status: 'open', location_id: shop.id });
    expect(figures(again)).toEqual([['Beans', 2_500, 2]]);
    // a correction is checked against that product's total alone
    expect(
      (
        await post(`/api/stock-counts/${id}/entries`, {
          id: newDocId(),
          product_id: salt.id,
          quantity: -1_500,
        })
      ).statusCode,
    ).toBe(422);
    const count = (
      await t.app.inject({ url: `/api/stock-counts/${id}`, headers: { cookie: admin } })
    ).json<StockCount>();
    expect(figures(count)).toEqual([
      ['Beans', 2_500, 2],
      ['Flour', 3_000, 1],
      ['Salt', 1_000, 1],
    ]);
  });
});
