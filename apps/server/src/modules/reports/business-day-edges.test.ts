import type {
  DailySummary,
  Dashboard,
  ProfitReport,
  SalesList,
  SalesReport,
  Statement,
  StockReport,
  TransferList,
} from '@duka/domain';
import { addDays, dayStart } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShop, sold, type Shop } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A transfer sale 1 ms before a local midnight and a debtor sale at it, in the zones furthest
 * ahead of UTC and behind it, and at the end of a 25-hour day (reports.test.ts has Berlin's
 * 23-hour day; the domain's time.test.ts every day of a year in many zones): every reader puts
 * each sale on its own day.
 */
for (const [tz, day] of [
  ['Pacific/Kiritimati', '2026-05-21'], // UTC+14
  ['Pacific/Pago_Pago', '2026-05-21'], // UTC−11
  ['Europe/Berlin', '2026-10-25'], // a 25-hour day
] as const) {
  describe(`business days at midnight in ${tz} (${day})`, () => {
    let t: TestApp;
    let s: Shop;
    const at = (ms: number) => t.clock.advance(ms - t.clock.now().getTime());
    const get = async <T>(url: string) => {
      const res = await t.app.inject({ url, headers: { cookie: s.admin } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json<T>();
    };
    const next = addDays(day, 1);
    const midnight = dayStart(next, tz);

    beforeAll(async () => {
      t = await buildTestApp({ sessionIdleMs: 1e12, sessionMaxMs: 1e12 });
      at(midnight - 3 * 86_400_000);
      s = await buildShop(t.app, { timezone: tz });
      at(midnight - 1);
      const before = await sold(t.app, s.admin, {
        kind: 'transfer',
        location_id: s.shop.id,
        provider_id: s.mpesa.id,
        reference: 'LATE1',
        lines: [{ product_id: s.bread.id, quantity: 1_000 }],
      });
      expect(before.business_day).toBe(day);
      at(midnight);
      const after = await sold(t.app, s.admin, {
        kind: 'debtor',
        location_id: s.shop.id,
        debtor_id: s.debtor.id,
        lines: [{ product_id: s.bread.id, quantity: 2_000 }],
      });
      expect(after.business_day).toBe(next);
    });
    afterAll(() => t.close());

    it('the sales list, daily summaries and sales report put each sale on its day', async () => {
      expect((await get<SalesList>(`/api/sales?day=${day}`)).items).toHaveLength(1);
      expect((await get<SalesList>(`/api/sales?day=${next}`)).items).toHaveLength(1);
      const before = await get<DailySummary>(`/api/daily-sales?location_id=${s.shop.id}&day=${day}`);
      const after = await get<DailySummary>(`/api/daily-sales?location_id=${s.shop.id}&day=${next}`);
      expect([before.totals.sales.transfer.count, before.totals.sales.debtor.count]).toEqual([1, 0]);
      expect([after.totals.sales.transfer.count, after.totals.sales.debtor.count]).toEqual([0, 1]);
      const report = await get<SalesReport>(`/api/reports/sales?from=${day}&to=${next}`);
      expect(report.by_day.map((d) => d.day)).toEqual([day, next]);
    });

    it("the stock report's sales of each day are worth the profit report's cost of goods", async () => {
      for (const d of [day, next]) {
        const profit = await get<ProfitReport>(`/api/reports/profit?from=${d}&to=${d}&period=day`);
        const stock = await get<StockReport>(`/api/reports/stock?from=${d}&to=${d}`);
        expect(profit.totals.cogs).toBeGreaterThan(0);
        expect(-stock.movements.find((m) => m.kind === 'sale')!.value, d).toBe(profit.totals.cogs);
      }
    });

    it('the dashboard, transfers and the debtor statement put each sale on its day', async () => {
      const dash = await get<Dashboard>('/api/reports/dashboard');
      expect(dash.today).toBe(next);
      expect([dash.yesterday_figures.count, dash.today_figures.count]).toEqual([1, 1]);
      expect((await get<TransferList>(`/api/transfers?from=${day}&to=${day}`)).items).toHaveLength(1);
      expect((await get<TransferList>(`/api/transfers?from=${next}&to=${next}`)).items).toHaveLength(0);
      const statement = (d: string) =>
        get<Statement>(`/api/debtors/${s.debtor.id}/statement?from=${d}&to=${d}`);
      expect((await statement(day)).entries).toHaveLength(0);
      expect((await statement(next)).entries).toHaveLength(1);
    });
  });
}
