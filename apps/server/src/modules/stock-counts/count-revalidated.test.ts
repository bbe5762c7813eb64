import type { Location, Product, StockCount } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBusiness, signedInBusiness } from '../../test/factories.js';
import { buildProduct, newDocId } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * An open count's screen reads the whole count every 20 s (every counter's totals): while nothing
 * changed the answer is a 304 without a body, revalidated by a weak ETag of the answer's JSON.
 */
describe("an open count's read again", () => {
  let t: TestApp;
  let admin: string;
  let other: string;
  let shop: Location;
  let beans: Product;
  let id: string;
  const read = (cookie: string, etag?: string) =>
    t.app.inject({
      url: `/api/stock-counts/${id}`,
      headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) },
    });
  const scan = (quantity: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/stock-counts/${id}/entries`,
      headers: { cookie: admin },
      payload: { id: newDocId(), product_id: beans.id, quantity },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    other = (await signedInBusiness(t, 'Other shop', 'other')).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    beans = await buildProduct(t.app, admin, { name: 'Beans', code: 'BEANS', unit: 'kg' });
    id = newDocId();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/stock-counts',
      headers: { cookie: admin },
      payload: { id, location_id: shop.id },
    });
    expect(started.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('answers 304 without a body while nothing changed, the new count once something did', async () => {
    expect((await scan(2_000)).statusCode).toBe(201);
    const first = await read(admin);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);

    const same = await read(admin, etag);
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);
    // a list of tags, one of them this one, weakly compared
    expect((await read(admin, `W/"other", ${etag.slice(2)}`)).statusCode).toBe(304);

    expect((await scan(500)).statusCode).toBe(201);
    const after = await read(admin, etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json<StockCount>().counted.map((l) => [l.product_name, l.quantity])).toEqual([
      ['Beans', 2_500],
    ]);

    // a product renamed changes what counters see: not a 304
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${beans.id}`,
      headers: { cookie: admin },
      payload: { name: 'Black beans' },
    });
    expect(renamed.statusCode).toBe(200);
    const named = await read(admin, String(after.headers.etag));
    expect(named.statusCode).toBe(200);
    expect(named.json<StockCount>().counted[0]!.product_name).toBe('Black beans');
  });

  it('gives another business 404 for the count, whatever ETag it sends', async () => {
    const etag = String((await read(admin)).headers.etag);
    const foreign = await read(other, etag);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await read(other, '*')).statusCode).toBe(404);
  });
});
