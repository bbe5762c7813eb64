import type { Location, StockCountReview } from '@duka/domain';
import { MAX_SALE_AMOUNT } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { buildBusiness } from '../../test/factories.js';
import { staffWith } from '../../test/sales-factories.js';
import { buildLocation, buildProduct, buildSupplier, received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * What a count books: a variance valued at the cost its finalise writes, an amount held to the
 * documents' limit (ADR 9), an empty shelf counted as 0 (ADR 4), and a count sent again answered
 * only to a user who may count at its location.
 */
describe('the values of a stock count', () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  let supplierId: string;
  const post = (url: string, payload?: object, cookie = admin) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const get = (url: string, cookie = admin) => t.app.inject({ url, headers: { cookie } });
  const startAt = async (locationId: string) => {
    const id = v7();
    const res = await post('/api/stock-counts', { id, location_id: locationId });
    expect(res.statusCode, res.body).toBe(201);
    return id;
  };
  const bookedValue = async (countId: string) =>
    (
      await t.db.kysely
        .selectFrom('stock_movements')
        .select(['quantity', 'unit_cost'])
        .where('doc_id', '=', countId)
        .execute()
    ).reduce((sum, m) => sum + (Number(m.quantity) * Number(m.unit_cost)) / 1000, 0);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await get('/api/locations')).json<Location[]>()[0]!;
    supplierId = (await buildSupplier(t.app, admin)).id;
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('books the loss the admin reviewed, when a receipt moved the average cost during the count', async () => {
    const room = await buildLocation(t.app, admin, 'Cost room');
    const other = await buildLocation(t.app, admin, 'Cost other');
    const p = await buildProduct(t.app, admin, { name: 'Costly', code: 'CST1' });
    await received(t.app, admin, {
      supplier_id: supplierId,
      location_id: room.id,
      lines: [{ product_id: p.id, quantity: 10_000, unit_cost: 1_000 }],
    });
    const countId = await startAt(room.id);
    await received(t.app, admin, {
      supplier_id: supplierId,
      location_id: other.id,
      lines: [{ product_id: p.id, quantity: 10_000, unit_cost: 3_000 }],
    });
    await post(`/api/stock-counts/${countId}/entries`, { id: v7(), product_id: p.id, quantity: 8_000 });
    const review = (await get(`/api/stock-counts/${countId}/review`)).json<StockCountReview>();
    expect(review.total_variance_value).toBe(-4_000); // 2 units at the average now, 2,000
    const done = await post(`/api/stock-counts/${countId}/finalise`);
    expect(done.statusCode, done.body).toBe(200);
    expect(await bookedValue(countId)).toBe(review.total_variance_value);
    // a finalised count's review stays what was booked, whatever the cost does after
    await received(t.app, admin, {
      supplier_id: supplierId,
      location_id: other.id,
      lines: [{ product_id: p.id, quantity: 10_000, unit_cost: 9_000 }],
    });
    const later = (await get(`/api/stock-counts/${countId}/review`)).json<StockCountReview>();
    expect(later.total_variance_value).toBe(-4_000);
  });

  it('refuses a counted amount past the limit when it is entered, and the count stays open', async () => {
    const room = await buildLocation(t.app, admin, 'Fridge room');
    const fridge = await buildProduct(t.app, admin, { name: 'Fridge', code: 'FRG1' });
    await received(t.app, admin, {
      supplier_id: supplierId,
      location_id: room.id,
      lines: [{ product_id: fridge.id, quantity: 1000, unit_cost: 10_000_000 }],
    });
    const countId = await startAt(room.id);
    const typo = await post(`/api/stock-counts/${countId}/entries`, {
      id: v7(),
      product_id: fridge.id,
      quantity: 1e12,
    });
    expect(typo.statusCode).toBe(422);
    expect(typo.json().error).toMatchObject({ code: 'amount_too_large', field: 'quantity' });
    const review = await get(`/api/stock-counts/${countId}/review`);
    expect(review.statusCode).toBe(200);
    expect(review.json<StockCountReview>().total_variance_value).toBeLessThanOrEqual(MAX_SALE_AMOUNT);
    expect((await get(`/api/stock-counts/${countId}`)).json<{ status: string }>().status).toBe('open');
    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    expect((await get(`/api/reports/stock?from=${day}&to=${day}`)).statusCode).toBe(200);
  });

  it('counts an empty shelf as 0: the product is corrected to nothing', async () => {
    const room = await buildLocation(t.app, admin, 'Zero room');
    const gone = await buildProduct(t.app, admin, { name: 'Gone', code: 'GONE1' });
    await received(t.app, admin, {
      supplier_id: supplierId,
      location_id: room.id,
      lines: [{ product_id: gone.id, quantity: 5_000, unit_cost: 100 }],
    });
    const countId = await startAt(room.id);
    const zero = await post(`/api/stock-counts/${countId}/entries`, {
      id: v7(),
      product_id: gone.id,
      quantity: 0,
    });
    expect(zero.statusCode, zero.body).toBe(201);
    expect((await post(`/api/stock-counts/${countId}/finalise`)).statusCode).toBe(200);
    const level = await t.db.kysely
      .selectFrom('stock_levels')
      .select('quantity')
      .where('product_id', '=', gone.id)
      .where('location_id', '=', room.id)
      .executeTakeFirstOrThrow();
    expect(Number(level.quantity)).toBe(0);
  });

  it('answers a count sent again only to a user who may count at its location', async () => {
    const room = await buildLocation(t.app, admin, 'Secret room');
    const body = { id: v7(), location_id: room.id, freeze_sales: true, note: '' };
    expect((await post('/api/stock-counts', body)).statusCode).toBe(201);
    const staff = await staffWith(t.app, admin, ['stock_taking'], { location_ids: [shop.id] });
    const again = await post('/api/stock-counts', body, staff.cookie);
    expect(again.statusCode).not.toBe(201);
    expect(again.body).not.toContain('Secret room');
  });
});
