import {
  type DailySummary,
  type DayClose,
  type DayFigures,
  type DayState,
  type ExpenseCategory,
  type Location,
  type Sale,
  type SaleKind,
  addDays,
} from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { type Shop, buildShop, paid, reversed, sold, staffWith, stock } from '../../test/sales-factories.js';
import { buildLocation } from '../../test/stock-factories.js';
import { statementsOf } from '../../test/statements.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

type Figures = Omit<DayFigures, 'expected_cash'>;
const zero = (): Figures => ({
  sales: { cash: { count: 0, total: 0 }, debtor: { count: 0, total: 0 }, transfer: { count: 0, total: 0 } },
  reversals: {
    cash: { count: 0, total: 0 },
    debtor: { count: 0, total: 0 },
    transfer: { count: 0, total: 0 },
  },
  cash_expenses: 0,
  transfer_expenses: 0,
  cash_debtor_payments: 0,
  transfer_debtor_payments: 0,
  cash_debtor_payouts: 0,
});
/** What the drawer should hold, by the rule, from figures the test kept itself. */
const withExpected = (f: Figures): DayFigures => ({
  ...f,
  expected_cash:
    f.sales.cash.total -
    f.reversals.cash.total +
    f.cash_debtor_payments -
    f.cash_debtor_payouts -
    f.cash_expenses,
});
const add = (a: Figures, b: Figures): Figures => {
  const out = zero();
  for (const k of ['cash', 'debtor', 'transfer'] as const)
    for (const part of ['sales', 'reversals'] as const)
      out[part][k] = {
        count: a[part][k].count + b[part][k].count,
        total: a[part][k].total + b[part][k].total,
      };
  for (const k of [
    'cash_expenses',
    'transfer_expenses',
    'cash_debtor_payments',
    'transfer_debtor_payments',
    'cash_debtor_payouts',
  ] as const)
    out[k] = a[k] + b[k];
  return out;
};

