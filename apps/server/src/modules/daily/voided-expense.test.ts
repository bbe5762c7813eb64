import type { DailySummary, Expense, ExpenseCategory } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { type Shop, buildShop, countRows, staffWith } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

describe("a voided expense on the day's page", () => {
  let t: TestApp;
  let s: Shop;
  let cashier: string;
  let cashierId: string;
  let rent: ExpenseCategory;

  const get = async <T>(url: string, cookie = s.admin) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const send = (url: string, payload: object | undefined, cookie = s.admin) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    const c = await staffWith(t.app, s.admin, ['sell_cash', 'current_sales', 'adding_expenses'], {
      name: 'Alice Cashier',
      username: 'alice',
      location_ids: [s.shop.id],
    });
    cashier = c.cookie;
    cashierId = c.user.id;
    rent = (await send('/api/expense-categories', { name: 'Rent' })).json<ExpenseCategory>();
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it("keeps a voided expense off its cashier's drawer, whoever voids it", async () => {
    const before = await countRows(t.db, 'expenses');
    const day = (await get<{ day: string }>(`/api/daily-sales/state?location_id=${s.shop.id}`, cashier)).day;
    const made = await send(
      '/api/expenses',
      {
        id: v7(),
        date: day,
        category_id: rent.id,
        amount: 700,
        method: 'cash',
        location_id: s.shop.id,
        note: 'typed twice',
      },
      cashier,
    );
    expect(made.statusCode, made.body).toBe(201);
    const e = made.json<Expense>();
    // the admin spots the double entry and voids it
    const v = await send(`/api/expenses/${e.id}/void`, { id: v7(), reason: 'Entered twice' });
    expect(v.statusCode, v.body).toBe(201);
    expect(await countRows(t.db, 'expenses')).toBe(before + 2);
    const daily = await get<DailySummary>(`/api/daily-sales?location_id=${s.shop.id}&day=${day}`);
    expect(daily.totals.cash_expenses).toBe(0);
    const alice = daily.cashiers.find((c) => c.user_id === cashierId)!;
    // Alice's drawer never lost the 700: her expected cash must not be 700 short
    expect(alice.cash_expenses).toBe(0);
  });
});
