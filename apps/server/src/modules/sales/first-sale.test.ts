import { ROLE_PRESETS, type Location, type Sale, type User, flagsFromRoles } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, signIn } from '../../test/factories.js';
import { type Shop, buildShop, postSale, saleId } from '../../test/sales-factories.js';
import { buildLocation } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/** Issue 16: a staff user added with the defaults can sell the moment they are created. */
describe('a new staff user sells at once', () => {
  let t: TestApp;
  let s: Shop;
  const addUser = async (admin: string, body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin },
      payload: { password: STAFF_PASSWORD, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<User>();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
  });
  afterAll(() => t.close());

  it('added with no choices: a cashier at the only location, who sells without naming it', async () => {
    const user = await addUser(s.admin, { name: 'Akinyi', username: 'akinyi1' });
    expect(flagsFromRoles(user.user_roles).sort()).toEqual([...ROLE_PRESETS.cashier].sort());
    expect(user).toMatchObject({ role: 'staff', home_location_id: s.shop.id, location_ids: [s.shop.id] });
    const { cookie } = await signIn(t.app, 'akinyi1', STAFF_PASSWORD);
    const res = await postSale(t.app, cookie, {
      id: saleId(),
      kind: 'cash',
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
      tendered: 10_000,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Sale>().location_id).toBe(s.shop.id);
  });

  it('rights chosen explicitly are kept, even none', async () => {
    const none = await addUser(s.admin, { name: 'Baraka', username: 'baraka1', user_roles: {} });
    expect(flagsFromRoles(none.user_roles)).toEqual([]);
    const admin = await addUser(s.admin, { name: 'Chebet', username: 'chebet1', role: 'admin' });
    expect(flagsFromRoles(admin.user_roles)).toEqual([]);
  });

  it('with no home location, a sale that names none is refused with location_required and writes nothing', async () => {
    const branch: Location = await buildLocation(t.app, s.admin, 'Market stall');
    const user = await addUser(s.admin, {
      name: 'Daudi',
      username: 'daudi1',
      home_location_id: null,
      location_ids: [s.shop.id, branch.id],
    });
    expect(user.home_location_id).toBeNull();
    const { cookie } = await signIn(t.app, 'daudi1', STAFF_PASSWORD);
    const id = saleId();
    const refused = await postSale(t.app, cookie, {
      id,
      kind: 'cash',
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
      tendered: 10_000,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'location_required', field: 'location_id' });
    // the same sale at a location they chose goes through, under the same id
    const ok = await postSale(t.app, cookie, {
      id,
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
      tendered: 10_000,
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
