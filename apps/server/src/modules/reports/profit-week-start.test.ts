import type { ProfitReport } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, sold } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * The profit report by week starts its weeks on the business's first day of the week: Monday
 * (ISO, every business until its profile says otherwise), Sunday or Saturday. Bread (no tax, 65.00)
 * sold on a Saturday and a Sunday of two weekends and the Monday after, 1 to 5 loaves, shows
 * which week each day falls in.
 */
describe('the profit report by week follows the first day of the week', () => {
  let t: TestApp;
  let s: Shop;
  const at = (ms: number) => t.clock.advance(ms - t.clock.now().getTime());
  const BREAD = 6_500;
  // 2026-03-07 and 2026-03-14 are Saturdays
  const days = ['2026-03-07', '2026-03-08', '2026-03-14', '2026-03-15', '2026-03-16'];

  beforeAll(async () => {
    t = await buildTestApp({ sessionIdleMs: 1e12, sessionMaxMs: 1e12 });
    at(Date.parse('2026-02-20T09:00:00Z'));
    s = await buildShop(t.app, { timezone: 'Africa/Nairobi' });
    for (const [i, day] of days.entries()) {
      at(Date.parse(`${day}T09:00:00Z`)); // 12:00 in Nairobi
      const sale = await sold(t.app, s.admin, {
        kind: 'cash',
        location_id: s.shop.id,
        lines: [{ product_id: s.bread.id, quantity: (i + 1) * 1000 }],
        tendered: 100_000,
      });
      expect(sale.business_day).toBe(day);
    }
  });
  afterAll(() => t.close());

  const weeks = async (weekStart: 0 | 1 | 6) => {
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: s.admin },
      payload: { week_start: weekStart },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await t.app.inject({
      url: '/api/reports/profit?from=2026-03-01&to=2026-03-21&period=week',
      headers: { cookie: s.admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<ProfitReport>();
    expect(r.totals.revenue).toBe(15 * BREAD);
    return r.periods.map((p) => [p.start, p.end, p.revenue / BREAD]);
  };

  it('from Monday: Saturday and Sunday in one week', async () => {
    expect(await weeks(1)).toEqual([
      ['2026-03-02', '2026-03-08', 1 + 2],
      ['2026-03-09', '2026-03-15', 3 + 4],
      ['2026-03-16', '2026-03-21', 5],
    ]);
  });

  it('from Sunday: each Sunday starts a week, its Saturday ends the one before', async () => {
    expect(await weeks(0)).toEqual([
      ['2026-03-01', '2026-03-07', 1],
      ['2026-03-08', '2026-03-14', 2 + 3],
      ['2026-03-15', '2026-03-21', 4 + 5],
    ]);
    // the report's file groups the same way
    const csv = await t.app.inject({
      url: '/api/reports/profit/export?format=csv&from=2026-03-01&to=2026-03-21&period=week',
      headers: { cookie: s.admin },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toMatch(/2026-03-08/);
    expect(csv.body).not.toMatch(/2026-03-09/);
  });

  it('from Saturday: the weekend starts the week', async () => {
    expect(await weeks(6)).toEqual([
      ['2026-03-07', '2026-03-13', 1 + 2],
      ['2026-03-14', '2026-03-20', 3 + 4 + 5],
    ]);
  });
});
