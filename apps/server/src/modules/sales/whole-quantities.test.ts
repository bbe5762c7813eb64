import type { Product, Sale } from '@duka/domain';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import {
  type Shop,
  buildShop,
  postSale,
  reverse,
  reversed,
  saleId,
  sellingCounts,
  sold,
  stock,
} from '../../test/sales-factories.js';
import { buildProduct } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { call, send, useTwoServers } from '../../test/two-servers.js';

/**
 * A product counted in whole pieces (each, pack, box, pair) is sold and taken back in whole
 * numbers: the till's 1.5 "each" sodas are refused (`quantity_not_whole`, 422, on the line's
 * quantity, naming the product and its unit), what is weighed or measured keeps three decimals.
 */
describe('whole units at the till', () => {
  let t: TestApp;
  let s: Shop;
  let beans: Product;
  let eggs: Product;
  const level = async (p: Product) =>
    (await t.app.inject({ url: `/api/products/${p.id}`, headers: { cookie: s.admin } }))
      .json<Product>()
      .levels.find((l) => l.location_id === s.shop.id)?.quantity ?? 0;
  const cash = (lines: { product_id: string; quantity: number }[], id = saleId()) =>
    postSale(t.app, s.admin, { id, kind: 'cash', location_id: s.shop.id, lines, tendered: 10_000_000 });

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    beans = await buildProduct(t.app, s.admin, { name: 'Beans', code: 'BNS', price: 17_000, unit: 'kg' });
    eggs = await buildProduct(t.app, s.admin, { name: 'Eggs', code: 'EGG', price: 2_000, unit: 'dozen' });
    await stock(t.app, s.admin, s.supplier, s.shop.id, [
      { product: beans, quantity: 50_000, unit_cost: 13_000 },
      { product: eggs, quantity: 10_000, unit_cost: 1_500 },
    ]);
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('refuses 1.5 of a product sold each, naming the line, the product and its unit, and writes nothing', async () => {
    const before = await sellingCounts(t.db);
    const breadBefore = await level(s.bread);
    const id = saleId();
    const res = await cash(
      [
        { product_id: beans.id, quantity: 1_500 },
        { product_id: s.bread.id, quantity: 1_500 },
      ],
      id,
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'quantity_not_whole',
      field: 'lines.1.quantity',
      params: { product_id: s.bread.id, name: 'Bread', unit: 'each' },
    });
    expect(await sellingCounts(t.db)).toEqual(before);
    expect(await level(s.bread)).toBe(breadBefore);
    // the same sale (its id) with whole bread: nothing was kept under it, so it is sold now
    const fixed = await cash(
      [
        { product_id: beans.id, quantity: 1_500 },
        { product_id: s.bread.id, quantity: 2_000 },
      ],
      id,
    );
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.json<Sale>().lines.map((l) => l.quantity)).toEqual([1_500, 2_000]);
    // and sent again it is answered as the sale it was
    const again = await cash(
      [
        { product_id: beans.id, quantity: 1_500 },
        { product_id: s.bread.id, quantity: 2_000 },
      ],
      id,
    );
    expect(again.statusCode).toBe(201);
    expect(again.json<Sale>().receipt_no).toBe(fixed.json<Sale>().receipt_no);
  });

  it('sells a kilogram, a litre or a dozen in thousandths, and the pieces in whole numbers', async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      tendered: 10_000_000,
      lines: [
        { product_id: beans.id, quantity: 250 },
        { product_id: eggs.id, quantity: 500 },
        { product_id: s.milk.id, quantity: 3_000 },
      ],
    });
    expect(sale.lines.map((l) => [l.unit, l.quantity])).toEqual([
      ['kg', 250],
      ['dozen', 500],
      ['each', 3_000],
    ]);
    // a thousandth of a piece is a fraction too
    const res = await cash([{ product_id: s.milk.id, quantity: 1 }]);
    expect(res.json().error).toMatchObject({ code: 'quantity_not_whole', field: 'lines.0.quantity' });
  });

  it('takes back whole pieces only, or all that is left of a line kept with a fraction from before', async () => {
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      tendered: 10_000_000,
      lines: [
        { product_id: beans.id, quantity: 2_000 },
        { product_id: s.sugar.id, quantity: 3_000 },
      ],
    });
    const before = await sellingCounts(t.db);
    const half = await reverse(t.app, s.admin, sale.id, {
      lines: [
        { line_no: 1, quantity: 500 },
        { line_no: 2, quantity: 1_500 },
      ],
    });
    expect(half.statusCode, half.body).toBe(422);
    expect(half.json().error).toMatchObject({
      code: 'quantity_not_whole',
      field: 'lines.1.quantity',
      params: { product_id: s.sugar.id, name: 'Sugar 1 kg', unit: 'each' },
    });
    expect(await sellingCounts(t.db)).toEqual(before);
    const back = await reversed(t.app, s.admin, sale.id, {
      lines: [
        { line_no: 1, quantity: 500 },
        { line_no: 2, quantity: 1_000 },
      ],
    });
    expect(back.lines.map((l) => l.quantity)).toEqual([500, 1_000]);

    // a sale of 1.5 "each" recorded before the rule (its line says so): the rest of it comes back whole
    const old = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      tendered: 10_000_000,
      lines: [{ product_id: s.milk.id, quantity: 2_000 }],
    });
    await sql`update sale_lines set quantity = 1500 where sale_id = ${old.id}`.execute(t.db.kysely);
    await sql`update stock_movements set quantity = -1500 where doc_id = ${old.id}`.execute(t.db.kysely);
    await sql`update stock_levels set quantity = quantity + 500 where product_id = ${s.milk.id}`.execute(
      t.db.kysely,
    );
    const part = await reverse(t.app, s.admin, old.id, { lines: [{ line_no: 1, quantity: 500 }] });
    expect(part.json().error).toMatchObject({ code: 'quantity_not_whole', field: 'lines.0.quantity' });
    const all = await reversed(t.app, s.admin, old.id, { lines: [{ line_no: 1, quantity: 1_500 }] });
    expect(all.lines.map((l) => l.quantity)).toEqual([1_500]);
  });
});

