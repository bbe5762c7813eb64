import type { Location, Product, StockCountListItem } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { buildTenant } from '../../test/tenancy-factories.js';
import { buildProduct } from '../../test/stock-factories.js';
import { statementsOf } from '../../test/statements.js';

/**
 * The list of counts says how far each has gone (products counted, entries), not its totals: a
 * count of a whole shop is half a megabyte of them, and the list read them for each of its 100.
 */
describe('the list of counts', () => {
  let t: TestApp;
  let admin: string;
  let other: string;
  let products: Product[];
  const get = async (url: string, cookie = admin) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StockCountListItem[]>();
  };
  const post = async (url: string, payload: object, cookie = admin) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect(res.statusCode, res.body).toBe(201);
  };
  const location = async (name: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/locations',
        headers: { cookie: admin },
        payload: { name },
      })
    ).json<Location>();

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildTenant(t, 'Alpha')).admin;
    other = (await buildTenant(t, 'Beta')).admin;
    products = [];
    for (const code of ['A', 'B', 'C']) products.push(await buildProduct(t.app, admin, { name: code, code }));
  });
  afterAll(() => t.close());

  it('gives each count its products counted and entries, no totals, in two statements however many', async () => {
    const counts: string[] = [];
    for (const [i, name] of ['Store 1', 'Store 2', 'Store 3'].entries()) {
      const id = v7();
      counts.push(id);
      await post('/api/stock-counts', { id, location_id: (await location(name)).id });
      // count i counts i + 1 products, the first of them twice
      for (const p of products.slice(0, i + 1))
        await post(`/api/stock-counts/${id}/entries`, { id: v7(), product_id: p.id, quantity: 1_000 });
      await post(`/api/stock-counts/${id}/entries`, {
        id: v7(),
        product_id: products[0]!.id,
        quantity: 1_000,
      });
    }
    const list = await get('/api/stock-counts?status=open');
    const mine = new Map(list.map((c) => [c.id, c]));
    expect(counts.map((id) => [mine.get(id)?.products_counted, mine.get(id)?.entries])).toEqual([
      [1, 2],
      [2, 3],
      [3, 4],
    ]);
    expect(list[0]).not.toHaveProperty('counted');
    const { texts } = await statementsOf(t.db, () =>
      t.app.inject({ url: '/api/stock-counts', headers: { cookie: admin } }),
    );
    expect(texts.filter((s) => /stock_count/.test(s))).toHaveLength(2);
    // another business sees none of them
    expect((await get('/api/stock-counts', other)).filter((c) => counts.includes(c.id))).toEqual([]);
  });
});
