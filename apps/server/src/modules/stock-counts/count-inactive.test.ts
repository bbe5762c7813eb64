import type { Location, Product, ProductImportResult, StockCountReview } from '@duka/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness } from '../../test/factories.js';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { buildLocation, buildProduct, newDocId } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A count's finalise never stocks an inactive location or product (an inactive one holds no stock:
 * it can be neither sold, moved, counted nor written off). One holding nothing could be
 * deactivated while a count was open there or had counted it, and the finalise then gave it the
 * counted stock, stranded. Deactivating either is refused while the count is open (`count_open`,
 * `product_in_count`); one made inactive all the same (a change synced in) fails the finalise,
 * named, until it is active again or the count is cancelled.
 */
describe('counts and inactive locations or products', () => {
  let t: TestApp;
  let admin: string;
  const post = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  const patch = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url, headers: { cookie: admin }, payload });
  const levelOf = async (productId: string, locationId: string) =>
    (await t.app.inject({ url: `/api/products/${productId}`, headers: { cookie: admin } }))
      .json<Product>()
      .levels.find((l) => l.location_id === locationId)?.quantity ?? 0;
  /** A count open at the location with `quantity` of the product counted. */
  const counting = async (locationId: string, productId: string, quantity: number) => {
    const id = newDocId();
    expect((await post('/api/stock-counts', { id, location_id: locationId })).statusCode).toBe(201);
    const entry = await post(`/api/stock-counts/${id}/entries`, {
      id: newDocId(),
      product_id: productId,
      quantity,
    });
    expect(entry.statusCode).toBe(201);
    return id;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('a location with an open count is not deactivated (count_open); its finalise stocks it active', async () => {
    const branch = await buildLocation(t.app, admin, 'Branch');
    const p = await buildProduct(t.app, admin, { price: 50_000 });
    const countId = await counting(branch.id, p.id, 5_000);
    // it holds nothing in the books yet: only the open count stops it
    const off = await patch(`/api/locations/${branch.id}`, { active: false });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.code).toBe('count_open');
    expect((await post(`/api/stock-counts/${countId}/finalise`)).statusCode).toBe(200);
    const locations = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<
      Location[]
    >();
    expect(locations.find((l) => l.id === branch.id)?.active).toBe(true);
    expect(await levelOf(p.id, branch.id)).toBe(5_000);
  });

  it('a location whose count was cancelled may be deactivated', async () => {
    const branch = await buildLocation(t.app, admin, 'Kiosk');
    const p = await buildProduct(t.app, admin, { price: 50_000 });
    const countId = await counting(branch.id, p.id, 2_000);
    expect((await post(`/api/stock-counts/${countId}/cancel`)).statusCode).toBe(200);
    expect((await patch(`/api/locations/${branch.id}`, { active: false })).statusCode).toBe(200);
  });

  it('a product counted in an open count is not deactivated (product_in_count) until the count closes', async () => {
    const p = await buildProduct(t.app, admin, { price: 50_000 });
    const countId = await counting((await buildLocation(t.app, admin, 'Aisle 1')).id, p.id, 0);
    const off = await patch(`/api/products/${p.id}`, { active: false });
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toMatchObject({ code: 'product_in_count', field: 'active' });
    expect((await post(`/api/stock-counts/${countId}/cancel`)).statusCode).toBe(200);
    expect((await patch(`/api/products/${p.id}`, { active: false })).statusCode).toBe(200);
  });

  it('the CSV import names the row of a product an open count has counted (in_count) and is refused', async () => {
    const p = await buildProduct(t.app, admin, { name: 'Candles', code: 'CANDLE', price: 100 });
    const countId = await counting((await buildLocation(t.app, admin, 'Aisle 2')).id, p.id, 1_000);
    const importCsv = (commit: boolean) =>
      post('/api/products/import', {
        csv: 'code,name,barcodes,category,unit,price,tax_rate,reorder_level,active\nCANDLE,Candles,,,each,1.00,,,no\n',
        commit,
      });
    const preview = await importCsv(false);
    expect(preview.json<ProductImportResult>().rows.map((r) => r.errors)).toEqual([
      [{ field: 'active', code: 'in_count' }],
    ]);
    expect((await importCsv(true)).statusCode).toBe(422);
    expect((await post(`/api/stock-counts/${countId}/cancel`)).statusCode).toBe(200);
    expect((await importCsv(true)).statusCode).toBe(200);
  });

  it('a product made inactive all the same fails the finalise (product_inactive) until it is active again', async () => {
    const p = await buildProduct(t.app, admin, { name: 'Lamp oil', price: 50_000 });
    const aisle = await buildLocation(t.app, admin, 'Aisle 3');
    const countId = await counting(aisle.id, p.id, 4_000);
    // as a change synced in from another server would: past the refusal above
    await t.db.kysely.updateTable('products').set({ active: 0 }).where('id', '=', p.id).execute();
    const refused = await post(`/api/stock-counts/${countId}/finalise`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'product_inactive',
      params: { product_id: p.id, name: 'Lamp oil' },
    });
    expect(await levelOf(p.id, aisle.id)).toBe(0);
    expect((await patch(`/api/products/${p.id}`, { active: true })).statusCode).toBe(200);
    const fin = await post(`/api/stock-counts/${countId}/finalise`);
    expect(fin.statusCode).toBe(200);
    expect(fin.json<StockCountReview>().count.status).toBe('finalised');
    expect(await levelOf(p.id, aisle.id)).toBe(4_000);
  });

  it('a location made inactive all the same fails the finalise (location_inactive); the count can be cancelled', async () => {
    const branch = await buildLocation(t.app, admin, 'Depot');
    const p = await buildProduct(t.app, admin, { price: 50_000 });
    const countId = await counting(branch.id, p.id, 3_000);
    await t.db.kysely.updateTable('locations').set({ active: 0 }).where('id', '=', branch.id).execute();
    const refused = await post(`/api/stock-counts/${countId}/finalise`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'location_inactive', field: 'location_id' });
    expect(await levelOf(p.id, branch.id)).toBe(0);
    expect((await post(`/api/stock-counts/${countId}/cancel`)).statusCode).toBe(200);
  });

  it('a location made inactive all the same: finalised once it is active again', async () => {
    const branch = await buildLocation(t.app, admin, 'Annex');
    const p = await buildProduct(t.app, admin, { price: 50_000 });
    const countId = await counting(branch.id, p.id, 2_000);
    await t.db.kysely.updateTable('locations').set({ active: 0 }).where('id', '=', branch.id).execute();
    const refused = await post(`/api/stock-counts/${countId}/finalise`);
    expect(refused.json().error.code).toBe('location_inactive');
    expect((await patch(`/api/locations/${branch.id}`, { active: true })).statusCode).toBe(200);
    const fin = await post(`/api/stock-counts/${countId}/finalise`);
    expect(fin.statusCode).toBe(200);
    expect(await levelOf(p.id, branch.id)).toBe(2_000);
  });
});
