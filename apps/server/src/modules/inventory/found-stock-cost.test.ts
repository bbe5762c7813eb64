import type { Location, Product, StockDocument } from '@duka/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { buildBusiness } from '../../test/factories.js';
import { statementsOf } from '../../test/statements.js';
import { buildProduct, buildSupplier, newDocId, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * Stock found (a positive adjustment) comes in at the product's average cost, or, while it has
 * none (a new product's first stock), at its buying price, which it then moves as a receipt at
 * that price would (`incomingCost`, documents.service.ts postAdjustment): booked at 0, those units
 * were averaged in at 0 by the next receipt and every later sale's profit overstated.
 */
describe('the cost of stock found', () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  let supplier: string;
  const product = (id: string) =>
    t.app.inject({ url: `/api/products/${id}`, headers: { cookie: admin } }).then((r) => r.json<Product>());
  const adjust = async (direction: 'positive' | 'negative', productId: string, quantity: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stock/${direction}`,
      headers: { cookie: admin },
      payload: {
        id: newDocId(),
        location_id: shop.id,
        reason: direction === 'positive' ? 'found' : 'damaged',
        note: '',
        lines: [{ product_id: productId, quantity }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<StockDocument>();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    supplier = (await buildSupplier(t.app, admin)).id;
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('a new product found is booked at its buying price, and a delivery at that price keeps it', async () => {
    const p = await buildProduct(t.app, admin, { price: 15_000, buying_price: 10_000 });
    const { texts, result: doc } = await statementsOf(t.db, () => adjust('positive', p.id, 10_000));
    expect(doc.total_cost).toBe(100_000);
    expect(doc.lines[0]!.unit_cost).toBe(10_000);
    expect((await product(p.id)).avg_cost).toBe(10_000);
    // on PostgreSQL as a receipt that moves a cost: its entries one round trip, its update part of
    // the document's one statement of writes
    if (t.db.dialect === 'postgres') expect(texts).toHaveLength(5);
    await received(t.app, admin, {
      supplier_id: supplier,
      location_id: shop.id,
      lines: [{ product_id: p.id, quantity: 10_000, unit_cost: 10_000 }],
    });
    const after = await product(p.id);
    expect(after.on_hand).toBe(20_000);
    expect(after.avg_cost).toBe(10_000);
  });

  it('stock found of a product with an average cost comes in at it; stock removed moves no cost', async () => {
    const p = await buildProduct(t.app, admin, { price: 15_000, buying_price: 10_000 });
    await received(t.app, admin, {
      supplier_id: supplier,
      location_id: shop.id,
      lines: [{ product_id: p.id, quantity: 2_000, unit_cost: 8_000 }],
    });
    expect((await adjust('positive', p.id, 1_000)).lines[0]!.unit_cost).toBe(8_000);
    expect((await adjust('negative', p.id, 1_000)).lines[0]!.unit_cost).toBe(8_000);
    expect((await product(p.id)).avg_cost).toBe(8_000);
  });
});
