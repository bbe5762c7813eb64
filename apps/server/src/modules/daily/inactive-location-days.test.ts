import type { DailySummary, Expense, ExpenseCategory, Location } from '@duka/domain';
import { businessDay } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, sold, staffWith, stock } from '../../test/sales-factories.js';
import { buildLocation } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A location deactivated at the end of a day keeps its days (ADR 9: closed days still take
 * corrections): its figures are read, its day is closed and its expenses voided as any other's.
 * An expense at a location the user may not see is not there, for a void as for a read.
 */
describe("a deactivated location's days", () => {
  let t: TestApp;
  let s: Shop;
  let branch: Location;
  let day: string;
  let expense: Expense;
  const post = (url: string, payload: object, cookie = s.admin) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app, { timezone: 'Africa/Nairobi' });
    day = businessDay(t.clock.now(), 'Africa/Nairobi');
    branch = await buildLocation(t.app, s.admin, 'Branch');
    await stock(t.app, s.admin, s.supplier, branch.id, [
      { product: s.bread, quantity: 1_000, unit_cost: 5_000 },
    ]);
    // the branch sells its only loaf: it holds no stock, so it may be deactivated
    await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: branch.id,
      lines: [{ product_id: s.bread.id, quantity: 1_000 }],
      tendered: 6_500,
    });
    const category = (await post('/api/expense-categories', { name: 'Fuel' })).json<ExpenseCategory>();
    expense = (
      await post('/api/expenses', {
        id: v7(),
        date: day,
        category_id: category.id,
        amount: 700,
        method: 'cash',
        location_id: branch.id,
      })
    ).json<Expense>();
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/locations/${branch.id}`,
      headers: { cookie: s.admin },
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
  });
  afterAll(() => t.close());

  it('are read, corrected and closed', async () => {
    const read = async () => {
      const res = await t.app.inject({
        url: `/api/daily-sales?location_id=${branch.id}&day=${day}`,
        headers: { cookie: s.admin },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<DailySummary>();
    };
    expect((await read()).totals.expected_cash).toBe(6_500 - 700);
    const voided = await post(`/api/expenses/${expense.id}/void`, { id: v7(), reason: 'Entered twice' });
    expect(voided.statusCode, voided.body).toBe(201);
    expect((await read()).totals.expected_cash).toBe(6_500);
    const closed = await post('/api/daily-sales/close', {
      id: v7(),
      location_id: branch.id,
      day,
      counted_cash: 6_500,
    });
    expect(closed.statusCode, closed.body).toBe(201);
    expect((await read()).close).toMatchObject({ counted_cash: 6_500, difference: 0 });
  });

  it('an expense at a location the user may not see is not found for a void, as for a read', async () => {
    const elsewhere = await staffWith(t.app, s.admin, ['adding_expenses'], {
      home_location_id: s.shop.id,
      location_ids: [s.shop.id],
    });
    const seen = await t.app.inject({
      url: `/api/expenses/${expense.id}`,
      headers: { cookie: elsewhere.cookie },
    });
    expect(seen.statusCode).toBe(404);
    const voided = await post(
      `/api/expenses/${expense.id}/void`,
      { id: v7(), reason: 'Not mine' },
      elsewhere.cookie,
    );
    expect(voided.statusCode, voided.body).toBe(404);
    expect(voided.json().error.code).toBe('not_found');
  });
});
