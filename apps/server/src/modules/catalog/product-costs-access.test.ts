import type { Flag, Location, Product, StockDocument } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { staffWith } from '../../test/sales-factories.js';
import { buildProduct, buildSupplier, newDocId, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * What goods cost is kept from those whose work does not show it (`seesCosts`): a supplier
 * receipt (its unit costs) is refused them, and so a product read (GET /api/products,
 * /api/products/:id, open to anyone signed in: the till searches them) answers its average cost
 * and buying price as 0, as a blind reader's levels are; so does a stock adjustment's or
 * transfer's answer its unit costs. Managing stock, receiving and the stock report show costs.
 */
describe("who reads the products' costs", () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  let product: Product;
  let receipt: StockDocument;
  const read = async (cookie: string) => {
    const one = await t.app.inject({ url: `/api/products/${product.id}`, headers: { cookie } });
    const list = await t.app.inject({ url: `/api/products?q=${product.code}`, headers: { cookie } });
    expect(one.statusCode, one.body).toBe(200);
    const listed = list.json<Product[]>().find((p) => p.id === product.id)!;
    const costs = (p: Product) => ({ avg_cost: p.avg_cost, buying_price: p.buying_price });
    return { one: costs(one.json<Product>()), listed: costs(listed), price: one.json<Product>().price };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    const supplier = (await buildSupplier(t.app, admin)).id;
    product = await buildProduct(t.app, admin, { price: 15_000, buying_price: 9_000 });
    receipt = await received(t.app, admin, {
      supplier_id: supplier,
      location_id: shop.id,
      lines: [{ product_id: product.id, quantity: 10_000, unit_cost: 9_500 }],
    });
  });
  afterAll(() => t.close());

  const hidden = { avg_cost: 0, buying_price: 0 };
  const shown = { avg_cost: 9_500, buying_price: 9_000 };

  // the receipt is refused: 403 to one who may read no stock document, 404 to a holder of another
  // stock flag (the documents they may read do not include a supplier's receipt)
  it.each<[Flag, number]>([
    ['sell_cash', 403],
    ['adding_expenses', 403],
    ['stock_taking', 404],
    ['adding_stock_positive', 404],
  ])('%s: the receipt is refused (%i), the product read without its costs', async (flag, status) => {
    const { cookie } = await staffWith(t.app, admin, [flag], { location_ids: [shop.id] });
    const doc = await t.app.inject({ url: `/api/stock/documents/${receipt.id}`, headers: { cookie } });
    expect(doc.statusCode).toBe(status);
    expect(await read(cookie)).toEqual({ one: hidden, listed: hidden, price: 15_000 });
  });

  it.each<Flag[]>([['manage_stock'], ['adding_supplier_stock'], ['view_stock_report']])(
    '%s: the product read with its costs',
    async (...flags) => {
      const { cookie } = await staffWith(t.app, admin, flags, { location_ids: [shop.id] });
      expect(await read(cookie)).toEqual({ one: shown, listed: shown, price: 15_000 });
    },
  );

  it('the admin reads the costs', async () => {
    expect(await read(admin)).toEqual({ one: shown, listed: shown, price: 15_000 });
  });

  it('stock found is answered without its cost to a user who only adds stock', async () => {
    const { cookie } = await staffWith(t.app, admin, ['adding_stock_positive'], { location_ids: [shop.id] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stock/positive',
      headers: { cookie },
      payload: {
        id: newDocId(),
        location_id: shop.id,
        reason: 'found',
        note: '',
        lines: [{ product_id: product.id, quantity: 1_000 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json<StockDocument>();
    expect({ total: doc.total_cost, unit: doc.lines[0]!.unit_cost }).toEqual({ total: 0, unit: 0 });
    const again = await t.app.inject({ url: `/api/stock/documents/${doc.id}`, headers: { cookie } });
    expect(again.json<StockDocument>().total_cost).toBe(0);
    const byAdmin = await t.app.inject({ url: `/api/stock/documents/${doc.id}`, headers: { cookie: admin } });
    expect(byAdmin.json<StockDocument>().total_cost).toBe(9_500);
  });

  // The QA: a stock manager limited to the store room read only its level, but the answer to their
  // edit of the product showed every location's stock.
  it("a product's answer to its edit shows what its reader may read, as the read does", async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { cookie: admin },
      payload: { name: 'Store room' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const store = made.json<Location>();
    const { cookie } = await staffWith(t.app, admin, ['manage_stock'], { location_ids: [store.id] });
    const read = await t.app.inject({ url: `/api/products/${product.id}`, headers: { cookie } });
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      headers: { cookie },
      payload: { price: 15_000 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const levels = (p: Product) => ({ levels: p.levels, on_hand: p.on_hand });
    expect(levels(read.json<Product>())).toEqual({ levels: [], on_hand: 0 });
    expect(levels(edited.json<Product>())).toEqual(levels(read.json<Product>()));
    // the shop holds stock: the admin sees it
    const all = await t.app.inject({ url: `/api/products/${product.id}`, headers: { cookie: admin } });
    expect(all.json<Product>().levels.map((l) => l.location_id)).toContain(shop.id);
  });
});
