import type { Location, Product } from '@duka/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { buildBusiness } from '../../test/factories.js';
import { reversed, sold } from '../../test/sales-factories.js';
import { statementsOf } from '../../test/statements.js';
import { buildProduct, buildSupplier, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A reversal puts goods back at the unit cost they left with, and moves the product's average
 * cost as a receipt at that cost would (reversal-writes.ts `writeReversal`): when a receipt at
 * another cost came in between, the goods that came back are averaged in at their own cost, not
 * revalued at the new average. The change is journaled and stamped as a receipt's (sync carries
 * it by that entry); on PostgreSQL its update is part of the reversal's one statement of writes.
 */
describe('average cost after a reversal', () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  let supplier: string;
  const product = (id: string) =>
    t.app.inject({ url: `/api/products/${id}`, headers: { cookie: admin } }).then((r) => r.json<Product>());
  const receive = (productId: string, quantity: number, unitCost: number) =>
    received(t.app, admin, {
      supplier_id: supplier,
      location_id: shop.id,
      lines: [{ product_id: productId, quantity, unit_cost: unitCost }],
    });
  const sell = (productId: string, quantity: number) =>
    sold(t.app, admin, {
      kind: 'cash',
      location_id: shop.id,
      tendered: 10_000_000,
      lines: [{ product_id: productId, quantity }],
    });
  const costEntries = (productId: string) =>
    t.db.kysely
      .selectFrom('journal')
      .select(['hlc', 'detail'])
      .where('doc_type', '=', 'product')
      .where('doc_id', '=', productId)
      .where('action', '=', 'product.cost')
      .orderBy('seq')
      .execute();

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    supplier = (await buildSupplier(t.app, admin)).id;
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('averages the goods that came back in at their own cost, journaled and stamped', async () => {
    const p = await buildProduct(t.app, admin, { price: 100_000 });
    // 10 bought at 100.00 and all sold (the sale's cost: 10 × 100.00)
    await receive(p.id, 10_000, 10_000);
    const sale = await sell(p.id, 10_000);
    // the shelf is empty; 1 comes in at 500.00: the average is 500.00 (stock was at zero)
    await receive(p.id, 1_000, 50_000);
    expect((await product(p.id)).avg_cost).toBe(50_000);
    // the customer brings the 10 back at the 100.00 they cost
    const { texts, result: reversal } = await statementsOf(t.db, () => reversed(t.app, admin, sale.id));
    const after = await product(p.id);
    expect(after.on_hand).toBe(11_000);
    // 10 × 100.00 + 1 × 500.00 = 1,500.00 over 11 = 136.36
    expect(after.avg_cost).toBe(13_636);
    const entry = (await costEntries(p.id)).at(-1)!;
    expect(JSON.parse(entry.detail ?? '{}')).toEqual({ avg_cost: 13_636, reversal_id: reversal.id });
    const { stamps } = await t.db.kysely
      .selectFrom('products')
      .select('stamps')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stamps).avg_cost).toBe(entry.hlc);
    if (t.db.dialect === 'postgres') {
      // the sale's read, the lock, the reads, the costs' journal entries, the writes, `commit`:
      // one round trip more than a reversal that moves no cost, as a receipt's
      const trips = texts.filter((text) => !/"sessions"/.test(text));
      expect(trips).toHaveLength(6);
      const [write] = trips.filter((text) => /insert into "sale_reversals"/i.test(text));
      expect(write).toMatch(/update "products"/);
      expect(texts.filter((text) => /update "products"/.test(text))).toEqual([write]);
    }
  });

  it('a reversal at the average cost moves nothing and journals no cost', async () => {
    const p = await buildProduct(t.app, admin, { price: 100_000 });
    await receive(p.id, 10_000, 20_000);
    const sale = await sell(p.id, 4_000);
    const before = (await costEntries(p.id)).length;
    await reversed(t.app, admin, sale.id, { lines: [{ line_no: 1, quantity: 1_000 }] });
    expect((await product(p.id)).avg_cost).toBe(20_000);
    expect(await costEntries(p.id)).toHaveLength(before);
  });

  it('goods coming back to a shelf at zero or below take their own cost, as a receipt there would', async () => {
    const p = await buildProduct(t.app, admin, { price: 100_000 });
    await receive(p.id, 2_000, 30_000);
    const sale = await sell(p.id, 2_000);
    // a later delivery at 40.00 was all sold too: the shelf is empty at an average of 400.00
    await receive(p.id, 1_000, 40_000);
    await sell(p.id, 1_000);
    await reversed(t.app, admin, sale.id, { lines: [{ line_no: 1, quantity: 1_000 }] });
    const after = await product(p.id);
    expect(after.on_hand).toBe(1_000);
    expect(after.avg_cost).toBe(30_000);
  });
});
