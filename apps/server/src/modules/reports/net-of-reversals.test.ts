import type { Dashboard, ProfitReport, SalesReport } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillReversalDiscounts, fillSummaries } from '../../db/migrations/0013-reversal-discounts.js';
import { buildShop, reversed, sold } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * ADR 6: every report figure is net of reversals. One sale with a line discount and a sale
 * discount, then a third of one line and all of the other taken back: each total of the sales
 * report, the profit report and the dashboard counts only what the customer kept.
 */
describe('report totals are net of reversals', () => {
  let t: TestApp;
  let admin: string;
  let sales: SalesReport;
  let profit: ProfitReport;
  let board: Dashboard;

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.advance(Date.parse('2026-05-04T09:00:00Z') - t.clock.now().getTime());
    const s = await buildShop(t.app, { timezone: 'Africa/Nairobi' });
    admin = s.admin;
    // Sugar 3 × 180.00 − 30.00 = 510.00; bread 1 × 65.00 − 5.00 = 60.00; the sale's 57.00 off is
    // shared 51.00 / 6.00 by the lines' amounts: line nets 459.00 and 54.00, total 513.00.
    const sale = await sold(t.app, admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [
        { product_id: s.sugar.id, quantity: 3_000, discount: 3_000 },
        { product_id: s.bread.id, quantity: 1_000, discount: 500 },
      ],
      discount: 5_700,
      tendered: 100_000,
    });
    expect(sale.discount).toBe(9_200);
    // One of three sugars back: a third of its 81.00 of discounts (27.00); all of the bread: 11.00.
    await reversed(t.app, admin, sale.id, {
      lines: [
        { line_no: 1, quantity: 1_000 },
        { line_no: 2, quantity: 1_000 },
      ],
    });
    const day = '2026-05-04';
    const get = async <T>(url: string) => {
      const res = await t.app.inject({ url, headers: { cookie: admin } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    };
    sales = await get<SalesReport>(`/api/reports/sales?from=${day}&to=${day}`);
    profit = await get<ProfitReport>(`/api/reports/profit?from=${day}&to=${day}&period=day`);
    board = await get<Dashboard>('/api/reports/dashboard');
  });
  afterAll(() => t.close());

  it("the sales report's discount is what the kept goods were given off", () => {
    // 92.00 given, 27.00 + 11.00 of it came back with the goods: 54.00 (was 92.00).
    expect(sales.totals.discount).toBe(5_400);
  });

  it('the sales total, tax, cost and counts are net too', () => {
    // Kept: two sugars at 459.00 × 2/3 = 306.00.
    expect(sales.totals).toMatchObject({
      sales_total: 51_300,
      reversals_total: 51_300 - 30_600,
      net: 30_600,
      sales_count: 1,
      reversals_count: 1,
    });
    // Sugar is taxed at 16% inside its price: 30,600 × 16/116 = 4,220.69 → 4,221.
    expect(sales.totals.tax).toBe(4_221);
    expect(profit.totals.tax).toBe(4_221);
    expect(profit.totals.revenue).toBe(30_600 - 4_221);
    // Two sugars at their cost of 150.00.
    expect(profit.totals.cogs).toBe(30_000);
    expect(board.today_figures).toMatchObject({ sales: 30_600, profit: 30_600 - 4_221 - 30_000 });
  });

  it('the migration works out the discounts of reversals made before it as a reversal does', async () => {
    const db = t.db.kysely;
    const kept = await db.selectFrom('sale_reversals').select(['id', 'discount']).execute();
    expect(kept.map((r) => Number(r.discount))).toEqual([3_800]);
    await db.updateTable('sale_reversals').set({ discount: 0 }).execute();
    for (const table of ['sales_summary_daily', 'product_sales_daily', 'product_sales_monthly'] as const)
      await db.deleteFrom(table).execute();
    await fillReversalDiscounts(db);
    await fillSummaries(db);
    expect(await db.selectFrom('sale_reversals').select(['id', 'discount']).execute()).toEqual(kept);
    const res = await t.app.inject({
      url: '/api/reports/sales?from=2026-05-04&to=2026-05-04',
      headers: { cookie: admin },
    });
    expect(res.json<SalesReport>().totals).toEqual(sales.totals);
  });
});
