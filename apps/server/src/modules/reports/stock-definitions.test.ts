import type { Dashboard, Location, Notifications, Product, StockReport } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { buildProduct, buildSupplier, received, writtenOff } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * "Products in stock" and "low stock" mean one thing (packages/domain stock/levels.ts) in every
 * place that shows them: the stock report, the dashboard, the products list's filter and the
 * notifications.
 */
describe('products in stock and low stock are the same everywhere', () => {
  let t: TestApp;
  let admin: string;
  let report: StockReport;
  let board: Dashboard;
  let listed: Product[];
  let notes: Notifications;
  let listedAll: Product[];

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    const shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<
      Location[]
    >()[0]!;
    const supplier = await buildSupplier(t.app, admin);
    const make = (name: string, reorder_level: number) =>
      buildProduct(t.app, admin, { name, code: name.replace(/\W/g, ''), reorder_level });
    // None held, no reorder level: neither in stock nor low.
    await make('A never stocked', 0);
    const b = await make('B at its level', 5_000);
    const c = await make('C above its level', 5_000);
    const d = await make('D sold out, no level', 0);
    const e = await make('E below its level', 2_000);
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [
        { product_id: b.id, quantity: 5_000, unit_cost: 100 },
        { product_id: c.id, quantity: 6_000, unit_cost: 100 },
        { product_id: d.id, quantity: 1_000, unit_cost: 100 },
        { product_id: e.id, quantity: 1_000, unit_cost: 100 },
      ],
    });
    await writtenOff(t.app, admin, { location_id: shop.id, lines: [{ product_id: d.id, quantity: 1_000 }] });
    const get = async <T>(url: string) => {
      const res = await t.app.inject({ url, headers: { cookie: admin } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    };
    const day = new Date().toISOString().slice(0, 10);
    report = await get<StockReport>(`/api/reports/stock?from=${day}&to=${day}`);
    board = await get<Dashboard>('/api/reports/dashboard');
    listed = await get<Product[]>('/api/products?low_stock=true');
    notes = await get<Notifications>('/api/notifications');
    listedAll = await get<Product[]>('/api/products');
  });
  afterAll(() => t.close());

  it('counts the products that hold stock, not those whose level fell to zero', () => {
    // B, C and E hold stock; D has a level row at zero (was counted: 4).
    expect(report.totals.products).toBe(3);
  });

  it('lists the same low products in the stock report, the dashboard and the products list', () => {
    const low = ['B at its level', 'E below its level'];
    expect(report.low_stock.map((p) => p.name).sort()).toEqual(low);
    expect(board.low_stock.items.map((p) => p.name).sort()).toEqual(low);
    expect(board.low_stock.count).toBe(2);
    // Products without a reorder level are never low (the list showed A and D too).
    expect(listed.map((p) => p.name).sort()).toEqual(low);
    // the notifications count them in SQL
    expect(notes.low_stock).toBe(low.length);
  });

  it('at one location, the report and the products list name the same low products, those never stocked there too', async () => {
    const store = (
      await t.app.inject({
        method: 'POST',
        url: '/api/locations',
        headers: { cookie: admin },
        payload: { id: v7(), name: 'Store room' },
      })
    ).json<Location>();
    const c = listedAll.find((p) => p.name === 'C above its level')!;
    await received(t.app, admin, {
      supplier_id: (await buildSupplier(t.app, admin)).id,
      location_id: store.id,
      lines: [{ product_id: c.id, quantity: 1_000, unit_cost: 100 }],
    });
    const day = new Date().toISOString().slice(0, 10);
    const at = (
      await t.app.inject({
        url: `/api/reports/stock?from=${day}&to=${day}&location_id=${store.id}`,
        headers: { cookie: admin },
      })
    ).json<StockReport>();
    const low = (
      await t.app.inject({
        url: `/api/products?low_stock=true&location_id=${store.id}`,
        headers: { cookie: admin },
      })
    ).json<Product[]>();
    // B and E have reorder levels and were never stocked at the store: on hand 0 there, so low
    // there (stock-never-received.test.ts); C holds 1 of its 5 there
    const lowThere = ['B at its level', 'C above its level', 'E below its level'];
    expect(at.low_stock.map((p) => p.name)).toEqual(lowThere);
    expect(low.map((p) => p.name)).toEqual(lowThere);
  });
});
