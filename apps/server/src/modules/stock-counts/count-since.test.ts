import type { Location, Product, StockCount } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import { buildProduct, buildSupplier, received } from '../../test/stock-factories.js';
import { buildTenant } from '../../test/tenancy-factories.js';
import { MOST_SINCE, deltaFrom } from './count-reads.js';
import { hostedPlaceholder, link, pushAll, syncPair } from '../../test/sync-harness.js';

type Line = StockCount['counted'][number];
const totals = (c: StockCount) => c.counted.map((l: Line) => [l.product_name, l.quantity, l.entries]);

/**
 * An open count's screen reads the count every 20 s; with `since` (its last answer's `as_of`, a
 * position of the business's journal) it is answered only the products counted or renamed after
 * it, with their whole totals: a count of a whole shop was half a megabyte a read on each phone.
 */
describe('an open count read again since its last read', () => {
  let t: TestApp;
  let admin: string;
  let counter: string;
  let shop: Location;
  let beans: Product;
  let flour: Product;
  let salt: Product;
  let countId: string;
  const read = async (since?: number | string, cookie = admin) => {
    const res = await t.app.inject({
      url: `/api/stock-counts/${countId}${since === undefined ? '' : `?since=${since}`}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StockCount>();
  };
  const count = async (product: Product, quantity: number, cookie = counter) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stock-counts/${countId}/entries`,
      headers: { cookie },
      payload: { id: v7(), product_id: product.id, quantity },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    const supplier = await buildSupplier(t.app, admin);
    // loose, by weight
    beans = await buildProduct(t.app, admin, { name: 'Beans', code: 'BEAN', unit: 'kg' });
    flour = await buildProduct(t.app, admin, { name: 'Flour', code: 'FLR' });
    salt = await buildProduct(t.app, admin, { name: 'Salt', code: 'SLT' });
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: shop.id,
      lines: [{ product_id: beans.id, quantity: 20_000, unit_cost: 1_000 }],
    });
    const user = await buildUser(t.app, admin, { username: 'counter', user_roles: { stock_taking: 1 } });
    counter = (await signIn(t.app, user.username, STAFF_PASSWORD)).cookie;
    countId = v7();
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/stock-counts',
      headers: { cookie: admin },
      payload: { id: countId, location_id: shop.id },
    });
    expect(start.statusCode, start.body).toBe(201);
  });
  afterAll(() => t.close());

  it('answers the products counted or renamed since, with their whole totals, and where it stands now', async () => {
    await count(beans, 2_000);
    await count(flour, 1_000);
    const whole = await read();
    expect(totals(whole)).toEqual([
      ['Beans', 2_000, 1],
      ['Flour', 1_000, 1],
    ]);
    expect(whole.since).toBeUndefined();
    expect(whole.as_of).toBeGreaterThan(0);

    // nothing since: nothing to send, and the same position
    const none = await read(whole.as_of);
    expect(none.counted).toEqual([]);
    expect(none.since).toBe(whole.as_of);
    expect(none.as_of).toBe(whole.as_of);

    // a colleague counts beans again and salt for the first time; a sale-free write elsewhere
    // in the business (a new product) moves the position without changing the count
    await count(beans, 500);
    await count(salt, 3_000, admin);
    await buildProduct(t.app, admin, { name: 'Sugar', code: 'SUG' });
    const since = await read(whole.as_of);
    expect(totals(since)).toEqual([
      ['Beans', 2_500, 2],
      ['Salt', 3_000, 1],
    ]);
    expect(since.since).toBe(whole.as_of);
    expect(since.as_of).toBeGreaterThan(whole.as_of!);

    // a counted product renamed: its line comes again with its new name
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${flour.id}`,
      headers: { cookie: admin },
      payload: { name: 'Maize flour' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterRename = await read(since.as_of, counter);
    expect(totals(afterRename)).toEqual([['Maize flour', 1_000, 1]]);

    // a whole read still holds everything
    expect(totals(await read())).toEqual([
      ['Beans', 2_500, 2],
      ['Maize flour', 1_000, 1],
      ['Salt', 3_000, 1],
    ]);
  });

  it("answers the whole count for a position this server's journal has not reached (a restored server)", async () => {
    const now = await read();
    const ahead = await read(now.as_of! + 1_000);
    expect(ahead.since).toBeUndefined();
    expect(ahead.counted).toEqual(now.counted);
  });

  it('answers whole a read since a position read under another start of the shop server (a restore, a restart)', async () => {
    const whole = await read();
    expect(whole.boot).toMatch(/^[A-Za-z0-9_-]{12}$/);
    await count(salt, 1_000);
    // under this start: only what changed
    const same = await read(`${whole.as_of}&boot=${whole.boot}`);
    expect(same.since).toBe(whole.as_of);
    expect(same.counted.map((c) => c.product_name)).toEqual(['Salt']);
    // under another: every total, whatever its journal holds past that position now
    const other = await read(`${whole.as_of}&boot=EarlierStart`);
    expect(other.since).toBeUndefined();
    expect(other.counted.map((c) => c.product_name)).toEqual(['Beans', 'Maize flour', 'Salt']);
    expect(other.boot).toBe(whole.boot);
  });

  it('answers whole a read since a position further back than it looks (a since=0 over a year of the journal)', () => {
    expect(deltaFrom(100, 100 + MOST_SINCE)).toBe(100);
    expect(deltaFrom(99, 100 + MOST_SINCE)).toBeUndefined();
    expect(deltaFrom(0, 5)).toBe(0);
    expect(deltaFrom(6, 5)).toBeUndefined();
    expect(deltaFrom(undefined, 5)).toBeUndefined();
  });

  it('refuses a position that is not a whole number of at least zero', async () => {
    for (const bad of ['-1', 'x', '1.5', '']) {
      const res = await t.app.inject({
        url: `/api/stock-counts/${countId}?since=${bad}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode, `since=${bad}`).toBe(422);
    }
  });
});

describe('an open count read on the hosted server since its last read, its entries received by sync', () => {
  it("answers the entries the shop pushed after the read, and another business's position changes nothing", async () => {
    const p = await syncPair();
    try {
      const shop = await buildTenant(p.local, 'Shop');
      await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
      expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
      const countId = shop.ids.stock_counts![0]!;
      const admin = (await signIn(p.hosted.app, shop.logins.admin, ADMIN_PASSWORD)).cookie;
      const read = async (since?: number) => {
        const res = await p.hosted.app.inject({
          url: `/api/stock-counts/${countId}${since === undefined ? '' : `?since=${since}`}`,
          headers: { cookie: admin },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<StockCount>();
      };
      const whole = await read();
      expect(whole.counted).toHaveLength(1);
      const [bread] = whole.counted;
      // another business on the hosted server writes meanwhile: its journal is its own
      await buildTenant(p.hosted, 'Other');
      expect((await read(whole.as_of)).counted).toEqual([]);
      expect(whole.boot).toBeUndefined(); // a hosted server's processes start each on their own
      // the shop counts bread again; its entry reaches the hosted server by a push
      const entry = await p.local.app.inject({
        method: 'POST',
        url: `/api/stock-counts/${countId}/entries`,
        headers: { cookie: shop.admin },
        payload: { id: v7(), product_id: bread!.product_id, quantity: 2_000 },
      });
      expect(entry.statusCode, entry.body).toBe(201);
      expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
      const since = await read(whole.as_of);
      expect(since.since).toBe(whole.as_of);
      expect(since.counted).toEqual([
        { ...bread, quantity: bread!.quantity + 2_000, entries: bread!.entries + 1 },
      ]);
    } finally {
      await p.close();
    }
  });
});
