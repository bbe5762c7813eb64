import {
  ALL_FLAGS,
  type Expense,
  type ExpenseCategory,
  type Flag,
  type Location,
  type Sale,
  type SaleKind,
  type SalesList,
  type TransferList,
} from '@duka/domain';
import type { LightMyRequestResponse } from 'fastify';
import { v7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import {
  type Shop,
  buildShop,
  payDebtor,
  postSale,
  reverse,
  sellingCounts,
  sold,
  staffWith,
  stock,
} from '../../test/sales-factories.js';
import { buildLocation } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

const USERS = {
  none: [],
  cash: ['sell_cash'],
  debtor: ['sell_debtors'],
  transfer: ['sell_transfer'],
  current: ['current_sales'],
  reversing: ['reversing_cash'],
  expenses: ['adding_expenses'],
  report: ['view_sales_report'],
  every: [...ALL_FLAGS],
} satisfies Record<string, Flag[]>;
type Who = keyof typeof USERS;

/** Route prefixes of the selling modules (sales, reversals, debtors, transfers, expenses, daily, receipts). */
const SELLING_PREFIXES = [
  '/api/sales',
  '/api/reversals',
  '/api/debtors',
  '/api/debtor-payments',
  '/api/payment-providers',
  '/api/transfers',
  '/api/expense-categories',
  '/api/expenses',
  '/api/daily-sales',
  '/api/receipts',
];

describe('every selling flag is enforced by the server', () => {
  let t: TestApp;
  let s: Shop;
  let branch: Location;
  let category: ExpenseCategory;
  const cookie = {} as Record<Who | 'away', string>;
  const ids = {} as Record<Who | 'away', string>;
  let refs = 0;
  const kindBody = (kind: SaleKind, locationId = s.shop.id) => ({
    kind,
    location_id: locationId,
    lines: [{ product_id: s.bread.id, quantity: 1000 }],
    ...(kind === 'cash' ? { tendered: 6_500 } : {}),
    ...(kind === 'debtor' ? { debtor_id: s.debtor.id } : {}),
    ...(kind === 'transfer' ? { provider_id: s.mpesa.id, reference: `ACC${(refs += 1)}` } : {}),
  });
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who }, ...(payload ? { payload } : {}) });
  const expectRefused = (res: LightMyRequestResponse, what: string, code = 'forbidden') => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(code === 'not_found' ? 404 : 403);
    expect(res.json().error.code, what).toBe(code);
  };
  const expense = (locationId = s.shop.id) => ({
    id: v7(),
    date: '2025-01-15',
    category_id: category.id,
    amount: 500,
    method: 'cash',
    location_id: locationId,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    branch = await buildLocation(t.app, s.admin, 'Branch');
    await stock(t.app, s.admin, s.supplier, branch.id, [
      { product: s.bread, quantity: 10_000, unit_cost: 5_000 },
    ]);
    await call('PATCH', `/api/debtors/${s.debtor.id}`, s.admin, { credit_limit: 10_000_000 });
    category = (
      await call('POST', '/api/expense-categories', s.admin, { name: 'Rent' })
    ).json<ExpenseCategory>();
    for (const [who, flags] of Object.entries(USERS) as [Who, Flag[]][]) {
      const u = await staffWith(t.app, s.admin, flags, { username: `acc_${who}`, location_ids: [s.shop.id] });
      cookie[who] = u.cookie;
      ids[who] = u.user.id;
    }
    const away = await staffWith(
      t.app,
      s.admin,
      ['sell_cash', 'reversing_cash', 'adding_expenses', 'current_sales'],
      {
        username: 'acc_away',
        home_location_id: branch.id,
        location_ids: [branch.id],
      },
    );
    cookie.away = away.cookie;
    ids.away = away.user.id;
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('lets each kind of sale through only with its own flag', async () => {
    const sellers: Record<SaleKind, Who> = { cash: 'cash', debtor: 'debtor', transfer: 'transfer' };
    for (const kind of ['cash', 'debtor', 'transfer'] as const) {
      const before = await sellingCounts(t.db);
      for (const who of ['none', 'current', 'reversing', 'expenses', 'report'] as const)
        expectRefused(await postSale(t.app, cookie[who], kindBody(kind)), `${who} ${kind}`);
      for (const other of Object.values(sellers).filter((w) => w !== sellers[kind]))
        expectRefused(await postSale(t.app, cookie[other], kindBody(kind)), `${other} selling ${kind}`);
      expect(await sellingCounts(t.db)).toEqual(before);
      const ok = await postSale(t.app, cookie[sellers[kind]], kindBody(kind));
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json<Sale>().kind).toBe(kind);
    }
  });

  it('shows the day’s sales to current_sales only, staff their own; a sale to whoever made it or may reverse it', async () => {
    const mine = await sold(t.app, cookie.every, kindBody('cash'));
    expectRefused(await call('GET', '/api/sales', cookie.cash), 'seller without current_sales');
    const own = await call('GET', `/api/sales?user_id=${ids.cash}`, cookie.every);
    expect(own.statusCode).toBe(200);
    expect(own.json<SalesList>().items.map((i) => i.id)).toEqual([mine.id]);
    const none = await call('GET', '/api/sales', cookie.current);
    expect(none.json<SalesList>().items).toEqual([]);
    const admin = await call('GET', `/api/sales?user_id=${ids.every}`, s.admin);
    expect(admin.json<SalesList>().items.map((i) => i.id)).toEqual([mine.id]);
    const rev = (await reverse(t.app, s.admin, mine.id, {})).json<{ id: string; receipt_no: string }>();
    const urls = [
      `/api/sales/${mine.id}`,
      `/api/sales/by-receipt/${mine.receipt_no}`,
      `/api/reversals/${rev.id}`,
      `/api/receipts/${mine.receipt_no}`,
      `/api/receipts/${rev.receipt_no}`,
    ];
    for (const url of urls) {
      for (const who of ['none', 'expenses', 'report'] as const)
        expectRefused(await call('GET', url, cookie[who]), url);
      // a colleague's cash sale: the till's refund desk opens it; a clerk who sells, or only
      // sees the current sales (their own), does not find it, as its list does not show it
      expect((await call('GET', url, cookie.reversing)).statusCode, `reversing ${url}`).toBe(200);
      for (const who of ['cash', 'current', 'debtor'] as const)
        expectRefused(await call('GET', url, cookie[who]), `${who} ${url}`, 'not_found');
    }
    // their own sale (and its reversal by the admin): its seller opens them; others as before
    const theirs = await sold(t.app, cookie.cash, kindBody('cash'));
    const back = (await reverse(t.app, s.admin, theirs.id, {})).json<{ id: string; receipt_no: string }>();
    for (const url of [
      `/api/sales/${theirs.id}`,
      `/api/sales/by-receipt/${theirs.receipt_no}`,
      `/api/reversals/${back.id}`,
      `/api/receipts/${theirs.receipt_no}`,
      `/api/receipts/${back.receipt_no}`,
    ]) {
      expect((await call('GET', url, cookie.cash)).statusCode, `cash ${url}`).toBe(200);
      expectRefused(await call('GET', url, cookie.current), `current ${url}`, 'not_found');
    }
    // a debtor sale: whoever may reverse debtor sales (sell_debtors) opens a colleague's
    const onCredit = await sold(t.app, cookie.every, kindBody('debtor'));
    expect((await call('GET', `/api/sales/${onCredit.id}`, cookie.debtor)).statusCode).toBe(200);
    expectRefused(
      await call('GET', `/api/sales/${onCredit.id}`, cookie.reversing),
      'reversing debtor',
      'not_found',
    );
  });

  it('reverses each kind only with its reversing flag; a sale the user may not open is not found (404, its kind untold)', async () => {
    const sales = {
      cash: await sold(t.app, s.admin, kindBody('cash')),
      debtor: await sold(t.app, s.admin, kindBody('debtor')),
      transfer: await sold(t.app, s.admin, kindBody('transfer')),
    };
    const body = (kind: SaleKind) => (kind === 'transfer' ? { reference: `RFD${(refs += 1)}` } : {});
    const allowed: Record<SaleKind, Who> = { cash: 'reversing', debtor: 'debtor', transfer: 'transfer' };
    for (const kind of ['cash', 'debtor', 'transfer'] as const) {
      const before = await sellingCounts(t.db);
      const refused = (['none', 'cash', 'current', 'reversing', 'debtor', 'transfer'] as const).filter(
        (w) => w !== allowed[kind],
      );
      // none of them made it, nor may reverse its kind: to those who may reverse something it is
      // not there; the others may not reverse at all
      const gate: Who[] = ['none', 'cash', 'current'];
      for (const who of refused)
        expectRefused(
          await reverse(t.app, cookie[who], sales[kind].id, body(kind)),
          `${who} reversing ${kind}`,
          gate.includes(who) ? 'forbidden' : 'not_found',
        );
      expect(await sellingCounts(t.db)).toEqual(before);
      const ok = await reverse(t.app, cookie[allowed[kind]], sales[kind].id, body(kind));
      expect(ok.statusCode, ok.body).toBe(201);
    }
    // a seller's own sale they may not reverse: they know it, so the answer is the right they lack
    const seller = await staffWith(t.app, s.admin, ['sell_cash', 'sell_debtors'], {
      username: 'acc_cash_and_credit',
      location_ids: [s.shop.id],
    });
    const own = await sold(t.app, seller.cookie, kindBody('cash'));
    expectRefused(await reverse(t.app, seller.cookie, own.id, {}), 'a seller reversing their own cash sale');
  });

  it('keeps expenses to adding_expenses', async () => {
    const made = await call('POST', '/api/expenses', cookie.expenses, expense());
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<Expense>().id;
    const routes: ['GET' | 'POST', string, (() => object)?][] = [
      ['GET', '/api/expense-categories'],
      ['GET', '/api/expenses'],
      ['GET', `/api/expenses/${id}`],
      ['POST', '/api/expenses', () => expense()],
      ['POST', `/api/expenses/${id}/void`, () => ({ id: v7(), reason: 'Wrong' })],
    ];
    for (const [method, url, body] of routes) {
      for (const who of ['none', 'cash', 'current', 'report'] as const)
        expectRefused(await call(method, url, cookie[who], body?.()), `${who} ${method} ${url}`);
      const ok = await call(method, url, cookie.expenses, body?.());
      expect(ok.statusCode, `${method} ${url}: ${ok.body}`).toBe(method === 'GET' ? 200 : 201);
    }
  });

  it('shows daily sales to current_sales or view_sales_report; only current_sales closes the day', async () => {
    const url = `/api/daily-sales?location_id=${s.shop.id}`;
    const close = () => ({ id: v7(), location_id: s.shop.id, day: '2025-01-15', counted_cash: 0 });
    for (const who of ['none', 'cash', 'expenses', 'reversing'] as const) {
      expectRefused(await call('GET', url, cookie[who]), `${who} daily`);
      expectRefused(await call('POST', '/api/daily-sales/close', cookie[who], close()), `${who} close`);
    }
    for (const who of ['current', 'report'] as const)
      expect((await call('GET', url, cookie[who])).statusCode, who).toBe(200);
    expectRefused(await call('POST', '/api/daily-sales/close', cookie.report, close()), 'report close');
    const closed = await call('POST', '/api/daily-sales/close', cookie.current, close());
    expect(closed.statusCode, closed.body).toBe(201);
  });

  it('keeps providers, categories, confirmations and credit limits to the admin', async () => {
    await sold(t.app, s.admin, kindBody('transfer'));
    const transfer = (await call('GET', '/api/transfers', cookie.every)).json<TransferList>().items[0]!;
    const debtor = await call('POST', '/api/debtors', cookie.every, { name: 'Staff Added' });
    expect(debtor.statusCode).toBe(201);
    const debtorId = debtor.json<{ id: string }>().id;
    const writes: ['POST' | 'PATCH', string, object | undefined, number][] = [
      ['POST', '/api/payment-providers', { name: 'Bank X', kind: 'bank' }, 201],
      ['PATCH', `/api/payment-providers/${s.mpesa.id}`, { name: 'M-Pesa Till' }, 200],
      ['POST', '/api/expense-categories', { name: 'Fuel' }, 201],
      ['PATCH', `/api/expense-categories/${category.id}`, { name: 'Shop rent' }, 200],
      ['POST', `/api/transfers/${transfer.id}/confirm`, undefined, 200],
      ['POST', '/api/debtors', { name: 'With Limit', credit_limit: 5_000 }, 201],
      ['PATCH', `/api/debtors/${debtorId}`, { credit_limit: 5_000 }, 200],
      ['PATCH', `/api/debtors/${debtorId}`, { active: false }, 200],
    ];
    for (const [method, url, body, status] of writes) {
      const before = await sellingCounts(t.db);
      expectRefused(await call(method, url, cookie.every, body), `staff ${method} ${url}`);
      expect(await sellingCounts(t.db), `${method} ${url}`).toEqual(before);
      const ok = await call(method, url, s.admin, body);
      expect(ok.statusCode, `admin ${method} ${url}: ${ok.body}`).toBe(status);
    }
  });

  it('refuses work at a location outside the user’s list', async () => {
    const shopSale = await sold(t.app, s.admin, kindBody('cash'));
    const before = await sellingCounts(t.db);
    const attempts: [string, Promise<LightMyRequestResponse>][] = [
      ['sale', postSale(t.app, cookie.away, kindBody('cash'))],
      ['reversal', reverse(t.app, cookie.away, shopSale.id, {})],
      ['expense', call('POST', '/api/expenses', cookie.away, expense())],
      [
        'payment',
        payDebtor(t.app, cookie.away, s.debtor.id, { amount: 100, method: 'cash', location_id: s.shop.id }),
      ],
      ['daily', call('GET', `/api/daily-sales?location_id=${s.shop.id}`, cookie.away)],
      [
        'close',
        call('POST', '/api/daily-sales/close', cookie.away, {
          id: v7(),
          location_id: s.shop.id,
          day: '2025-01-16',
          counted_cash: 0,
        }),
      ],
    ];
    for (const [what, res] of attempts) expectRefused(await res, what, 'location_not_allowed');
    expect(await sellingCounts(t.db)).toEqual(before);
    const atHome = await postSale(t.app, cookie.away, kindBody('cash', branch.id));
    expect(atHome.statusCode, atHome.body).toBe(201);
  });

  it('answers 401 to a signed-out caller on every selling route', async () => {
    const routes = t.app.registeredRoutes.filter((r) => SELLING_PREFIXES.some((p) => r.url.startsWith(p)));
    expect(routes.length).toBeGreaterThanOrEqual(30);
    for (const r of routes) {
      const url = r.url.replace(':id', v7()).replace(':receipt_no', '000001');
      const res = await t.app.inject({
        method: r.method as 'GET',
        url,
        ...(r.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });
});
