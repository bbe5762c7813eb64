import type { Location, User } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { setUpBusiness } from '../setup/setup.service.js';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn, signedInBusiness } from '../../test/factories.js';

describe('users', () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let mainShop: Location;
  const req = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp();
    const b = await buildBusiness(t.app);
    admin = b.cookie;
    adminId = b.session.user.uid;
    mainShop = (await req('GET', '/api/locations')).json<Location[]>()[0]!;
  });
  afterAll(() => t.close());

  it('adds a staff user with flags and the Main shop as home and allowed location by default', async () => {
    const res = await req('POST', '/api/users', {
      name: 'Wanjiku',
      username: 'wanjiku',
      mobile: '+254733000333',
      password: STAFF_PASSWORD,
      role: 'Staff',
      user_roles: { sell_cash: 1, current_sales: 1, view_stock_report: 1 },
    });
    expect(res.statusCode).toBe(201);
    const u = res.json<User>();
    expect(u).toMatchObject({
      role: 'staff',
      active: true,
      home_location_id: mainShop.id,
      location_ids: [mainShop.id],
    });
    expect(u.user_roles).toMatchObject({
      sell_cash: 1,
      current_sales: 1,
      view_stock_report: 1,
      sell_debtors: 0,
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password/);
    const list = (await req('GET', '/api/users')).json<User[]>();
    expect(list.map((x) => x.username)).toEqual(expect.arrayContaining(['owner', 'wanjiku']));
  });

  it('keeps usernames unique in any case, and mobiles unique', async () => {
    const dupName = await req('POST', '/api/users', {
      name: 'X',
      username: 'WANJIKU',
      password: STAFF_PASSWORD,
    });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().error).toMatchObject({ code: 'username_taken', field: 'username' });
    const dupMobile = await req('POST', '/api/users', {
      name: 'X',
      username: 'other1',
      mobile: '+254733000333',
      password: STAFF_PASSWORD,
    });
    expect(dupMobile.statusCode).toBe(409);
    expect(dupMobile.json().error.code).toBe('mobile_taken');
  });

  it('refuses an unknown role, flag or location with 422', async () => {
    expect(
      (
        await req('POST', '/api/users', {
          name: 'X',
          username: 'r1x',
          password: STAFF_PASSWORD,
          role: 'owner',
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await req('POST', '/api/users', {
          name: 'X',
          username: 'r2x',
          password: STAFF_PASSWORD,
          user_roles: { fly: 1 },
        })
      ).statusCode,
    ).toBe(422);
    const badLoc = await req('POST', '/api/users', {
      name: 'X',
      username: 'r3x',
      password: STAFF_PASSWORD,
      location_ids: ['01a20000-0000-7000-8000-000000000000'],
    });
    expect(badLoc.statusCode).toBe(422);
    expect(badLoc.json().error.field).toBe('location_ids');
  });

  it('edits flags and details; the change reaches the user at the next /api/me', async () => {
    const u = await buildUser(t.app, admin, { user_roles: { sell_cash: 1 } });
    const s = await signIn(t.app, u.username, STAFF_PASSWORD);
    const res = await req('PATCH', `/api/users/${u.id}`, {
      name: 'Renamed',
      user_roles: { sell_cash: 0, manage_stock: 1 },
    });
    expect(res.statusCode).toBe(200);
    const me = (await t.app.inject({ url: '/api/me', headers: { cookie: s.cookie } })).json();
    expect(me.user.nm).toBe('Renamed');
    expect(me.user_roles).toMatchObject({ sell_cash: 0, manage_stock: 1 });
  });

  it('deactivating a user ends their sessions and stops sign-in; reactivating lets them back', async () => {
    const u = await buildUser(t.app, admin);
    const s = await signIn(t.app, u.username, STAFF_PASSWORD);
    expect((await req('PATCH', `/api/users/${u.id}`, { active: false })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: s.cookie } })).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: u.username, password: STAFF_PASSWORD },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('user_inactive');
    expect((await req('PATCH', `/api/users/${u.id}`, { active: true })).statusCode).toBe(200);
    await signIn(t.app, u.username, STAFF_PASSWORD);
  });

  it('resets a password: the old one stops working and the sessions end', async () => {
    const u = await buildUser(t.app, admin);
    const s = await signIn(t.app, u.username, STAFF_PASSWORD);
    expect((await req('POST', `/api/users/${u.id}/password`, { password: 'reset-pass-99' })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: s.cookie } })).statusCode).toBe(401);
    await signIn(t.app, u.username, 'reset-pass-99');
  });

  it('answers 404 for a user of another business on the same server', async () => {
    const other = await setUpBusiness(
      t.db,
      t.clock,
      {
        business_name: 'Other',
        username: 'otherboss',
        password: STAFF_PASSWORD,
        currency: 'KES',
        timezone: 'UTC',
        language: 'en',
      },
      { onlyIfNone: false },
    );
    expect((await req('GET', `/api/users/${other.admin.id}`)).statusCode).toBe(404);
    expect((await req('PATCH', `/api/users/${other.admin.id}`, { active: false })).statusCode).toBe(404);
    const list = (await req('GET', '/api/users')).json<User[]>();
    expect(list.map((u) => u.id)).not.toContain(other.admin.id);
  });

  it('never removes, deactivates or demotes the last active admin, also with two requests at once', async () => {
    const self = await req('PATCH', `/api/users/${adminId}`, { active: false });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('last_admin');
    expect((await req('PATCH', `/api/users/${adminId}`, { role: 'staff' })).statusCode).toBe(409);

    const second = await buildUser(t.app, admin, { role: 'admin', username: 'admin2' });
    const [a, b] = await Promise.all([
      req('PATCH', `/api/users/${adminId}`, { role: 'staff' }),
      req('PATCH', `/api/users/${second.id}`, { active: false }),
    ]);
    // One wins. The other is refused as the last admin (409), or, when the first has already
    // taken the caller's own admin role away before the second is authorised, as not allowed (403).
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const admins = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where(
        'business_id',
        '=',
        (
          await t.db.kysely
            .selectFrom('users')
            .select('business_id')
            .where('id', '=', adminId)
            .executeTakeFirstOrThrow()
        ).business_id,
      )
      .where('role', '=', 'admin')
      .where('active', '=', 1)
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('an admin cannot deactivate their own account (another admin can); the deactivated are told so only with the right password', async () => {
    // a business of its own: the test above leaves this one's admins changed
    const owner = (await signedInBusiness(t, 'Own account', 'ownowner')).cookie;
    const boss = await buildUser(t.app, owner, { role: 'admin', username: 'selfboss' });
    const own = (await signIn(t.app, 'selfboss', STAFF_PASSWORD)).cookie;
    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${boss.id}`,
      headers: { cookie: own },
      payload: { active: false },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('own_account');
    const byOther = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${boss.id}`,
      headers: { cookie: owner },
      payload: { active: false },
    });
    expect(byOther.statusCode).toBe(200);

    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: 'selfboss', password } });
    const right = await login(STAFF_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json().error.code).toBe('user_inactive');
    const wrong = await login('not-the-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_credentials');
    // the trail says why the right password was refused
    const trail = (
      await t.app.inject({ url: '/api/journal?action=auth.login_failed', headers: { cookie: owner } })
    ).json<{ doc_id: string; detail: { reason: string } }[]>();
    expect(trail.filter((e) => e.doc_id === boss.id).map((e) => e.detail.reason)).toEqual([
      'password',
      'inactive',
    ]);
  });
});
