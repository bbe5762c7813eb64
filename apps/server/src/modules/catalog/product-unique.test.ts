import type { Product } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { buildBusiness, signedInBusiness } from '../../test/factories.js';
import { buildProduct } from '../../test/stock-factories.js';

/** Codes and barcodes a person or a scanner could mistake for another product's. */
describe('product codes and barcodes that clash', () => {
  let t: TestApp;
  let admin: string;
  let other: string;
  const post = (payload: Record<string, unknown>, cookie = admin) =>
    t.app.inject({ method: 'POST', url: '/api/products', headers: { cookie }, payload });
  const patch = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: { cookie: admin }, payload });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    other = (await signedInBusiness(t, 'Other shop', 'other-owner')).cookie;
  });
  afterAll(() => t.close());

  it('refuses a code another product has in another case, naming it as it is written', async () => {
    await buildProduct(t.app, admin, { name: 'Rice 1 kg', code: 'RICE1' });
    const res = await post({ name: 'Rice loose', code: 'rice1', price: 100 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'code_taken',
      field: 'code',
      params: { code: 'RICE1', why: 'code' },
    });
    // another business's codes are its own
    expect((await post({ name: 'Rice', code: 'rice1', price: 100 }, other)).statusCode).toBe(201);
    // and so is a product's own code in another case
    const own = (await post({ name: 'Salt', code: 'SALT', price: 100 })).json<Product>();
    const renamed = await patch(own.id, { code: 'Salt' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Product>().code).toBe('Salt');
  });

  it("refuses a code that is another product's barcode, and a barcode that is another product's code", async () => {
    const sugar = await buildProduct(t.app, admin, {
      name: 'Sugar',
      code: 'SUG1',
      barcodes: ['6161100000111'],
    });
    const code = await post({ name: 'Flour', code: '6161100000111', price: 100 });
    expect(code.statusCode).toBe(409);
    expect(code.json().error).toMatchObject({
      code: 'code_taken',
      params: { code: '6161100000111', why: 'barcode' },
    });
    const barcode = await post({ name: 'Flour', code: 'FLR1', price: 100, barcodes: ['SUG1'] });
    expect(barcode.statusCode).toBe(409);
    expect(barcode.json().error).toMatchObject({
      code: 'barcode_taken',
      field: 'barcodes',
      params: { barcode: 'SUG1', why: 'code' },
    });
    // an edit too
    const flour = await buildProduct(t.app, admin, { name: 'Flour', code: 'FLR1' });
    expect((await patch(flour.id, { barcodes: ['SUG1'] })).json().error.params).toEqual({
      barcode: 'SUG1',
      why: 'code',
    });
    expect((await patch(flour.id, { code: '6161100000111' })).json().error.params).toEqual({
      code: '6161100000111',
      why: 'barcode',
    });
    // a product's own code as its barcode is no clash
    expect((await patch(sugar.id, { barcodes: ['6161100000111', 'SUG1'] })).statusCode).toBe(200);
  });

  it('a product saved with the code and barcodes it has is not refused for a clash older than the checks', async () => {
    const a = await buildProduct(t.app, admin, { name: 'Oil', code: 'OIL' });
    const b = await buildProduct(t.app, admin, { name: 'Oil small', code: 'OIL2', barcodes: ['7001'] });
    // as a catalogue from before these checks may have them: a code in another case, a barcode
    // that is another product's code
    await sql`update products set code = 'oil' where id = ${b.id}`.execute(t.db.kysely);
    await sql`update product_barcodes set barcode = 'OIL' where product_id = ${b.id}`.execute(t.db.kysely);
    const price = await patch(b.id, { code: 'oil', barcodes: ['OIL'], price: 250 });
    expect(price.statusCode, price.body).toBe(200);
    expect((await patch(a.id, { code: 'OIL', price: 300 })).statusCode).toBe(200);
    // a new barcode beside them is checked
    expect((await patch(b.id, { barcodes: ['OIL', 'OIL'] })).json().error.params).toEqual({
      barcode: 'OIL',
      why: 'twice',
    });
  });
});
