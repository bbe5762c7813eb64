import type { Location, Product, ProductImportResult, StockCount, StockDocument } from '@duka/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import {
  buildLocation,
  buildProduct,
  buildSupplier,
  importProducts,
  newDocId,
} from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A product counted in whole pieces (each, pack, box, pair) takes whole numbers wherever a person
 * enters a quantity of it: a supplier's 3.7 "box", an adjustment, a transfer, a count of 2.25
 * "each", a reorder level of 0.5 "pair" (the form and the CSV import). Refused with
 * `quantity_not_whole` (422) on the field, naming the product and its unit; nothing written.
 * What is weighed or measured (kg, litre, metre) and the dozen keep three decimals.
 */
describe('whole units in stock', () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  let store: Location;
  let supplier: string;
  let matches: Product;
  let rice: Product;
  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: admin },
      payload: { id: newDocId(), ...payload },
    });
  const patch = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: { cookie: admin }, payload });
  const refusal = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ error: { code: string; field?: string; params?: unknown } }>().error;
  };
  const rows = async (table: 'stock_documents' | 'stock_movements' | 'stock_count_entries' | 'products') =>
    (await t.db.kysely.selectFrom(table).select('id').execute()).length;
  const matchesRefused = (field: string) => ({
    code: 'quantity_not_whole',
    field,
    params: { product_id: matches.id, name: 'Matches', unit: 'box' },
  });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    store = await buildLocation(t.app, admin, 'Store room');
    supplier = (await buildSupplier(t.app, admin)).id;
    matches = await buildProduct(t.app, admin, { name: 'Matches', code: 'MTC', unit: 'box', price: 5_000 });
    rice = await buildProduct(t.app, admin, { name: 'Rice', code: 'RICE', unit: 'kg', price: 15_000 });
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('refuses 3.7 boxes on each kind of stock document, line by line, and writes nothing', async () => {
    const receipt = (quantity: number) =>
      post('/api/stock/receipts', {
        supplier_id: supplier,
        location_id: shop.id,
        lines: [
          { product_id: rice.id, quantity: 2_500, unit_cost: 12_000 },
          { product_id: matches.id, quantity, unit_cost: 4_000 },
        ],
      });
    const [documents, movements] = [await rows('stock_documents'), await rows('stock_movements')];
    expect(refusal(await receipt(3_700))).toMatchObject(matchesRefused('lines.1.quantity'));
    const line = (quantity: number) => [{ product_id: matches.id, quantity }];
    const refused = [
      await post('/api/stock/positive', { location_id: shop.id, reason: 'found', lines: line(500) }),
      await post('/api/stock/negative', { location_id: shop.id, reason: 'damaged', lines: line(500) }),
      await post('/api/stock/transfers', {
        from_location_id: shop.id,
        to_location_id: store.id,
        lines: line(1_250),
      }),
    ];
    for (const res of refused) expect(refusal(res)).toMatchObject(matchesRefused('lines.0.quantity'));
    expect([await rows('stock_documents'), await rows('stock_movements')]).toEqual([documents, movements]);
    // whole boxes, and rice by the gram, are taken
    const taken = await receipt(4_000);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json<StockDocument>().lines.map((l) => l.quantity)).toEqual([2_500, 4_000]);
    const moved = await post('/api/stock/transfers', {
      from_location_id: shop.id,
      to_location_id: store.id,
      lines: [
        { product_id: matches.id, quantity: 1_000 },
        { product_id: rice.id, quantity: 1_250 },
      ],
    });
    expect(moved.statusCode, moved.body).toBe(201);
  });

  it('refuses a count of 2.25 boxes, or a correction of half a box, and counts whole ones', async () => {
    const countId = newDocId();
    expect((await post('/api/stock-counts', { id: countId, location_id: shop.id })).statusCode).toBe(201);
    const entry = (product: Product, quantity: number) =>
      post(`/api/stock-counts/${countId}/entries`, { product_id: product.id, quantity });
    const entries = await rows('stock_count_entries');
    expect(refusal(await entry(matches, 2_250))).toMatchObject(matchesRefused('quantity'));
    expect((await entry(matches, 3_000)).statusCode).toBe(201);
    expect(refusal(await entry(matches, -500))).toMatchObject(matchesRefused('quantity'));
    const rice2 = await entry(rice, 2_250);
    expect(rice2.statusCode, rice2.body).toBe(201);
    expect(
      rice2
        .json<StockCount>()
        .counted.map((c) => [c.product_name, c.quantity])
        .sort(),
    ).toEqual([['Rice', 2_250]]);
    expect(await rows('stock_count_entries')).toBe(entries + 2);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/stock-counts/${countId}/cancel`,
      headers: { cookie: admin },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it('refuses a reorder level of half a piece, on a new product and on a change of level or unit', async () => {
    const products = await rows('products');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: { name: 'Sandals', code: 'SND', unit: 'pair', price: 50_000, reorder_level: 500 },
    });
    expect(refusal(made)).toMatchObject({
      code: 'quantity_not_whole',
      field: 'reorder_level',
      params: { name: 'Sandals', unit: 'pair' },
    });
    expect(await rows('products')).toBe(products);
    const sandals = await buildProduct(t.app, admin, {
      name: 'Sandals',
      code: 'SND',
      unit: 'pair',
      reorder_level: 2_000,
    });
    expect(refusal(await patch(sandals.id, { reorder_level: 1_500 }))).toMatchObject({
      code: 'quantity_not_whole',
      field: 'reorder_level',
      params: { product_id: sandals.id, name: 'Sandals', unit: 'pair' },
    });
    // by weight it takes decimals; made a product of pieces again, its level must be whole
    const flour = await buildProduct(t.app, admin, { name: 'Flour', unit: 'kg', reorder_level: 2_500 });
    expect(refusal(await patch(flour.id, { unit: 'pack' }))).toMatchObject({
      field: 'reorder_level',
      params: { unit: 'pack' },
    });
    expect((await patch(flour.id, { unit: 'pack', reorder_level: 3_000 })).statusCode).toBe(200);
    // a level kept with a fraction from before the rule stays while neither it nor the unit changes
    await t.db.kysely
      .updateTable('products')
      .set({ reorder_level: 500 })
      .where('id', '=', sandals.id)
      .execute();
    const priced = await patch(sandals.id, { price: 55_000, reorder_level: 500, unit: 'pair' });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json<Product>()).toMatchObject({ price: 55_000, reorder_level: 500 });
  });

  it('refuses a CSV row that gives pieces a reorder level with a fraction, in the preview and the commit', async () => {
    const importCsv = (csv: string, commit = false) => importProducts(t.app, admin, csv, commit);
    const HEADER = 'code,name,unit,price,reorder_level';
    const preview = await importCsv(
      [HEADER, 'C1,Candles,pack,90,0.5', 'C2,Sugar loose,kg,150,0.5', 'C3,Socks,pair,200,2'].join('\n'),
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const result = preview.json<ProductImportResult>();
    expect(result.valid).toBe(false);
    expect(result.rows.map((r) => [r.code, r.errors])).toEqual([
      ['C1', [{ field: 'reorder_level', code: 'not_whole' }]],
      ['C2', []],
      ['C3', []],
    ]);
    const products = await rows('products');
    const commit = await importCsv([HEADER, 'C1,Candles,pack,90,0.5'].join('\n'), true);
    expect(refusal(commit)).toMatchObject({
      code: 'validation_failed',
      field: 'rows.2.reorder_level',
      params: { row: 2, column: 'reorder_level', row_error: 'not_whole' },
    });
    expect(await rows('products')).toBe(products);
    // a known product of pieces: a level kept from before the rule, the file unchanged, is no error;
    // a file that changes its level or its unit is checked
    await t.db.kysely
      .updateTable('products')
      .set({ reorder_level: 1_500 })
      .where('id', '=', matches.id)
      .execute();
    const again = await importCsv(
      ['code,name,price,reorder_level', 'MTC,Matches,50,1.5', 'RICE,Rice,150,0.75'].join('\n'),
    );
    expect(again.json<ProductImportResult>().rows.map((r) => [r.action, r.errors])).toEqual([
      ['unchanged', []],
      ['update', []],
    ]);
    const changed = await importCsv(['code,name,price,reorder_level', 'MTC,Matches,50,2.5'].join('\n'));
    expect(changed.json<ProductImportResult>().rows[0]!.errors).toEqual([
      { field: 'reorder_level', code: 'not_whole' },
    ]);
    // a product by weight given a unit of pieces: the level it keeps is checked in the new unit
    await buildProduct(t.app, admin, { name: 'Salt', code: 'SALT', unit: 'kg', reorder_level: 500 });
    const repacked = await importCsv(['code,name,price,unit', 'SALT,Salt,100,box'].join('\n'));
    expect(repacked.json<ProductImportResult>().rows[0]!.errors).toEqual([
      { field: 'reorder_level', code: 'not_whole' },
    ]);
    const relevelled = await importCsv(
      ['code,name,price,unit,reorder_level', 'SALT,Salt,100,box,1'].join('\n'),
      true,
    );
    expect(relevelled.statusCode, relevelled.body).toBe(200);
  });
});
