import type { StockDocument } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop } from '../../test/sales-factories.js';
import { buildLocation, newDocId, received } from '../../test/stock-factories.js';
import { statementsOf as recorded } from '../../test/statements.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * Issue 21: on PostgreSQL every statement is a round trip, so a stock document's reads under its
 * business's lock (its id, its locations, a receipt's supplier, its products and their stock on
 * hand) are one statement, a receipt's moved costs' journal entries one, and its writes (the
 * document, its lines, the moved costs, the movements and levels, its journal entry) one. With the
 * lock sent with `begin` and the `commit`: five round trips for a receipt that moves costs, four
 * for a document that moves none. The shop's SQLite keeps one statement each.
 */
describe('the round trips of a stock document', () => {
  let t: TestApp;
  let s: Shop;
  let store: string;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    store = (await buildLocation(t.app, s.admin, 'Store room')).id;
  });
  afterAll(() => t.close());

  const statementsOf = <T>(act: () => Promise<T>) => recorded(t.db, act);
  const pg = () => t.db.dialect === 'postgres';
  const post = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: s.admin },
      payload: { id: newDocId(), note: '', ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<StockDocument>();
  };
  const product = (id: string) =>
    t.db.kysely
      .selectFrom('products')
      .select(['avg_cost', 'stamps'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('a receipt that moves three costs: five round trips, every cost and its stamp written', async () => {
    const { texts, result: doc } = await statementsOf(() =>
      received(t.app, s.admin, {
        supplier_id: s.supplier,
        location_id: s.shop.id,
        lines: [
          { product_id: s.sugar.id, quantity: 100_000, unit_cost: 17_000 },
          { product_id: s.bread.id, quantity: 100_000, unit_cost: 6_000 },
          { product_id: s.milk.id, quantity: 100_000, unit_cost: 5_500 },
        ],
      }),
    );
    // 100 at 150.00 and 100 at 170.00 average 160.00 (and so on)
    expect(Number((await product(s.sugar.id)).avg_cost)).toBe(16_000);
    expect(Number((await product(s.bread.id)).avg_cost)).toBe(5_500);
    expect(Number((await product(s.milk.id)).avg_cost)).toBe(5_000);
    const entries = await t.db.kysely
      .selectFrom('journal')
      .select(['doc_id', 'hlc', 'seq', 'action'])
      .where('action', 'in', ['product.cost', 'stock.receipt'])
      .orderBy('seq', 'desc')
      .limit(4)
      .execute();
    // the costs' entries, then the receipt's, numbered one after the other
    expect(entries.map((e) => e.action)).toEqual([
      'stock.receipt',
      'product.cost',
      'product.cost',
      'product.cost',
    ]);
    expect(entries.map((e) => Number(e.seq))).toEqual([0, 1, 2, 3].map((i) => Number(entries[0]!.seq) - i));
    expect(entries[0]!.doc_id).toBe(doc.id);
    for (const p of [s.sugar, s.bread, s.milk]) {
      const stamp = JSON.parse((await product(p.id)).stamps).avg_cost;
      expect(stamp).toBe(entries.find((e) => e.doc_id === p.id)?.hlc);
    }
    const level = await t.db.kysely
      .selectFrom('stock_levels')
      .select('quantity')
      .where('product_id', '=', s.sugar.id)
      .where('location_id', '=', s.shop.id)
      .executeTakeFirstOrThrow();
    expect(Number(level.quantity)).toBe(200_000);
    if (pg()) {
      expect(texts).toHaveLength(5);
      expect(texts.at(-1)).toBe('commit');
    } else expect(texts.length).toBeGreaterThan(5);
  });

  it('a receipt that moves no cost, an adjustment and a transfer: four round trips each', async () => {
    const same = { supplier_id: s.supplier, location_id: s.shop.id };
    const cost = Number((await product(s.bread.id)).avg_cost);
    for (const [url, payload] of [
      [
        '/api/stock/receipts',
        { ...same, lines: [{ product_id: s.bread.id, quantity: 1_000, unit_cost: cost }] },
      ],
      [
        '/api/stock/negative',
        { location_id: s.shop.id, reason: 'damaged', lines: [{ product_id: s.milk.id, quantity: 1_000 }] },
      ],
      [
        '/api/stock/transfers',
        {
          from_location_id: s.shop.id,
          to_location_id: store,
          lines: [
            { product_id: s.sugar.id, quantity: 2_000 },
            { product_id: s.milk.id, quantity: 3_000 },
          ],
        },
      ],
    ] as const) {
      const { texts } = await statementsOf(() => post(url, payload));
      if (pg()) expect(texts, url).toHaveLength(4);
      else expect(texts.length, url).toBeGreaterThan(4);
    }
    const moved = await t.db.kysely
      .selectFrom('stock_levels')
      .select(['product_id', 'quantity'])
      .where('location_id', '=', store)
      .orderBy('product_id')
      .execute();
    expect(new Map(moved.map((m) => [m.product_id, Number(m.quantity)]))).toEqual(
      new Map([
        [s.sugar.id, 2_000],
        [s.milk.id, 3_000],
      ]),
    );
  });
});
