import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';

/** A password that is mostly the user name or the business name (password-strength.ts, isNamePassword). */
describe('a password like a name', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it.each([
    ['the user name', { username: 'mamamboga', password: 'mamamboga' }],
    ['the user name, in other case and with spaces', { username: 'mamamboga', password: 'Mama Mboga' }],
    ['the user name twice', { username: 'admin', password: 'adminadmin' }],
    ['the user name and a little more', { username: 'admin', password: 'Admin2024' }],
    ['a part of the user name', { username: 'mamambogastores', password: 'mbogastores' }],
    ['the business name', { business_name: 'Mama Mboga Stores', password: 'Mama Mboga Stores' }],
    ['the business name, run together', { business_name: 'Mama Mboga Stores', password: 'mamambogastores1' }],
  ])('is refused at setup: %s', async (_, override) => {
    t = await buildTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: Object.assign(
        { business_name: 'Shop', username: 'owner', password: ADMIN_PASSWORD },
        override,
      ),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field: 'password' });
  });

  it('is taken at setup when the name is only a part of it', async () => {
    t = await buildTestApp();
    // 'owner-pass-1' holds 'owner', a short name among more of its own
    await buildBusiness(t.app, { business_name: 'Owner', username: 'owner', password: ADMIN_PASSWORD });
  });

  it('is refused for a new user', async () => {
    t = await buildTestApp();
    const admin = (await buildBusiness(t.app)).cookie;
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin },
      payload: { name: 'Peter', username: 'peter.mwangi', password: 'Peter.Mwangi1' },
    });
    expect(create.statusCode).toBe(422);
    expect(create.json().error.field).toBe('password');
  });

  it('is refused when an admin resets a password', async () => {
    t = await buildTestApp();
    const admin = (await buildBusiness(t.app)).cookie;
    const user = await buildUser(t.app, admin, { username: 'wanjiku' });
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/password`,
      headers: { cookie: admin },
      payload: { password: 'wanjikuwanjiku' },
    });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().error.field).toBe('password');
    await signIn(t.app, 'wanjiku', STAFF_PASSWORD); // unchanged
  });

  it('is refused when users change their own', async () => {
    t = await buildTestApp();
    const admin = (await buildBusiness(t.app)).cookie;
    await buildUser(t.app, admin, { username: 'wanjiku' });
    const own = await signIn(t.app, 'wanjiku', STAFF_PASSWORD);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie: own.cookie },
      payload: { current_password: STAFF_PASSWORD, new_password: 'WANJIKU-1' },
    });
    expect(change.statusCode).toBe(422);
    expect(change.json().error.field).toBe('new_password');
    await signIn(t.app, 'wanjiku', STAFF_PASSWORD); // unchanged
  });
});