describe('daily sales and closing the day', () => {
  let t: TestApp;
  let s: Shop;
  let branch: Location;
  let supplies: ExpenseCategory;
  let day: string;
  let close: DayClose;
  const cashiers: Record<'alice' | 'brian', { id: string; cookie: string; kept: Figures }> = {} as never;
  const get = async <T>(url: string, cookie = s.admin) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const closeDay = (body: object, cookie = s.admin) =>
    t.app.inject({
      method: 'POST',
      url: '/api/daily-sales/close',
      headers: { cookie },
      payload: { id: v7(), location_id: s.shop.id, day, ...body },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    branch = await buildLocation(t.app, s.admin, 'Branch');
    await stock(t.app, s.admin, s.supplier, branch.id, [
      { product: s.bread, quantity: 10_000, unit_cost: 5_000 },
    ]);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/debtors/${s.debtor.id}`,
      headers: { cookie: s.admin },
      payload: { credit_limit: 1_000_000 },
    });
    supplies = (
      await t.app.inject({
        method: 'POST',
        url: '/api/expense-categories',
        headers: { cookie: s.admin },
        payload: { name: 'Supplies' },
      })
    ).json<ExpenseCategory>();
    for (const [key, name] of [
      ['alice', 'Alice Achieng'],
      ['brian', 'Brian Barasa'],
    ] as const) {
      const u = await staffWith(
        t.app,
        s.admin,
        ['sell_cash', 'sell_debtors', 'sell_transfer', 'reversing_cash', 'current_sales', 'adding_expenses'],
        { name, username: key, location_ids: [s.shop.id] },
      );
      cashiers[key] = { id: u.user.id, cookie: u.cookie, kept: zero() };
    }
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('adds up a location’s day by kind, per cashier and in total', async () => {
    const sell = async (who: 'alice' | 'brian', kind: SaleKind, lines: object[], extra: object = {}) => {
      const body = {
        kind,
        location_id: s.shop.id,
        lines,
        ...(kind === 'cash' ? { tendered: 1_000_000 } : {}),
        ...(kind === 'debtor' ? { debtor_id: s.debtor.id } : {}),
        ...extra,
      };
      const sale = await sold(t.app, cashiers[who].cookie, body);
      const k = cashiers[who].kept.sales[kind];
      k.count += 1;
      k.total += sale.total;
      return sale;
    };
    const giveBack = async (who: 'alice' | 'brian', sale: Sale, body: Record<string, unknown> = {}) => {
      const r = await reversed(t.app, cashiers[who].cookie, sale.id, body);
      const k = cashiers[who].kept.reversals[sale.kind];
      k.count += 1;
      k.total += r.total;
    };
    const pay = async (who: 'alice' | 'brian', amount: number, transfer?: string) => {
      const p = await paid(t.app, cashiers[who].cookie, s.debtor.id, {
        amount,
        location_id: s.shop.id,
        ...(transfer
          ? { method: 'transfer', provider_id: s.mpesa.id, reference: transfer }
          : { method: 'cash' }),
      });
      cashiers[who].kept[transfer ? 'transfer_debtor_payments' : 'cash_debtor_payments'] += p.amount;
    };
    const spend = async (who: 'alice' | 'brian', amount: number, extra: object = {}) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/expenses',
        headers: { cookie: cashiers[who].cookie },
        payload: {
          id: v7(),
          date: day,
          category_id: supplies.id,
          amount,
          method: 'cash',
          location_id: s.shop.id,
          ...extra,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const method = (extra as { method?: string }).method ?? 'cash';
      cashiers[who].kept[method === 'cash' ? 'cash_expenses' : 'transfer_expenses'] += amount;
      return res.json<{ id: string }>().id;
    };

    const first = await sell('alice', 'cash', [{ product_id: s.sugar.id, quantity: 2000 }]);
    day = first.business_day;
    await sell('alice', 'cash', [{ product_id: s.bread.id, quantity: 1000 }]);
    await sell('alice', 'debtor', [{ product_id: s.milk.id, quantity: 2000 }]);
    await sell('alice', 'transfer', [{ product_id: s.bread.id, quantity: 2000 }], {
      provider_id: s.mpesa.id,
      reference: 'DA1',
    });
    await giveBack('alice', first, { lines: [{ line_no: 1, quantity: 1000 }] });
    await pay('alice', 4_000);
    await pay('alice', 1_000, 'DP1');
    await spend('alice', 2_000);
    await spend('alice', 3_000, { method: 'transfer', provider_id: s.mpesa.id });
    const mistake = await spend('alice', 700);
    const voided = await t.app.inject({
      method: 'POST',
      url: `/api/expenses/${mistake}/void`,
      headers: { cookie: cashiers.alice.cookie },
      payload: { id: v7(), reason: 'Typed twice' },
    });
    expect(voided.statusCode).toBe(201);
    cashiers.alice.kept.cash_expenses -= 700;

    await sell('brian', 'cash', [{ product_id: s.milk.id, quantity: 3000 }]);
    const credit = await sell('brian', 'debtor', [{ product_id: s.bread.id, quantity: 1000 }]);
    await giveBack('brian', credit);
    const tr = await sell('brian', 'transfer', [{ product_id: s.milk.id, quantity: 1000 }], {
      provider_id: s.mpesa.id,
      reference: 'DB1',
    });
    await giveBack('brian', tr, { reference: 'DBR1' });
    await pay('brian', 1_500);
    await spend('brian', 1_200);

    // Elsewhere or another day: none of this belongs to the shop's day.
    await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: branch.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
      tendered: 6_500,
    });
    await spend('alice', 999, { date: addDays(day, -1) });
    cashiers.alice.kept.cash_expenses -= 999;

    const a = withExpected(cashiers.alice.kept);
    const b = withExpected(cashiers.brian.kept);
    const total = withExpected(add(cashiers.alice.kept, cashiers.brian.kept));
    expect(a.expected_cash).toBe(36_000 + 6_500 - 18_000 + 4_000 - 2_000);
    expect(b.expected_cash).toBe(18_000 + 1_500 - 1_200);

    const summary = await get<DailySummary>(
      `/api/daily-sales?location_id=${s.shop.id}&day=${day}`,
      cashiers.brian.cookie,
    );
    expect(summary).toMatchObject({ location_id: s.shop.id, location_name: 'Main shop', day, close: null });
    expect(summary.totals).toEqual(total);
    expect(summary.cashiers).toEqual([
      { ...a, user_id: cashiers.alice.id, user_name: 'Alice Achieng' },
      { ...b, user_id: cashiers.brian.id, user_name: 'Brian Barasa' },
    ]);
    expect(await get<DailySummary>(`/api/daily-sales?location_id=${s.shop.id}`)).toEqual(summary);
    const reporter = await staffWith(t.app, s.admin, ['view_sales_report'], { location_ids: [s.shop.id] });
    expect(
      (await get<DailySummary>(`/api/daily-sales?location_id=${s.shop.id}`, reporter.cookie)).totals,
    ).toEqual(total);
    const elsewhere = await get<DailySummary>(`/api/daily-sales?location_id=${branch.id}&day=${day}`);
    expect(elsewhere.totals.sales.cash).toEqual({ count: 1, total: 6_500 });
    expect(elsewhere.totals.expected_cash).toBe(6_500);
  });

  it('closes the day once, keeping the counted cash and the difference', async () => {
    const before = await get<DailySummary>(`/api/daily-sales?location_id=${s.shop.id}&day=${day}`);
    const expected = before.totals.expected_cash;
    const id = v7();
    const res = await closeDay(
      { id, counted_cash: expected - 350, note: 'Short by a coin roll' },
      cashiers.alice.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    close = res.json<DayClose>();
    expect(close).toMatchObject({
      id,
      location_id: s.shop.id,
      location_name: 'Main shop',
      day,
      expected_cash: expected,
      counted_cash: expected - 350,
      difference: -350,
      note: 'Short by a coin roll',
      user_name: 'Alice Achieng',
    });
    const saleReceipts = await t.db.kysely.selectFrom('sales').select('receipt_no').execute();
    expect(saleReceipts.map((r) => r.receipt_no)).not.toContain(close.receipt_no);
    expect((await get<DailySummary>(`/api/daily-sales?location_id=${s.shop.id}&day=${day}`)).close).toEqual(
      close,
    );

    const replay = await closeDay(
      { id, counted_cash: expected - 350, note: 'Short by a coin roll' },
      cashiers.alice.cookie,
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(close);
    const again = await closeDay({ counted_cash: expected }, cashiers.brian.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'day_closed', field: 'day' });
    expect(again.json().error.message).toContain(close.receipt_no);
    const conflicting = await closeDay({ id, counted_cash: expected });
    expect(conflicting.statusCode).toBe(409);
    expect(conflicting.json().error.code).toBe('idempotency_conflict');

    const overs = await Promise.all(
      [7_000, 7_100].map((counted) => closeDay({ location_id: branch.id, counted_cash: counted })),
    );
    expect(overs.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(overs.find((r) => r.statusCode === 409)!.json().error.code).toBe('day_closed');
    const over = overs.find((r) => r.statusCode === 201)!.json<DayClose>();
    expect(over).toMatchObject({ expected_cash: 6_500, difference: over.counted_cash - 6_500 });
    expect(over.difference).toBeGreaterThan(0);
    expect(over.receipt_no).not.toBe(close.receipt_no);
    const rows = await t.db.kysely.selectFrom('day_closes').select('id').execute();
    expect(rows).toHaveLength(2);
  });

  it("tells a seller where the till's sales go now: the day, and who closed it and when (no figures)", async () => {
    const seller = await staffWith(t.app, s.admin, ['sell_cash'], { location_ids: [s.shop.id] });
    const state = await get<DayState>(`/api/daily-sales/state?location_id=${s.shop.id}`, seller.cookie);
    expect(state).toEqual({
      location_id: s.shop.id,
      day,
      close: { receipt_no: close.receipt_no, user_name: 'Alice Achieng', created_at: close.created_at },
    });
    // every till asks each minute: one statement (issue 21), on the shop's SQLite kept until a
    // table it reads is written (a sale writes none of them)
    const asked = () =>
      statementsOf(t.db, () =>
        get<DayState>(`/api/daily-sales/state?location_id=${s.shop.id}`, seller.cookie),
      );
    const sql = (texts: string[]) => texts.filter((text) => !/"sessions"/.test(text));
    await sold(t.app, s.admin, {
      kind: 'cash',
      lines: [{ product_id: s.bread.id, quantity: 1_000 }],
      tendered: 100_000,
    });
    const again = await asked();
    expect(again.result).toEqual(state);
    expect(sql(again.texts)).toHaveLength(t.db.dialect === 'postgres' ? 1 : 0);
    const kiosk = await buildLocation(t.app, s.admin, 'Kiosk');
    expect((await get<DayState>(`/api/daily-sales/state?location_id=${kiosk.id}`)).close).toBeNull();
    const elsewhere = await t.app.inject({
      url: `/api/daily-sales/state?location_id=${kiosk.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.code).toBe('location_not_allowed');
    // the figures stay with those who may see them
    const figures = await t.app.inject({
      url: `/api/daily-sales?location_id=${s.shop.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(figures.statusCode).toBe(403);
  });

  it('draws the close’s own receipt', async () => {
    const found = await get<{ type: string; id: string }>(`/api/receipts/${close.receipt_no}`);
    expect(found).toMatchObject({ type: 'close', id: close.id });
    const svg = await t.app.inject({
      url: `/api/receipts/${close.receipt_no}/svg`,
      headers: { cookie: cashiers.alice.cookie },
    });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    const text = svg.body.replace(/<[^>]+>/g, '').replace(/&#xa0;/g, ' ');
    expect(text).toContain(close.receipt_no);
    expect(text).toContain('Main shop');
  });

  it('refuses a future day, an unknown location, and a location the user may not work at', async () => {
    const future = await closeDay({ day: addDays(day, 1), counted_cash: 0, location_id: branch.id });
    expect(future.statusCode).toBe(422);
    expect(future.json().error).toMatchObject({ code: 'validation_failed', field: 'day' });
    const unknown = await closeDay({ location_id: v7(), counted_cash: 0 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.field).toBe('location_id');
    const outsider = await staffWith(t.app, s.admin, ['current_sales'], {
      home_location_id: branch.id,
      location_ids: [branch.id],
    });
    const look = await t.app.inject({
      url: `/api/daily-sales?location_id=${s.shop.id}&day=${day}`,
      headers: { cookie: outsider.cookie },
    });
    expect(look.statusCode).toBe(403);
    expect(look.json().error.code).toBe('location_not_allowed');
    const shut = await closeDay({ day: addDays(day, -1), counted_cash: 0 }, outsider.cookie);
    expect(shut.statusCode).toBe(403);
    expect(shut.json().error.code).toBe('location_not_allowed');
    const rows = await t.db.kysely.selectFrom('day_closes').select('id').execute();
    expect(rows).toHaveLength(2);
  });
});
