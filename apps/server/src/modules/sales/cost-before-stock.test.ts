import type { Product, ProfitReport, Sale, StockDocument } from '@duka/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { type Shop, buildShop, sold } from '../../test/sales-factories.js';
import { buildProduct, buildSupplier, newDocId, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A shop that sells below zero sells a new product before any of it was received (a stock QA: an
 * imported product, buying price 40.00). The sale was costed at its average cost, 0, so its whole
 * price counted as profit, for good. It is costed at the buying price while the product has no
 * average cost, as stock found or counted up is (`incomingCost`).
 */
describe('a sale before any stock came in', () => {
  let t: TestApp;
  let s: Shop;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    const allowed = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: s.admin },
      payload: { allow_negative_stock: true },
    });
    expect(allowed.statusCode).toBe(200);
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  const cash = (p: Product, quantity: number) =>
    sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: p.id, quantity }],
      tendered: 10_000_000,
    });
  const lineCost = async (sale: Sale) =>
    t.db.kysely
      .selectFrom('sale_lines')
      .select(['unit_cost', 'cost'])
      .where('sale_id', '=', sale.id)
      .executeTakeFirstOrThrow()
      .then((r) => ({ unit_cost: Number(r.unit_cost), cost: Number(r.cost) }));
  const cogs = async (day: string) =>
    (
      await t.app.inject({
        url: `/api/reports/profit?from=${day}&to=${day}&location_id=${s.shop.id}`,
        headers: { cookie: s.admin },
      })
    ).json<ProfitReport>().totals.cogs;

  it('is costed at the buying price, and the receipt after it averages from there', async () => {
    const soap = await buildProduct(t.app, s.admin, {
      name: 'Import Soap',
      code: 'QAIMP1',
      price: 5_550,
      buying_price: 4_000,
      tax_rate: 1600,
    });
    const sale = await cash(soap, 2_000);
    expect(await lineCost(sale)).toEqual({ unit_cost: 4_000, cost: 8_000 });
    expect(await cogs(sale.business_day)).toBe(8_000);

    const supplier = await buildSupplier(t.app, s.admin, 'Soap Wholesale');
    await received(t.app, s.admin, {
      supplier_id: supplier.id,
      location_id: s.shop.id,
      lines: [{ product_id: soap.id, quantity: 10_000, unit_cost: 5_000 }],
    });
    const after = await t.db.kysely
      .selectFrom('products')
      .select('avg_cost')
      .where('id', '=', soap.id)
      .executeTakeFirstOrThrow();
    expect(Number(after.avg_cost)).toBe(5_000);
    // the next sale is at the average cost the receipt made
    expect(await lineCost(await cash(soap, 1_000))).toEqual({ unit_cost: 5_000, cost: 5_000 });
  });

  it('a product with neither an average cost nor a buying price is costed at 0, as before', async () => {
    const gift = await buildProduct(t.app, s.admin, { name: 'Gift bag', code: 'GIFT1', price: 1_000 });
    expect(await lineCost(await cash(gift, 1_000))).toEqual({ unit_cost: 0, cost: 0 });
  });

  // The QA: sold, the product was costed at its buying price; written off as damaged, or moved to
  // the store room, the same goods were valued at 0.
  it('goods never received are written off and moved at the cost their sale takes', async () => {
    const oil = await buildProduct(t.app, s.admin, {
      name: 'Loose oil',
      code: 'QAOIL1',
      price: 2_500,
      buying_price: 1_800,
    });
    const store = await t.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { cookie: s.admin },
      payload: { name: 'Cost store' },
    });
    expect(store.statusCode, store.body).toBe(201);
    const post = async (url: string, payload: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: s.admin },
        payload: { id: newDocId(), ...payload },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<StockDocument>();
    };
    const moved = await post('/api/stock/transfers', {
      from_location_id: s.shop.id,
      to_location_id: store.json<{ id: string }>().id,
      lines: [{ product_id: oil.id, quantity: 2_000 }],
    });
    const lost = await post('/api/stock/negative', {
      location_id: s.shop.id,
      reason: 'damaged',
      lines: [{ product_id: oil.id, quantity: 1_000 }],
    });
    expect(moved.lines[0]!.unit_cost).toBe(1_800);
    expect(lost.lines[0]!.unit_cost).toBe(1_800);
    expect(lost.total_cost).toBe(1_800);
    expect(await lineCost(await cash(oil, 1_000))).toEqual({ unit_cost: 1_800, cost: 1_800 });
  });
});
