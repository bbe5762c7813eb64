import type { SessionData } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';

const login = (t: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, headers });

describe('sign-in and sessions', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app, { mobile: '+254711000111' })).cookie;
    await buildUser(t.app, admin, {
      username: 'Cashier.One',
      mobile: '0722000222',
      user_roles: { sell_cash: 1, view_sales_report: 1 },
    });
  });
  afterAll(() => t.close());

  it('signs in by username in any case or by mobile number, and returns the session data of seed spec §3', async () => {
    const byName = await login(
      t,
      { login: 'cashier.ONE', password: STAFF_PASSWORD },
      { 'x-device-id': 'AABBCCDDEEFF' },
    );
    expect(byName.statusCode).toBe(200);
    const data = byName.json<SessionData>();
    expect(data.user).toMatchObject({ role: 'staff', img: 'profile.png', username: 'Cashier.One' });
    expect(data.user_roles).toMatchObject({
      sell_cash: 1,
      view_sales_report: 1,
      manage_stock: 0,
      view_stock_report: 0,
    });
    expect(Object.keys(data.user_roles)).toHaveLength(14);
    expect(data.shop_details).toEqual({ name: 'Mama Mboga Stores', online_offline: '0' });
    expect(data.stock_taking).toEqual({ open_counts: [], frozen_location_ids: [] });
    expect(data.device_id).toBe('AABBCCDDEEFF');

    const byMobile = await login(
      t,
      { login: '0722000222', password: STAFF_PASSWORD },
      { 'x-device-id': 'AABBCCDDEEFF' },
    );
    expect(byMobile.statusCode).toBe(200);
    const adminByMobile = await login(t, { login: '+254711000111', password: ADMIN_PASSWORD });
    expect(adminByMobile.statusCode).toBe(200);
  });

  it('keeps a mobile typed with spaces, dashes or brackets as its digits, and signs in by it typed either way', async () => {
    const spaced = await buildUser(t.app, admin, { username: 'mary.k', mobile: '+254 (733) 444-555' });
    expect(spaced.mobile).toBe('+254733444555');
    for (const typed of ['+254 733 444 555', '254733444555', '+254-733-444-555'])
      expect((await login(t, { login: typed, password: STAFF_PASSWORD })).statusCode, typed).toBe(200);
    // a number of too few digits is still refused, spaces or not
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin },
      payload: { name: 'Short', username: 'short.one', password: STAFF_PASSWORD, mobile: '07 12 34' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().error).toMatchObject({ code: 'validation_failed', field: 'mobile' });
  });

  it('sets an HttpOnly, SameSite=Strict session cookie holding an opaque token stored hashed', async () => {
    const res = await login(t, { login: 'owner', password: ADMIN_PASSWORD });
    const c = res.cookies.find((x) => x.name === 'duka_session');
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(c?.secure).toBeFalsy();
    const stored = await t.db.kysely.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(c?.value);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);
    // beside it, a readable hint with no token, so a signed-out page never asks /api/me (401)
    const hint = res.cookies.find((x) => x.name === 'duka_signed_in');
    expect(hint).toMatchObject({ value: '1', sameSite: 'Strict', path: '/' });
    expect(hint?.httpOnly).toBeFalsy();
    expect(String(hint?.expires)).toBe(String(c?.expires));
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `duka_session=${c?.value}` },
    });
    const cleared = out.cookies.find((x) => x.name === 'duka_signed_in');
    expect(cleared?.value).toBe('');
  });

  it('gives the same 401 for an unknown name and a wrong password', async () => {
    const unknown = await login(t, { login: 'nobody', password: 'whatever-1' });
    const wrong = await login(t, { login: 'owner', password: 'wrong-password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    const journal = await t.db.kysely
      .selectFrom('journal')
      .select('action')
      .where('action', '=', 'auth.login_failed')
      .execute();
    expect(journal.length).toBeGreaterThanOrEqual(1);
  });

  it('answers /api/me and logs out by revoking the session', async () => {
    const s = await signIn(t.app, 'owner', ADMIN_PASSWORD);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: s.cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: s.cookie },
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/me', headers: { cookie: s.cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('session_expired');
    expect((await t.app.inject('/api/me')).json().error.code).toBe('unauthorized');
  });

  it('expires a session after 12 idle hours, and after 7 days however busy', async () => {
    const s = await signIn(t.app, 'owner', ADMIN_PASSWORD);
    t.clock.advance(11 * 3600_000);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: s.cookie } })).statusCode).toBe(200);
    t.clock.advance(11 * 3600_000);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: s.cookie } })).statusCode).toBe(200);
    t.clock.advance(12 * 3600_000 + 1000);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: s.cookie } })).statusCode).toBe(401);

    const busy = await signIn(t.app, 'owner', ADMIN_PASSWORD);
    for (let h = 0; h < 7 * 24; h += 10) {
      t.clock.advance(10 * 3600_000);
      const res = await t.app.inject({ url: '/api/me', headers: { cookie: busy.cookie } });
      if (h + 10 < 7 * 24) expect(res.statusCode, `after ${h + 10} h`).toBe(200);
      else expect(res.statusCode).toBe(401);
    }
  });

  it('changes the own password with the current one; other sessions end, this one stays', async () => {
    admin = (await signIn(t.app, 'owner', ADMIN_PASSWORD)).cookie; // the clock moved on above
    const user = await buildUser(t.app, admin, { username: 'pwuser' });
    const a = await signIn(t.app, user.username, STAFF_PASSWORD);
    const b = await signIn(t.app, user.username, STAFF_PASSWORD);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie: a.cookie },
      payload: { current_password: 'not-it', new_password: 'brand-new-pass' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.field).toBe('current_password');
    // a "change" to the password one has: refused, and nobody is signed out by it
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie: a.cookie },
      payload: { current_password: STAFF_PASSWORD, new_password: STAFF_PASSWORD },
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().error.field).toBe('new_password');
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: b.cookie } })).statusCode).toBe(200);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie: a.cookie },
      payload: { current_password: STAFF_PASSWORD, new_password: 'brand-new-pass' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: a.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: b.cookie } })).statusCode).toBe(401);
    await signIn(t.app, user.username, 'brand-new-pass');
  });
});
