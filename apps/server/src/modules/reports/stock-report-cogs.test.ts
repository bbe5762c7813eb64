import type { Product, ProfitReport, StockReport } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShop, sold, stock, type Shop } from '../../test/sales-factories.js';
import { buildProduct } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * Three sales of 0.333 l of milk (loose, by the litre) at an average cost of 45.00: each line's cost is 14.985 → 14.99
 * (sale_lines.cost, the profit report's COGS: 44.97). The stock report rounds the sum of
 * quantity × unit_cost once (44.955 → 44.96): the same goods leave at another value.
 */
describe('stock report: goods sold leave stock at the cost the profit report counts', () => {
  let t: TestApp;
  let s: Shop;
  let milk: Product;
  const at = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ url, headers: { cookie: s.admin } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  beforeAll(async () => {
    t = await buildTestApp({ sessionIdleMs: 1e12, sessionMaxMs: 1e12 });
    at('2026-05-20T06:00:00Z');
    s = await buildShop(t.app, { timezone: 'Africa/Nairobi' });
    milk = await buildProduct(t.app, s.admin, { name: 'Milk', code: 'MLKL', price: 6_000, unit: 'litre' });
    await stock(t.app, s.admin, s.supplier, s.shop.id, [
      { product: milk, quantity: 100_000, unit_cost: 4_500 },
    ]);
    at('2026-05-21T08:00:00Z');
    for (let i = 0; i < 3; i++)
      await sold(t.app, s.admin, {
        kind: 'cash',
        location_id: s.shop.id,
        lines: [{ product_id: milk.id, quantity: 333 }],
        tendered: 10_000,
      });
  });
  afterAll(() => t.close());

  it("the day's sale movements are worth the profit report's cost of goods sold", async () => {
    const p = await get<ProfitReport>('/api/reports/profit?from=2026-05-21&to=2026-05-21&period=day');
    const st = await get<StockReport>('/api/reports/stock?from=2026-05-21&to=2026-05-21');
    expect(p.totals.cogs).toBe(4_497);
    expect(-st.movements.find((m) => m.kind === 'sale')!.value).toBe(p.totals.cogs);
  });
});
