import type { Dashboard, Location, Notifications, Product, StockReport } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { staffWith } from '../../test/sales-factories.js';
import {
  buildLocation,
  buildProduct,
  buildSupplier,
  received,
  writtenOff,
} from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A product with a reorder level that was never received at a location holds no level row there,
 * yet it is the most out of stock a product can be: on hand 0, below its level. At every location
 * in use it is low, in the stock report (on hand 0), the products list's filters, and, over every
 * location, the dashboard and the notifications; a deactivated or deleted location gains no such
 * rows (the QA's finding: the new product was missing from each location's view).
 */
describe('a product never received at a location is on hand 0 and low there', () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  let store: Location;
  let kiosk: Location;
  let merged: Location;
  const day = new Date().toISOString().slice(0, 10);

  const get = async <T>(url: string, cookie = admin) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const report = (query = '', cookie = admin) =>
    get<StockReport>(`/api/reports/stock?from=${day}&to=${day}${query}`, cookie);
  const listed = async (query: string, cookie = admin) =>
    (await get<Product[]>(`/api/products?limit=200${query}`, cookie)).map((p) => p.name);
  const onHand = (r: StockReport) => r.on_hand.map((h) => `${h.name} @ ${h.location_name}: ${h.quantity}`);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await get<Location[]>('/api/locations'))[0]!;
    store = await buildLocation(t.app, admin, 'Store room');
    kiosk = await buildLocation(t.app, admin, 'Kiosk');
    merged = await buildLocation(t.app, admin, 'Merged away');
    const make = (name: string, reorder_level: number) =>
      buildProduct(t.app, admin, { name, code: name.replace(/\W/g, ''), reorder_level });
    await make('Fresh never received', 5_000);
    const held = await make('Held at the shop', 5_000);
    await make('Plain no level', 0);
    const retired = await make('Retired never received', 5_000);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/products/${retired.id}`,
          headers: { cookie: admin },
          payload: { active: false },
        })
      ).statusCode,
    ).toBe(200);
    const supplier = await buildSupplier(t.app, admin);
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [{ product_id: held.id, quantity: 10_000, unit_cost: 100 }],
    });
    // the kiosk held some and wrote it off: a level row at 0, kept when it is deactivated
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: kiosk.id,
      lines: [{ product_id: held.id, quantity: 1_000, unit_cost: 100 }],
    });
    await writtenOff(t.app, admin, {
      location_id: kiosk.id,
      lines: [{ product_id: held.id, quantity: 1_000 }],
    });
    const closed = await t.app.inject({
      method: 'PATCH',
      url: `/api/locations/${kiosk.id}`,
      headers: { cookie: admin },
      payload: { active: false },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // a location merged into another by sync is deleted, not deactivated
    await t.db.kysely
      .updateTable('locations')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', merged.id)
      .execute();
  });
  afterAll(() => t.close());

  it('at a location in use: on hand 0 in the report, low in the report and the products list', async () => {
    const atStore = await report(`&location_id=${store.id}`);
    expect(onHand(atStore)).toEqual([
      'Fresh never received @ Store room: 0',
      'Held at the shop @ Store room: 0',
    ]);
    expect(atStore.on_hand.every((h) => h.value_cost === 0 && h.value_price === 0)).toBe(true);
    expect(atStore.totals).toEqual({ value_cost: 0, value_price: 0, products: 0 });
    expect(atStore.low_stock.map((p) => [p.name, p.on_hand])).toEqual([
      ['Fresh never received', 0],
      ['Held at the shop', 0],
    ]);
    expect(await listed(`&location_id=${store.id}&low_stock=true`)).toEqual([
      'Fresh never received',
      'Held at the shop',
    ]);
    // the products at the store: those it lists with 0, not the one without a reorder level
    expect(await listed(`&location_id=${store.id}`)).toEqual(['Fresh never received', 'Held at the shop']);
  });

  it('at the shop: the product held there is not low, the one never received is', async () => {
    const atShop = await report(`&location_id=${shop.id}`);
    expect(onHand(atShop)).toEqual([
      'Fresh never received @ Main shop: 0',
      'Held at the shop @ Main shop: 10000',
    ]);
    expect(atShop.low_stock.map((p) => p.name)).toEqual(['Fresh never received']);
    expect(await listed(`&location_id=${shop.id}&low_stock=true`)).toEqual(['Fresh never received']);
  });

  it('a deactivated or deleted location gains no rows: only the levels it really has', async () => {
    const atKiosk = await report(`&location_id=${kiosk.id}`);
    expect(onHand(atKiosk)).toEqual(['Held at the shop @ Kiosk: 0']);
    expect(atKiosk.low_stock.map((p) => p.name)).toEqual(['Held at the shop']);
    expect(await listed(`&location_id=${kiosk.id}&low_stock=true`)).toEqual(['Held at the shop']);
    const atMerged = await report(`&location_id=${merged.id}`);
    expect(atMerged.on_hand).toEqual([]);
    expect(atMerged.low_stock).toEqual([]);
    expect(await listed(`&location_id=${merged.id}&low_stock=true`)).toEqual([]);
    expect(await listed(`&location_id=${merged.id}`)).toEqual([]);
  });

  it('over every location: low once, at 0, and every count agrees', async () => {
    const all = await report();
    // rows where it has levels (a level row at the kiosk too); the new one, held nowhere, is listed
    // once, in the low stock at 0 (its 0 at each location is in each location's view)
    expect(onHand(all)).toEqual(['Held at the shop @ Kiosk: 0', 'Held at the shop @ Main shop: 10000']);
    expect(all.totals.products).toBe(1);
    // summed over every location the shop's 10 are above the level of 5: only the new one is low
    const low = ['Fresh never received'];
    expect(all.low_stock.map((p) => [p.name, p.on_hand])).toEqual([['Fresh never received', 0]]);
    expect(await listed('&low_stock=true')).toEqual(low);
    const board = await get<Dashboard>('/api/reports/dashboard');
    expect(board.low_stock.items.map((p) => [p.name, p.on_hand])).toEqual([['Fresh never received', 0]]);
    expect(board.low_stock.count).toBe(low.length);
    expect((await get<Notifications>('/api/notifications')).low_stock).toBe(low.length);
  });

  it('a user limited to the store: both low over their locations, at 0 in the view of the store', async () => {
    const clerk = (
      await staffWith(t.app, admin, ['manage_stock', 'view_stock_report'], { location_ids: [store.id] })
    ).cookie;
    const both = ['Fresh never received', 'Held at the shop'];
    const theirs = await report('', clerk);
    expect(theirs.on_hand).toEqual([]);
    expect(theirs.low_stock.map((p) => [p.name, p.on_hand])).toEqual([
      ['Fresh never received', 0],
      ['Held at the shop', 0],
    ]);
    expect(await listed('&low_stock=true', clerk)).toEqual(both);
    const atStore = await report(`&location_id=${store.id}`, clerk);
    expect(onHand(atStore)).toEqual([
      'Fresh never received @ Store room: 0',
      'Held at the shop @ Store room: 0',
    ]);
    expect(atStore.low_stock.map((p) => p.name)).toEqual(both);
    expect(await listed(`&location_id=${store.id}&low_stock=true`, clerk)).toEqual(both);
  });
});
