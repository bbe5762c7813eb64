import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@duka/domain';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildBusiness, buildUser } from '../../test/factories.js';

/**
 * What commits while a sign-in's password is being checked: the user's hash is made slow to check
 * (argon2id with 400 passes, about a second and a half here; the parameters are in the hash), so
 * a change sent a moment after the sign-in commits while the sign-in still checks the password.
 */
async function slowToCheck(t: TestApp, user: User, password: string): Promise<void> {
  const slow = await hash(password, { algorithm: 2, timeCost: 400 });
  await t.db.kysely.updateTable('users').set({ password_hash: slow }).where('id', '=', user.id).execute();
}

describe('a sign-in racing a change to its user', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
  });
  afterAll(() => t.close());

  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: username, password } });
  const liveSessions = (userId: string) =>
    t.db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  /** The change, sent once the sign-in has read its user and is checking the password. */
  const during = async (signIn: Promise<unknown>, change: () => Promise<{ statusCode: number }>) => {
    let done = false;
    void signIn.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 250));
    const changed = await change();
    expect(done, 'the sign-in was still checking the password when the change was made').toBe(false);
    return changed.statusCode;
  };

  it('a password reset that commits while the old password is checked refuses the sign-in', async () => {
    const staff = await buildUser(t.app, admin);
    await slowToCheck(t, staff, STAFF_PASSWORD);
    const signIn = login(staff.username, STAFF_PASSWORD);
    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/${staff.id}/password`,
        headers: { cookie: admin },
        payload: { password: 'a-new-secret-9' },
      });
    expect(await during(signIn, reset)).toBe(200);
    const res = await signIn;
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().error.code).toBe('invalid_credentials');
    expect(await liveSessions(staff.id)).toEqual([]);
    expect((await login(staff.username, 'a-new-secret-9')).statusCode).toBe(200);
  });

  it('a deactivation that commits while the password is checked refuses the sign-in', async () => {
    const staff = await buildUser(t.app, admin);
    await slowToCheck(t, staff, STAFF_PASSWORD);
    const signIn = login(staff.username, STAFF_PASSWORD);
    const off = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/users/${staff.id}`,
        headers: { cookie: admin },
        payload: { active: false },
      });
    expect(await during(signIn, off)).toBe(200);
    expect((await signIn).statusCode).toBe(403); // user_inactive: the password was right
    expect(await liveSessions(staff.id)).toEqual([]);
  });

  it('signs in as before when nothing changed meanwhile', async () => {
    expect((await login('owner', ADMIN_PASSWORD)).statusCode).toBe(200);
  });
});
