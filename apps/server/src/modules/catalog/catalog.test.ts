import type { Location, Movement, Product } from '@duka/domain';
import Papa from 'papaparse';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import {
  buildLocation,
  buildProduct,
  buildSupplier,
  importProducts,
  received,
} from '../../test/stock-factories.js';

describe('products', () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  const get = async <T>(url: string, cookie = admin) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const patch = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: { cookie: admin }, payload });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await get<Location[]>('/api/locations'))[0]!;
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('adds a product with barcodes and keeps code and barcodes unique per business', async () => {
    const milk = await buildProduct(t.app, admin, {
      name: 'Milk 500 ml',
      code: 'MLK5',
      barcodes: ['6161100000012', '6161100000029'],
      category: 'Dairy',
      unit: 'each',
      price: 6_000,
      tax_rate: 1600,
      reorder_level: 12_000,
    });
    expect(milk).toMatchObject({
      code: 'MLK5',
      barcodes: ['6161100000012', '6161100000029'],
      tax_rate: 1600,
      on_hand: 0,
      active: true,
    });
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: { name: 'X', code: 'MLK5', price: 1 },
    });
    expect(code.statusCode).toBe(409);
    expect(code.json().error.code).toBe('code_taken');
    const barcode = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: { name: 'X', code: 'X1', price: 1, barcodes: ['6161100000029'] },
    });
    expect(barcode.statusCode).toBe(409);
    expect(barcode.json().error.code).toBe('barcode_taken');
    // named, for the form's words: which barcode, and why
    expect(barcode.json().error.params).toEqual({ barcode: '6161100000029', why: 'taken' });
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: { name: 'X', code: 'X2', price: 1, barcodes: ['1', '1'] },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.params).toEqual({ barcode: '1', why: 'twice' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/products',
          headers: { cookie: admin },
          payload: { name: '', code: 'X3', price: 1 },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/products',
          headers: { cookie: admin },
          payload: { name: 'Y', code: 'X4', price: -1 },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('finds products by name, code or barcode as you type, in any case', async () => {
    await buildProduct(t.app, admin, {
      name: 'Bread white 400 g',
      code: 'BRD4',
      barcodes: ['5000000000001'],
      category: 'Bakery',
    });
    await buildProduct(t.app, admin, { name: 'Brown bread', code: 'BRD8', category: 'Bakery' });
    const names = async (q: string) =>
      (await get<Product[]>(`/api/products?q=${encodeURIComponent(q)}`)).map((p) => p.code);
    expect(await names('bread')).toEqual(['BRD4', 'BRD8']);
    expect(await names('BRD8')).toEqual(['BRD8']);
    expect(await names('5000000000001')).toEqual(['BRD4']);
    // a barcode that is also another product's code names the barcode's product (a catalogue from
    // before such a code was refused: product-unique.test.ts)
    const rye = await buildProduct(t.app, admin, { name: 'Rye loaf', code: 'RYE1', category: 'Bakery' });
    await sql`update products set code = '5000000000001' where id = ${rye.id}`.execute(t.db.kysely);
    expect(await names('5000000000001')).toEqual(['BRD4']);
    expect(await names('%')).toHaveLength(4);
    expect((await get<Product[]>('/api/products?category=Bakery')).map((p) => p.code)).toEqual([
      'BRD4',
      'BRD8',
      '5000000000001',
    ]);
    expect(await get<string[]>('/api/products/categories')).toEqual(['Bakery', 'Dairy']);
  });

  it('filters by location, low stock and inactive', async () => {
    const supplier = await buildSupplier(t.app, admin);
    const store = await buildLocation(t.app, admin, 'Back store');
    const soap = await buildProduct(t.app, admin, { name: 'Soap bar', code: 'SOAP', reorder_level: 5_000 });
    const salt = await buildProduct(t.app, admin, { name: 'Salt', code: 'SALT', reorder_level: 1_000 });
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [
        { product_id: soap.id, quantity: 3_000, unit_cost: 100 },
        { product_id: salt.id, quantity: 9_000, unit_cost: 100 },
      ],
    });
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: store.id,
      lines: [{ product_id: soap.id, quantity: 10_000, unit_cost: 100 }],
    });
    const codes = async (q: string) => (await get<Product[]>(`/api/products?${q}`)).map((p) => p.code);
    // at the store: what it holds, and the products with a reorder level never received there (0):
    // salt, and the milk of the first test
    expect(await codes(`location_id=${store.id}`)).toEqual(['MLK5', 'SALT', 'SOAP']);
    expect(await codes(`location_id=${store.id}&low_stock=true`)).toEqual(['MLK5', 'SALT']);
    expect(await codes(`location_id=${shop.id}&low_stock=true`)).toContain('SOAP');
    expect(await codes(`location_id=${shop.id}&low_stock=true`)).not.toContain('SALT');
    expect(await codes('low_stock=true')).not.toContain('SOAP'); // 13 on hand in all
    const p = (await get<Product[]>('/api/products?q=soap'))[0]!;
    expect(p.levels.sort((a, b) => a.quantity - b.quantity)).toEqual([
      { location_id: shop.id, quantity: 3_000 },
      { location_id: store.id, quantity: 10_000 },
    ]);
    // (a product holding stock is not deactivated: deactivate-held.test.ts)
    const pepper = await buildProduct(t.app, admin, { name: 'Pepper', code: 'PEPPER' });
    expect((await patch(pepper.id, { active: false })).statusCode).toBe(200);
    expect(await codes('q=pepper')).toEqual([]);
    expect(await codes('q=pepper&include_inactive=true')).toEqual(['PEPPER']);
  });

  it('keeps the price history and the movement history', async () => {
    const oil = await buildProduct(t.app, admin, { name: 'Cooking oil 1 l', code: 'OIL1', price: 30_000 });
    expect((await patch(oil.id, { price: 32_000 })).statusCode).toBe(200);
    expect(
      (await patch(oil.id, { name: 'Cooking oil 1 litre', barcodes: ['777'], category: 'Oils' })).statusCode,
    ).toBe(200);
    const taxed = await patch(oil.id, { tax_rate: 1600 });
    expect(taxed.json()).toMatchObject({
      name: 'Cooking oil 1 litre',
      barcodes: ['777'],
      category: 'Oils',
      price: 32_000,
      tax_rate: 1600,
    });
    const prices = await get<{ price: number; tax_rate: number }[]>(`/api/products/${oil.id}/prices`);
    expect(prices.map((p) => [p.price, p.tax_rate])).toEqual([
      [32_000, 1600],
      [32_000, 0],
      [30_000, 0],
    ]);
    const supplier = await buildSupplier(t.app, admin, 'Oil Co');
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [{ product_id: oil.id, quantity: 6_000, unit_cost: 25_000 }],
    });
    const moves = await get<Movement[]>(`/api/products/${oil.id}/movements`);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      kind: 'supplier_receipt',
      quantity: 6_000,
      unit_cost: 25_000,
      location_id: shop.id,
    });
  });

  // The QA: a save that changed nothing was journaled as an edit of every field the form sent.
  it('a save that changes nothing writes nothing; an edit journals only the fields it changed', async () => {
    const tea = await buildProduct(t.app, admin, { name: 'Tea 250 g', code: 'TEA250', price: 9_000 });
    expect((await patch(tea.id, { barcodes: ['5011', '5002'] })).statusCode).toBe(200);
    const entries = () =>
      t.db.kysely
        .selectFrom('journal')
        .select(['action', 'detail'])
        .where('doc_id', '=', tea.id)
        .orderBy('seq')
        .execute();
    const was = await entries();
    const before = await get<Product>(`/api/products/${tea.id}`);
    const same = {
      name: 'Tea 250 g',
      code: 'TEA250',
      price: 9_000,
      barcodes: ['5002', '5011'],
      active: true,
    };
    for (const body of [{}, same]) {
      const res = await patch(tea.id, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Product>().updated_at).toBe(before.updated_at);
    }
    expect(await entries()).toEqual(was);
    expect((await patch(tea.id, { ...same, price: 9_500 })).statusCode).toBe(200);
    const last = (await entries()).at(-1)!;
    expect(last.action).toBe('product.update');
    expect(JSON.parse(String(last.detail))).toEqual({ fields: ['price'] });
  });

  it('keeps a buying price (money, 0 when not set) and changes it by PATCH alone', async () => {
    const flour = await buildProduct(t.app, admin, { name: 'Flour 2 kg', code: 'FLR2', price: 21_000 });
    expect(flour.buying_price).toBe(0);
    const patch = (body: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/products/${flour.id}`,
        headers: { cookie: admin },
        payload: body,
      });
    const set = await patch({ buying_price: 17_500 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Product>()).toMatchObject({ price: 21_000, buying_price: 17_500 });
    expect((await patch({ price: 22_000 })).json<Product>().buying_price).toBe(17_500);
    for (const bad of [-1, 1.5, '100'])
      expect((await patch({ buying_price: bad })).statusCode, String(bad)).toBe(422);
  });

  it('lets every signed-in user search but only manage_stock edit', async () => {
    const u = await buildUser(t.app, admin, { user_roles: { sell_cash: 1 } });
    const s = (await signIn(t.app, u.username, STAFF_PASSWORD)).cookie;
    expect((await get<Product[]>('/api/products?q=bread', s)).length).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: s },
      payload: { name: 'X', code: 'NOPE', price: 1 },
    });
    expect(res.statusCode).toBe(403);
  });
});

interface ImportResult {
  rows: { action: string; errors: { field: string }[] }[];
}

describe('CSV import and export', () => {
  let t: TestApp;
  let admin: string;
  const importCsv = (csv: string, commit: boolean) => importProducts(t.app, admin, csv, commit);
  const count = async () => (await t.db.kysely.selectFrom('products').select('id').execute()).length;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
  });
  afterAll(() => t.close());

  const GOOD = `code,name,barcodes,category,unit,price,tax_rate,reorder_level,active
SUG1,Sugar 1 kg,6001|6002,Groceries,each,180.00,16,10,yes
RICE,Rice loose,,Groceries,kg,150.5,0,2.5,yes
`;

  it('previews every row with its errors and writes nothing; a bad row stops the whole import', async () => {
    const bad = GOOD + 'OIL1,Cooking oil,6001,Groceries,litre,abc,16,x,maybe\nRICE,Duplicate,,,,1,,,\n';
    const preview = await importCsv(bad, false);
    expect(preview.statusCode).toBe(200);
    const body = preview.json<{ valid: boolean; rows: { row: number; errors: { field: string }[] }[] }>();
    expect(body.valid).toBe(false);
    expect(body.rows.map((r) => [r.row, r.errors.map((e) => e.field).sort()])).toEqual([
      [2, []],
      [3, []],
      [4, ['active', 'barcodes', 'price', 'reorder_level']],
      [5, ['code']],
    ]);
    expect(await count()).toBe(0);
    const commit = await importCsv(bad, true);
    expect(commit.statusCode).toBe(422);
    expect(commit.json().error.message).toMatch(/^Row 4: /);
    expect(await count()).toBe(0);
  });

  it('imports all rows once they are fixed, updates known codes, and exports what it imported', async () => {
    const res = await importCsv(GOOD, true);
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportResult>().rows.map((r) => r.action)).toEqual(['create', 'create']);
    const rice = (await t.app.inject({ url: '/api/products?q=rice', headers: { cookie: admin } })).json<
      Product[]
    >()[0]!;
    expect(rice).toMatchObject({ unit: 'kg', price: 15_050, reorder_level: 2_500, tax_rate: 0 });
    const again = await importCsv(GOOD.replace('150.5', '155'), true);
    // only the rice's price moved: the other row changes nothing, and writes nothing
    expect(again.json<ImportResult>().rows.map((r) => r.action)).toEqual(['unchanged', 'update']);
    expect(await count()).toBe(2);
    const exported = await t.app.inject({ url: '/api/products/export.csv', headers: { cookie: admin } });
    expect(exported.headers['content-type']).toContain('text/csv');
    const parsed = Papa.parse<Record<string, string>>(exported.body, { header: true, skipEmptyLines: true });
    expect(parsed.data).toEqual([
      {
        code: 'RICE',
        name: 'Rice loose',
        barcodes: '',
        category: 'Groceries',
        unit: 'kg',
        price: '155.00',
        buying_price: '0.00',
        tax_rate: '0',
        reorder_level: '2.5',
        active: 'yes',
      },
      {
        code: 'SUG1',
        name: 'Sugar 1 kg',
        barcodes: '6001|6002',
        category: 'Groceries',
        unit: 'each',
        price: '180.00',
        buying_price: '0.00',
        tax_rate: '16',
        reorder_level: '10',
        active: 'yes',
      },
    ]);
    const roundTrip = await importCsv(exported.body, false);
    expect(roundTrip.json().valid).toBe(true);
  });

  it("imports buying prices, and a file without the column leaves known products' buying prices alone", async () => {
    const withBuying = `code,name,price,buying_price\nBEAN,Beans 1 kg,240,195.5\n`;
    expect((await importCsv(withBuying, true)).statusCode).toBe(200);
    const beans = async () =>
      (await t.app.inject({ url: '/api/products?q=beans', headers: { cookie: admin } })).json<
        Product[]
      >()[0]!;
    expect(await beans()).toMatchObject({ price: 24_000, buying_price: 19_550 });
    expect((await importCsv(`code,name,price\nBEAN,Beans 1 kg,250\n`, true)).statusCode).toBe(200);
    expect(await beans()).toMatchObject({ price: 25_000, buying_price: 19_550 });
    const bad = await importCsv(`code,name,price,buying_price\nBEAN,Beans 1 kg,250,-1\n`, false);
    expect(new Set(bad.json<ImportResult>().rows[0]!.errors.map((e) => e.field))).toEqual(
      new Set(['buying_price']),
    );
  });

  it('refuses a CSV without the needed columns or with unknown ones', async () => {
    expect((await importCsv('name,price\nX,1\n', false)).json().error.message).toContain('code');
    expect((await importCsv('code,name,price,colour\nX,Y,1,red\n', false)).json().error.message).toContain(
      'colour',
    );
  });
});
