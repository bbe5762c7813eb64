import type { Location } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/ledger-check.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import { buildProduct, buildSupplier, newDocId, received } from '../../test/stock-factories.js';

describe('locations', () => {
  let t: TestApp;
  let admin: string;
  let shop: Location;
  const patch = (id: string, payload: Record<string, unknown>, cookie = admin) =>
    t.app.inject({ method: 'PATCH', url: `/api/locations/${id}`, headers: { cookie }, payload });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
  });
  afterAll(() => t.close());

  it('adds (idempotent by id), renames and lists locations', async () => {
    const id = newDocId();
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { cookie: admin },
      payload: { id, name: 'Branch 2' },
    });
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { cookie: admin },
      payload: { id, name: 'Branch 2' },
    });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const c = await t.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { cookie: admin },
      payload: { id, name: 'Other' },
    });
    expect(c.statusCode).toBe(409);
    expect((await patch(id, { name: 'Town branch' })).json()).toMatchObject({
      name: 'Town branch',
      active: true,
    });
    const names = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } }))
      .json<Location[]>()
      .map((l) => l.name);
    expect(names).toEqual(['Main shop', 'Town branch']);
  });

  it('refuses a second location of one name, letter case and spaces aside', async () => {
    const add = (name: string, cookie = admin) =>
      t.app.inject({ method: 'POST', url: '/api/locations', headers: { cookie }, payload: { name } });
    const first = await add('Branch B');
    expect(first.statusCode).toBe(201);
    for (const name of ['Branch B', 'branch b', ' Branch  B ', 'ＢＲＡＮＣＨ B']) {
      const again = await add(name);
      expect(again.statusCode, name).toBe(409);
      expect(again.json()).toMatchObject({ error: { code: 'location_name_taken', field: 'name' } });
    }
    // a rename onto another's name neither; its own name in other letters is its own
    const other = (await add('Branch C')).json<Location>();
    expect((await patch(other.id, { name: 'BRANCH B' })).json()).toMatchObject({
      error: { code: 'location_name_taken' },
    });
    expect((await patch(other.id, { name: 'branch c' })).json()).toMatchObject({ name: 'branch c' });
  });

  it('does not deactivate a location while it holds stock, nor the last active one', async () => {
    const store = (
      await t.app.inject({
        method: 'POST',
        url: '/api/locations',
        headers: { cookie: admin },
        payload: { name: 'Store' },
      })
    ).json<Location>();
    const supplier = await buildSupplier(t.app, admin);
    const p = await buildProduct(t.app, admin);
    await received(t.app, admin, {
      supplier_id: supplier.id,
      location_id: store.id,
      lines: [{ product_id: p.id, quantity: 1_000, unit_cost: 1 }],
    });
    const held = await patch(store.id, { active: false });
    expect(held.statusCode).toBe(409);
    expect(held.json().error.code).toBe('location_holds_stock');
    await t.app.inject({
      method: 'POST',
      url: '/api/stock/transfers',
      headers: { cookie: admin },
      payload: {
        id: newDocId(),
        from_location_id: store.id,
        to_location_id: shop.id,
        lines: [{ product_id: p.id, quantity: 1_000 }],
      },
    });
    expect((await patch(store.id, { active: false })).json()).toMatchObject({ active: false });
    await expectLedgerConsistent(t.db);
    const locs = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<
      Location[]
    >();
    for (const l of locs.filter((x) => x.active && x.id !== shop.id)) await patch(l.id, { active: false });
    const last = await patch(shop.id, { active: false });
    expect(last.statusCode).toBe(409);
  });

  it('is admin-only to change', async () => {
    const u = await buildUser(t.app, admin, { user_roles: { manage_stock: 1 } });
    const s = (await signIn(t.app, u.username, STAFF_PASSWORD)).cookie;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/locations',
          headers: { cookie: s },
          payload: { name: 'Mine' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await patch(shop.id, { name: 'Mine' }, s)).statusCode).toBe(403);
  });
});
