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
 * An inactive product can be neither counted, nor moved, nor written off (stock-rules.ts), so a
 * product some location holds stock of is not deactivated, by the form or by the CSV import: its
 * stock is moved, counted or written off first, as a location's is (locations.service.ts).
 */
describe('a product holding stock is not deactivated', () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  let supplier: string;
  const HEADER = 'code,name,barcodes,category,unit,price,tax_rate,reorder_level,active';

  const patch = (id: string, body: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: { cookie: admin }, payload: body });
  const importCsv = (rows: string[], commit: boolean) =>
    importProducts(t.app, admin, `${HEADER}\n${rows.join('\n')}\n`, commit);
  const stocked = async (code: string, quantity: number) => {
    const p = await buildProduct(t.app, admin, { code, name: `${code} soap`, price: 100 });
    await received(t.app, admin, {
      supplier_id: supplier,
      location_id: shop.id,
      lines: [{ product_id: p.id, quantity, unit_cost: 50 }],
    });
    return p;
  };
  const writeOff = (p: Product, quantity: number) =>
    writtenOff(t.app, admin, { location_id: shop.id, lines: [{ product_id: p.id, quantity }] });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    supplier = (await buildSupplier(t.app, admin)).id;
  });
  afterAll(() => t.close());

  it('the form: refused with a typed code on the field while stock is held; once written off, deactivated', async () => {
    const p = await stocked('HELD1', 2_000);
    const refused = await patch(p.id, { active: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'product_holds_stock', field: 'active' });
    // anything else may still change, and the product stays active
    const renamed = await patch(p.id, { name: 'Held soap, renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Product>().active).toBe(true);
    await writeOff(p, 2_000);
    const done = await patch(p.id, { active: false });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Product>().active).toBe(false);
    // an inactive product sent inactive again is no change to refuse
    expect((await patch(p.id, { active: false })).statusCode).toBe(200);
  });

  it('the CSV import: the row is named (holds_stock on active) in the preview and the commit is refused', async () => {
    const held = await stocked('HELD2', 1_000);
    const empty = await buildProduct(t.app, admin, { code: 'EMPTY2', name: 'Empty soap', price: 100 });
    const rows = ['HELD2,HELD2 soap,,,each,1.00,,,no', 'EMPTY2,Empty soap,,,each,1.00,,,no'];
    const preview = await importCsv(rows, false);
    expect(preview.statusCode).toBe(200);
    const body = preview.json<ProductImportResult>();
    expect(body.valid).toBe(false);
    expect(body.rows.map((r) => r.errors)).toEqual([[{ field: 'active', code: 'holds_stock' }], []]);
    const commit = await importCsv(rows, true);
    expect(commit.statusCode).toBe(422);
    expect(commit.json().error).toMatchObject({ code: 'validation_failed', field: 'rows.2.active' });
    const read = async (id: string) =>
      (await t.app.inject({ url: `/api/products/${id}`, headers: { cookie: admin } })).json<Product>();
    expect((await read(held.id)).active).toBe(true);
    expect((await read(empty.id)).active).toBe(true);
    // the stock written off, the same file deactivates both
    await writeOff(held, 1_000);
    expect((await importCsv(rows, true)).statusCode).toBe(200);
    expect((await read(held.id)).active).toBe(false);
    expect((await read(empty.id)).active).toBe(false);
  });
});
