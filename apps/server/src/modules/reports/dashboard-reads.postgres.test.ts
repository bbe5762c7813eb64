import { addDays, businessDay, monthStart } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, sold } from '../../test/sales-factories.js';
import { buildProduct } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { type DashboardRanges, readOnce, readsInParts } from './dashboard-reads.js';
import { productParts } from './sales-report.js';

const DAY = 86_400_000;

/**
 * Issue 21: on PostgreSQL the dashboard's reads are one statement, each read a JSON array of its
 * rows. It must answer what the reads one by one answer: the days' sums, the week's products over
 * months and days (a month's sums less its days outside the range), the month's expenses, the
 * products that can be low and the debtors' and waiting transfers' totals.
 */
describe("the dashboard's reads in one statement", () => {
  let t: TestApp;
  let s: Shop;
  let today: string;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    await buildProduct(t.app, s.admin, { name: 'Soap bar', code: 'SOAP', reorder_level: 5_000 });
    const category = await t.app.inject({
      method: 'POST',
      url: '/api/expense-categories',
      headers: { cookie: s.admin },
      payload: { name: 'Rent' },
    });
    expect(category.statusCode, category.body).toBe(201);
    const { timezone } = await t.db.kysely
      .selectFrom('businesses')
      .select('timezone')
      .executeTakeFirstOrThrow();
    // 50 days of sales, one kind after another, and an expense every second day
    t.clock.advance(-50 * DAY);
    for (let i = 0; i < 50; i++) {
      // one debtor sale (its limit is KES 1,000), a transfer every third day, else cash
      const kind = i === 1 ? 'debtor' : i % 3 === 2 ? 'transfer' : 'cash';
      await sold(t.app, s.admin, {
        kind,
        location_id: s.shop.id,
        lines: [
          // sugar is sold in whole pieces: one or two a day
          { product_id: s.sugar.id, quantity: i === 1 ? 1_000 : 1_000 * (1 + (i % 2)) },
          { product_id: i % 2 ? s.bread.id : s.milk.id, quantity: 2_000 },
        ],
        ...(kind === 'cash' ? { tendered: 1_000_000 } : {}),
        ...(kind === 'debtor' ? { debtor_id: s.debtor.id } : {}),
        ...(kind === 'transfer' ? { provider_id: s.mpesa.id, reference: `R${i}` } : {}),
      });
      if (i % 2 === 1) {
        const expense = await t.app.inject({
          method: 'POST',
          url: '/api/expenses',
          headers: { cookie: s.admin },
          payload: {
            id: v7(),
            date: businessDay(t.clock.now(), timezone),
            category_id: category.json<{ id: string }>().id,
            amount: 500 + i,
            method: 'cash',
            location_id: s.shop.id,
          },
        });
        expect(expense.statusCode, expense.body).toBe(201);
      }
      t.clock.advance(DAY);
    }
    today = businessDay(t.clock.now(), timezone);
  });
  afterAll(() => t.close());

  it('answers what the reads one by one answer, over months and days', async () => {
    const businessId = (await t.db.kysely.selectFrom('businesses').select('id').executeTakeFirstOrThrow()).id;
    const thisMonth = monthStart(today);
    const lastMonth = monthStart(addDays(thisMonth, -1));
    const ranges: DashboardRanges[] = [
      // the dashboard's own
      {
        businessId,
        days: { from: addDays(today, -29) < thisMonth ? addDays(today, -29) : thisMonth, to: today },
        week: { from: addDays(today, -6), to: today },
        month: { from: thisMonth, to: today },
      },
      // last month whole but its first day, and this month so far: a month's sums less a day
      {
        businessId,
        days: { from: lastMonth, to: today },
        week: { from: addDays(lastMonth, 1), to: today },
        month: { from: lastMonth, to: addDays(thisMonth, -1) },
      },
    ];
    expect(productParts(businessId, ranges[1]!.week).map((p) => [p.table, p.sign])).toContainEqual([
      'day',
      -1,
    ]);
    for (const r of ranges) {
      const one = await readOnce(t.db.kysely, r);
      const parts = await readsInParts(t.db.kysely, r);
      expect(one.rows.length).toBeGreaterThan(0);
      expect(one.week.size).toBeGreaterThan(0);
      expect(one.expenses.size).toBeGreaterThan(0);
      expect(one.low.map((p) => p.name)).toContain('Soap bar');
      expect(Number(one.debtors.owed)).toBeGreaterThan(0);
      expect(Number(one.debtors.unconfirmed_n)).toBeGreaterThan(0);
      // the same figures: numbers in one, the driver's strings of numbers in the other
      expect(one.rows).toEqual(parts.rows);
      expect(one.week).toEqual(parts.week);
      expect(one.expenses).toEqual(parts.expenses);
      const low = (rows: typeof one.low) =>
        rows.map((p) => ({
          ...p,
          reorder_level: Number(p.reorder_level),
          q: p.q === null ? null : Number(p.q),
        }));
      expect(low(one.low)).toEqual(low(parts.low));
      const totals = (d: typeof one.debtors) =>
        Object.fromEntries(Object.entries(d).map(([k, v]) => [k, Number(v)]));
      expect(totals(one.debtors)).toEqual(totals(parts.debtors));
    }
  });
});
