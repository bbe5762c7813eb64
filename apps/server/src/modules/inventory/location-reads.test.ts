import type { Location, Product, Sale, StockDocument } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, paid, sold, staffWith, stock } from '../../test/sales-factories.js';
import { buildLocation, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * Per-location rights on reads (issue 15): a user limited to the Main shop reads nothing of the
 * Store's sales, stock, counts or expenses; an admin reads everything.
 */
describe('a user limited to one location reads only that location', () => {
  let t: TestApp;
  let s: Shop;
  let store: Location;
  let clerk: string; // limited to the Main shop, with every reading right
  let clerkId: string;
  let storeSale: Sale;
  let clerkStoreSale: Sale;
  let storeReceipt: StockDocument;
  let storeExpense: string;
  let storeCount: string;
  let storePayment: string;
  let today: string;

  const get = (url: string, cookie = clerk) => t.app.inject({ url, headers: { cookie } });
  const refused = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
    expect(res.json().error.code, url).toBe('location_not_allowed');
  };
  const hidden = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
    expect(res.json().error.code, url).toBe('not_found');
    expect((await get(url, s.admin)).statusCode, `admin ${url}`).toBe(200);
  };
  const post = async (url: string, payload: object, cookie = s.admin) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
    return res.json<{ id: string }>();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    store = await buildLocation(t.app, s.admin, 'Store room');
    await stock(t.app, s.admin, s.supplier, store.id, [
      { product: s.sugar, quantity: 50_000, unit_cost: 15_000 },
    ]);
    const staff = await staffWith(
      t.app,
      s.admin,
      [
        'sell_cash',
        'current_sales',
        'manage_stock',
        'adding_supplier_stock',
        'stock_taking',
        'adding_expenses',
        'view_sales_report',
        'view_stock_report',
      ],
      { location_ids: [s.shop.id, store.id] },
    );
    clerk = staff.cookie;
    clerkId = staff.user.id;
    const cash = (locationId: string) => ({
      kind: 'cash',
      location_id: locationId,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      tendered: 20_000,
    });
    // The clerk sold at the Store while still allowed there, then was limited to the Main shop.
    clerkStoreSale = await sold(t.app, clerk, cash(store.id));
    await sold(t.app, clerk, cash(s.shop.id));
    storeSale = await sold(t.app, s.admin, cash(store.id));
    today = storeSale.business_day;
    await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: store.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      debtor_id: s.debtor.id,
    });
    storePayment = (
      await paid(t.app, s.admin, s.debtor.id, {
        id: v7(),
        amount: 5_000,
        method: 'cash',
        location_id: store.id,
      })
    ).id;
    storeReceipt = await received(t.app, s.admin, {
      supplier_id: s.supplier,
      location_id: store.id,
      lines: [{ product_id: s.bread.id, quantity: 5_000, unit_cost: 5_000 }],
    });
    const rent = await post('/api/expense-categories', { name: 'Rent' });
    const expense = (locationId: string) => ({
      id: v7(),
      date: today,
      category_id: rent.id,
      amount: 1_000,
      method: 'cash',
      location_id: locationId,
    });
    storeExpense = (await post('/api/expenses', expense(store.id))).id;
    await post('/api/expenses', expense(s.shop.id));
    storeCount = (await post('/api/stock-counts', { id: v7(), location_id: store.id })).id;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${clerkId}`,
      headers: { cookie: s.admin },
      payload: { location_ids: [s.shop.id] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
  });
  afterAll(() => t.close());

  it("sales: the Store's list is refused, its sales and receipts are not there, the own list drops them", async () => {
    await refused(`/api/sales?location_id=${store.id}&day=${today}`);
    const mine = (await get(`/api/sales?day=${today}`)).json<{ items: { id: string }[] }>();
    expect(mine.items.map((i) => i.id)).not.toContain(clerkStoreSale.id);
    expect(mine.items).toHaveLength(1);
    await hidden(`/api/sales/${storeSale.id}`);
    await hidden(`/api/sales/${clerkStoreSale.id}`);
    await hidden(`/api/sales/by-receipt/${storeSale.receipt_no}`);
    await hidden(`/api/receipts/${storeSale.receipt_no}`);
    await hidden(`/api/receipts/${storeSale.receipt_no}/svg`);
    await refused(`/api/transfers?location_id=${store.id}`);
    await hidden(`/api/debtor-payments/${storePayment}`);
  });

  it('reports: a Store filter is refused; without one, only the Main shop is in them', async () => {
    const range = `from=${today}&to=${today}`;
    await refused(`/api/reports/sales?${range}&location_id=${store.id}`);
    await refused(`/api/reports/stock?${range}&location_id=${store.id}`);
    for (const report of ['sales', 'stock'])
      for (const format of ['csv', 'xlsx', 'pdf'])
        await refused(`/api/reports/${report}/export?format=${format}&${range}&location_id=${store.id}`);

    const sales = (await get(`/api/reports/sales?${range}`)).json<{
      by_location: { location_id: string }[];
      totals: { sales_count: number };
    }>();
    expect(sales.by_location.map((l) => l.location_id)).toEqual([s.shop.id]);
    expect(sales.totals.sales_count).toBe(1);
    const all = (await get(`/api/reports/sales?${range}`, s.admin)).json<{
      totals: { sales_count: number };
    }>();
    expect(all.totals.sales_count).toBe(4); // three cash sales and the debtor sale

    const stockReport = (await get(`/api/reports/stock?${range}`)).json<{
      on_hand: { location_id: string }[];
    }>();
    expect(stockReport.on_hand.length).toBeGreaterThan(0);
    expect(new Set(stockReport.on_hand.map((r) => r.location_id))).toEqual(new Set([s.shop.id]));
    const csv = await get(`/api/reports/stock/export?format=csv&${range}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Store room');
  });

  it("stock: levels, movements, documents and counts of the Store are not the clerk's to read", async () => {
    const products = (await get('/api/products?limit=50')).json<Product[]>();
    const sugar = products.find((p) => p.id === s.sugar.id)!;
    expect(sugar.levels.map((l) => l.location_id)).toEqual([s.shop.id]);
    expect(sugar.on_hand).toBe(sugar.levels[0]!.quantity);
    const one = (await get(`/api/products/${s.sugar.id}`)).json<Product>();
    expect(one.levels.map((l) => l.location_id)).toEqual([s.shop.id]);
    const adminView = (await get(`/api/products/${s.sugar.id}`, s.admin)).json<Product>();
    expect(adminView.levels).toHaveLength(2);
    await refused(`/api/products?location_id=${store.id}`);

    await refused(`/api/products/${s.sugar.id}/movements?location_id=${store.id}`);
    const moves = (await get(`/api/products/${s.sugar.id}/movements`)).json<{ location_id: string }[]>();
    expect(moves.length).toBeGreaterThan(0);
    expect(new Set(moves.map((m) => m.location_id))).toEqual(new Set([s.shop.id]));

    await hidden(`/api/stock/documents/${storeReceipt.id}`);
    const fromSupplier = (await get(`/api/suppliers/${s.supplier}/receipts`)).json<{ id: string }[]>();
    expect(fromSupplier.length).toBeGreaterThan(0);
    expect(fromSupplier.map((d) => d.id)).not.toContain(storeReceipt.id);
    const adminFromSupplier = (await get(`/api/suppliers/${s.supplier}/receipts`, s.admin)).json<
      { id: string }[]
    >();
    expect(adminFromSupplier.map((d) => d.id)).toContain(storeReceipt.id);
    await hidden(`/api/stock-counts/${storeCount}`);
    const counts = (await get('/api/stock-counts')).json<{ id: string }[]>();
    expect(counts.map((c) => c.id)).not.toContain(storeCount);
  });

  it("low stock: counted at the clerk's locations only (summed over every location, the answer told of the Store's)", async () => {
    const adminView = (await get(`/api/products/${s.sugar.id}`, s.admin)).json<Product>();
    const atMain = adminView.levels.find((l) => l.location_id === s.shop.id)!.quantity;
    const atStore = adminView.levels.find((l) => l.location_id === store.id)!.quantity;
    expect(atStore).toBeGreaterThan(0);
    // at the Main shop it is at its reorder level; with the Store's it is above it
    const set = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${s.sugar.id}`,
      headers: { cookie: s.admin },
      payload: { reorder_level: atMain },
    });
    expect(set.statusCode, set.body).toBe(200);
    const low = async (cookie: string) =>
      (await get('/api/products?low_stock=true&limit=50', cookie)).json<Product[]>().map((p) => p.id);
    expect(await low(clerk)).toContain(s.sugar.id);
    expect(await low(s.admin)).not.toContain(s.sugar.id);
  });

  it("expenses: the Store's are refused as a filter, hidden one by one, and left out of the list", async () => {
    await refused(`/api/expenses?location_id=${store.id}`);
    await hidden(`/api/expenses/${storeExpense}`);
    const list = (await get('/api/expenses')).json<{ items: { id: string; location_id: string }[] }>();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]!.location_id).toBe(s.shop.id);
  });
});