/**
 * What a branch sold is applied as it happened: a sale of 1.5 "each" recorded on a shop server
 * (one from before the rule) is not refused where sync applies it, nor its ledger changed.
 */
describe('whole units through sync', () => {
  const servers = useTwoServers();

  it("applies a branch's sale of a fraction of a piece, and its stock moves by it", async () => {
    const { a, b, businessId } = servers();
    const soda = (await call(a, 'POST', '/api/products', {
      name: 'Soda',
      code: 'SODA',
      price: 5_000,
    })) as Product;
    const supplier = (await call(a, 'POST', '/api/suppliers', { name: 'Bottlers' })) as { id: string };
    const shop = ((await call(a, 'GET', '/api/locations')) as { id: string }[])[0]!;
    await call(a, 'POST', '/api/stock/receipts', {
      id: saleId(),
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [{ product_id: soda.id, quantity: 10_000, unit_cost: 3_000 }],
    });
    const sale = (await call(a, 'POST', '/api/sales', {
      id: saleId(),
      kind: 'cash',
      location_id: shop.id,
      lines: [{ product_id: soda.id, quantity: 2_000 }],
      tendered: 100_000,
    })) as Sale;
    // as an older shop server kept it: 1.5 sodas
    const db = a.app.db.kysely;
    await sql`update sale_lines set quantity = 1500 where sale_id = ${sale.id}`.execute(db);
    await sql`update stock_movements set quantity = -1500 where doc_id = ${sale.id}`.execute(db);
    await sql`update stock_levels set quantity = 8500 where product_id = ${soda.id}`.execute(db);
    await send(a, b, businessId);
    const line = await b.app.db.kysely
      .selectFrom('sale_lines')
      .select(['quantity', 'unit'])
      .where('sale_id', '=', sale.id)
      .executeTakeFirstOrThrow();
    expect([Number(line.quantity), line.unit]).toEqual([1_500, 'each']);
    const onB = (await call(b, 'GET', `/api/products/${soda.id}`)) as Product;
    expect(onB.levels.find((l) => l.location_id === shop.id)?.quantity).toBe(8_500);
    await expectLedgerConsistent(b.app.db);
  });
});
