import type { Location, Product, ProductImportResult } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import {
  buildProduct,
  buildSupplier,
  importProducts,
  received,
  writtenOff,
} from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A stock QA changed loose rice (14 kg at one shop) to "each": its stock read "16 each" and the
 * sales report "4.5 each" sold. A product's unit is kept once stock has moved in it, by the form
 * and by the CSV import (`unit_in_use`); a new product's unit still changes.
 */
describe("a product's unit once stock has moved", () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  let supplier: string;
  const HEADER = 'code,name,barcodes,category,unit,price,tax_rate,reorder_level,active';
  const patch = (id: string, body: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: { cookie: admin }, payload: body });
  const unitOf = async (p: Product) =>
    (await t.app.inject({ url: `/api/products/${p.id}`, headers: { cookie: admin } })).json<Product>().unit;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    supplier = (await buildSupplier(t.app, admin)).id;
  });
  afterAll(() => t.close());

  it('is kept by the form once stock moved, even all gone again; a new product changes it', async () => {
    const rice = await buildProduct(t.app, admin, {
      code: 'RICE1',
      name: 'Rice loose',
      unit: 'kg',
      price: 100,
    });
    const fresh = await buildProduct(t.app, admin, { code: 'NEW1', name: 'New soap', price: 100 });
    await received(t.app, admin, {
      supplier_id: supplier,
      location_id: shop.id,
      lines: [{ product_id: rice.id, quantity: 2_500, unit_cost: 50 }],
    });
    const refused = await patch(rice.id, { unit: 'each', price: 120 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'unit_in_use', field: 'unit' });
    expect(await unitOf(rice)).toBe('kg');
    // the whole save is refused: the price too
    expect(
      (await t.app.inject({ url: `/api/products/${rice.id}`, headers: { cookie: admin } })).json<Product>()
        .price,
    ).toBe(100);
    // written off to 0: its history is still in kg
    await writtenOff(t.app, admin, {
      location_id: shop.id,
      lines: [{ product_id: rice.id, quantity: 2_500 }],
    });
    expect((await patch(rice.id, { unit: 'each' })).statusCode).toBe(409);
    // the same unit sent back with a price change is no change of unit
    expect((await patch(rice.id, { unit: 'kg', price: 130 })).statusCode).toBe(200);
    const changed = await patch(fresh.id, { unit: 'pack' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await unitOf(fresh)).toBe('pack');
  });

  it('is kept by the CSV import, row by row; a file without a unit column changes none', async () => {
    const beans = await buildProduct(t.app, admin, { code: 'BEAN1', name: 'Beans', unit: 'kg', price: 100 });
    await buildProduct(t.app, admin, { code: 'NEW2', name: 'Other new', price: 100 });
    await received(t.app, admin, {
      supplier_id: supplier,
      location_id: shop.id,
      lines: [{ product_id: beans.id, quantity: 1_000, unit_cost: 50 }],
    });
    const preview = await importProducts(
      t.app,
      admin,
      `${HEADER}\nBEAN1,Beans,,,each,1.00,0,0,yes\nNEW2,Other new,,,box,1.00,0,0,yes\n`,
    );
    const body = preview.json<ProductImportResult>();
    expect(body.valid).toBe(false);
    expect(body.rows.map((r) => r.errors.map((e) => [e.field, e.code]))).toEqual([
      [['unit', 'unit_in_use']],
      [],
    ]);
    const noUnit = await importProducts(t.app, admin, 'code,name,price\nBEAN1,Beans,1.50\n', true);
    expect(noUnit.json<ProductImportResult>().valid).toBe(true);
    expect(await unitOf(beans)).toBe('kg');
  });
});
