import type { Location, Product, SessionData, StockCount, StockCountReview, Supplier } from '@duka/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import { buildProduct, buildSupplier, newDocId, received } from '../../test/stock-factories.js';

describe('stock taking', () => {
  let t: TestApp;
  let admin: string;
  let counterA: string;
  let counterB: string;
  let shop: Location;
  let supplier: Supplier;
  let beans: Product;
  let flour: Product;
  let salt: Product;
  const post = <T>(url: string, payload: Record<string, unknown> | undefined, cookie = admin) =>
    t.app
      .inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) })
      .then((r) => ({ status: r.statusCode, body: r.json<T>() }));
  const level = async (productId: string) =>
    (await t.app.inject({ url: `/api/products/${productId}`, headers: { cookie: admin } }))
      .json<Product>()
      .levels.find((l) => l.location_id === shop.id)?.quantity ?? 0;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    supplier = await buildSupplier(t.app, admin);
    beans = await buildProduct(t.app, admin, { name: 'Beans', code: 'BEAN' });
    flour = await buildProduct(t.app, admin, { name: 'Flour', code: 'FLR', unit: 'kg' });
    salt = await buildProduct(t.app, admin, { name: 'Salt', code: 'SLT' });
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [
        { product_id: beans.id, quantity: 20_000, unit_cost: 1_000 },
        { product_id: flour.id, quantity: 10_000, unit_cost: 2_000 },
        { product_id: salt.id, quantity: 5_000, unit_cost: 300 },
      ],
    });
    for (const [i, name] of ['countera', 'counterb'].entries()) {
      const u = await buildUser(t.app, admin, {
        username: name,
        user_roles: { stock_taking: 1, adding_stock_negative: 1 },
      });
      const c = (await signIn(t.app, u.username, STAFF_PASSWORD)).cookie;
      if (i === 0) counterA = c;
      else counterB = c;
    }
  });
  afterEach(() => expectLedgerConsistent(t.db));
  afterAll(() => t.close());

  it('counts blind with several people, reviews the variance, and finalises; no stock moves at a frozen location', async () => {
    const store = (
      await t.app.inject({
        method: 'POST',
        url: '/api/locations',
        headers: { cookie: admin },
        payload: { name: 'Store room' },
      })
    ).json<Location>();
    const intoStore = (quantity: number) =>
      post('/api/stock/receipts', {
        id: newDocId(),
        supplier_id: supplier.id,
        location_id: store.id,
        lines: [{ product_id: beans.id, quantity, unit_cost: 1_000 }],
      });
    expect((await intoStore(10_000)).status).toBe(201);
    const id = newDocId();
    const start = await post<StockCount>(
      '/api/stock-counts',
      { id, location_id: shop.id, freeze_sales: true },
      counterA,
    );
    expect(start.status).toBe(201);
    expect(start.body).toMatchObject({ status: 'open', freeze_sales: true, counted: [] });
    expect(JSON.stringify(start.body)).not.toContain('expected');
    const again = await post('/api/stock-counts', { id: newDocId(), location_id: shop.id }, counterB);
    expect(again.status).toBe(409);

    const me = (await t.app.inject({ url: '/api/me', headers: { cookie: counterB } })).json<SessionData>();
    expect(me.stock_taking).toMatchObject({
      open_counts: [{ id, location_id: shop.id, freeze_sales: true }],
      frozen_location_ids: [shop.id],
    });

    // Two counters at once; a later entry corrects an earlier one.
    await Promise.all([
      post(
        `/api/stock-counts/${id}/entries`,
        { id: newDocId(), product_id: beans.id, quantity: 12_000 },
        counterA,
      ),
      post(
        `/api/stock-counts/${id}/entries`,
        { id: newDocId(), product_id: beans.id, quantity: 6_000 },
        counterB,
      ),
      post(
        `/api/stock-counts/${id}/entries`,
        { id: newDocId(), product_id: flour.id, quantity: 11_000 },
        counterB,
      ),
    ]);
    const fix = await post<StockCount>(
      `/api/stock-counts/${id}/entries`,
      { id: newDocId(), product_id: flour.id, quantity: -500 },
      counterA,
    );
    // a scan answers its product's total; the count read apart has them all
    expect(fix.body.counted.map((c) => [c.product_name, c.quantity, c.entries])).toEqual([
      ['Flour', 10_500, 2],
    ]);
    const sofar = (
      await t.app.inject({ url: `/api/stock-counts/${id}`, headers: { cookie: counterA } })
    ).json<StockCount>();
    expect(sofar.counted.map((c) => [c.product_name, c.quantity, c.entries])).toEqual([
      ['Beans', 18_000, 2],
      ['Flour', 10_500, 2],
    ]);
    // each with its unit: 10.5 of flour is 10.5 kg
    expect(sofar.counted.map((c) => c.unit)).toEqual(['each', 'kg']);
    const below = await post(
      `/api/stock-counts/${id}/entries`,
      { id: newDocId(), product_id: flour.id, quantity: -20_000 },
      counterA,
    );
    expect(below.status).toBe(422);
    expect((below.body as { error: object }).error).toMatchObject({
      code: 'count_below_zero',
      field: 'quantity',
    });

    // Nothing comes in or goes out of the shop while its count freezes it (its corrections are
    // counted − snapshot: what moved before the counters reached it would count twice); the store
    // room goes on.
    const writeOff = await post<{ error: { code: string; field: string; params: unknown } }>(
      '/api/stock/negative',
      {
        id: newDocId(),
        location_id: shop.id,
        reason: 'damaged',
        lines: [{ product_id: beans.id, quantity: 2_000 }],
      },
      counterA,
    );
    expect(writeOff.status).toBe(409);
    expect(writeOff.body.error).toMatchObject({
      code: 'stock_frozen',
      field: 'location_id',
      params: { location: shop.name },
    });
    const delivery = await post<{ error: { code: string } }>('/api/stock/receipts', {
      id: newDocId(),
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [{ product_id: beans.id, quantity: 1_000, unit_cost: 1_000 }],
    });
    expect(delivery.status).toBe(409);
    expect(delivery.body.error.code).toBe('stock_frozen');
    const moved = await post<{ error: { code: string; field: string } }>('/api/stock/transfers', {
      id: newDocId(),
      from_location_id: store.id,
      to_location_id: shop.id,
      lines: [{ product_id: beans.id, quantity: 1_000 }],
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error).toMatchObject({ code: 'stock_frozen', field: 'to_location_id' });
    expect((await intoStore(1_000)).status).toBe(201);

    expect(
      (await t.app.inject({ url: `/api/stock-counts/${id}/review`, headers: { cookie: counterA } }))
        .statusCode,
    ).toBe(403);
    const review = (
      await t.app.inject({ url: `/api/stock-counts/${id}/review`, headers: { cookie: admin } })
    ).json<StockCountReview>();
    expect(
      review.lines.map((l) => [
        l.product_name,
        l.expected,
        l.counted,
        l.variance,
        l.variance_value,
        l.moved_since_start,
      ]),
    ).toEqual([
      ['Beans', 20_000, 18_000, -2_000, -2_000, 0],
      ['Flour', 10_000, 10_500, 500, 1_000, 0],
      ['Salt', 5_000, null, 0, 0, 0],
    ]);
    expect(review.total_variance_value).toBe(-1_000);
    expect(review.lines.map((l) => l.unit)).toEqual(['each', 'kg', 'each']);

    expect((await post(`/api/stock-counts/${id}/finalise`, undefined, counterA)).status).toBe(403);
    const done = await post<StockCountReview>(`/api/stock-counts/${id}/finalise`, undefined);
    expect(done.status).toBe(200);
    expect(done.body.count.status).toBe('finalised');
    expect(await level(beans.id)).toBe(18_000);
    expect(await level(flour.id)).toBe(10_500);
    expect(await level(salt.id)).toBe(5_000); // nobody counted salt: left as it was
    const twice = await post<StockCountReview>(`/api/stock-counts/${id}/finalise`, undefined);
    expect(twice.status).toBe(200);
    const corrections = await t.db.kysely
      .selectFrom('stock_movements')
      .select('quantity')
      .where('kind', '=', 'count_correction')
      .execute();
    expect(corrections.map((c) => Number(c.quantity)).sort((a, b) => a - b)).toEqual([-2_000, 500]);
    expect(
      (
        await post(
          `/api/stock-counts/${id}/entries`,
          { id: newDocId(), product_id: salt.id, quantity: 1 },
          counterA,
        )
      ).status,
    ).toBe(409);
    const me2 = (await t.app.inject({ url: '/api/me', headers: { cookie: counterB } })).json<SessionData>();
    expect(me2.stock_taking).toMatchObject({ open_counts: [] });
    // the count is over: stock moves at the shop again
    expect((await intoStore(1_000)).status).toBe(201);
  });

  it('a count that does not freeze sales lets stock move, and its corrections keep what moved during it', async () => {
    const id = newDocId();
    const start = await post<StockCount>('/api/stock-counts', { id, location_id: shop.id }, counterA);
    expect(start.status).toBe(201);
    await post(
      `/api/stock-counts/${id}/entries`,
      { id: newDocId(), product_id: beans.id, quantity: 17_000 },
      counterA,
    );
    const writeOff = await post(
      '/api/stock/negative',
      {
        id: newDocId(),
        location_id: shop.id,
        reason: 'damaged',
        lines: [{ product_id: beans.id, quantity: 2_000 }],
      },
      counterA,
    );
    expect(writeOff.status).toBe(201);
    const review = (
      await t.app.inject({ url: `/api/stock-counts/${id}/review`, headers: { cookie: admin } })
    ).json<StockCountReview>();
    expect(review.lines.find((l) => l.product_name === 'Beans')).toMatchObject({
      expected: 18_000,
      counted: 17_000,
      moved_since_start: -2_000,
    });
    expect((await post(`/api/stock-counts/${id}/finalise`, undefined)).status).toBe(200);
    expect(await level(beans.id)).toBe(15_000); // counted 17, minus the 2 written off after the start
  });

  it('cancels a count without touching stock, and allows a new one after', async () => {
    const id = newDocId();
    expect((await post('/api/stock-counts', { id, location_id: shop.id }, counterA)).status).toBe(201);
    await post(
      `/api/stock-counts/${id}/entries`,
      { id: newDocId(), product_id: salt.id, quantity: 1_000 },
      counterA,
    );
    const before = await level(salt.id);
    const cancelled = await post<StockCount>(`/api/stock-counts/${id}/cancel`, undefined);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await level(salt.id)).toBe(before);
    expect((await post(`/api/stock-counts/${id}/finalise`, undefined)).status).toBe(409);
    expect((await post('/api/stock-counts', { id: newDocId(), location_id: shop.id }, counterA)).status).toBe(
      201,
    );
  });

  it('a counter who only counts gets products without their levels: the count is blind on the server too', async () => {
    const counter = await buildUser(t.app, admin, { user_roles: { stock_taking: 1 } });
    const c = (await signIn(t.app, counter.username, STAFF_PASSWORD)).cookie;
    const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
    const found = (await get('/api/products?q=Beans', c)).json<Product[]>();
    expect(found.map((p) => [p.name, p.levels, p.on_hand])).toEqual([['Beans', [], 0]]);
    expect((await get(`/api/products/${beans.id}`, c)).json<Product>()).toMatchObject({
      levels: [],
      on_hand: 0,
    });
    expect((await get('/api/products?low_stock=true', c)).json()).toEqual([]);
    // the owner, and a user whose work shows stock, see them
    expect((await get(`/api/products/${beans.id}`, admin)).json<Product>().on_hand).toBeGreaterThan(0);
    expect((await get(`/api/products/${beans.id}`, counterA)).json<Product>().on_hand).toBeGreaterThan(0);
  });

  it('needs the stock_taking flag and an allowed location', async () => {
    const other = await buildUser(t.app, admin, { user_roles: { manage_stock: 1 } });
    const s = (await signIn(t.app, other.username, STAFF_PASSWORD)).cookie;
    expect((await post('/api/stock-counts', { id: newDocId(), location_id: shop.id }, s)).status).toBe(403);
    const away = (
      await t.app.inject({
        method: 'POST',
        url: '/api/locations',
        headers: { cookie: admin },
        payload: { name: 'Far shop' },
      })
    ).json<Location>();
    const res = await post<{ error: { code: string } }>(
      '/api/stock-counts',
      { id: newDocId(), location_id: away.id },
      counterA,
    );
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('location_not_allowed');
    await signIn(t.app, 'owner', ADMIN_PASSWORD);
  });
});
