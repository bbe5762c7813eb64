import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A user's own password change checks the current password (argon2, tens of milliseconds) before
 * its write: what an admin did meanwhile (a reset, a deactivation) stands, and the change is
 * refused. The current password is made slow to check (SLOW_PASSES: on a loaded CI machine 30
 * once finished first, and on a fast one 60 took 109 ms, under the 100 ms the test waits before
 * the admin's write; 300 takes ~0.56 s there), so the admin's write commits while the change is
 * still checking it.
 */
const SLOW_PASSES = 300;

describe("a user's own password change against an admin's meanwhile", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
  });
  afterAll(() => t.close());
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: username, password } });

  /** A staff user signed in, whose password is slow to check, changing it to `next` (not awaited). */
  const changing = async (next: string) => {
    const staff = await buildUser(t.app, admin);
    const own = (await signIn(t.app, staff.username, STAFF_PASSWORD)).cookie;
    const slow = await hash(STAFF_PASSWORD, { algorithm: 2, timeCost: SLOW_PASSES });
    await t.db.kysely.updateTable('users').set({ password_hash: slow }).where('id', '=', staff.id).execute();
    const change = t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie: own },
      payload: { current_password: STAFF_PASSWORD, new_password: next },
    });
    // the change is checking the current password
    await new Promise((r) => setTimeout(r, 100));
    return { staff, change };
  };

  it("an admin's password reset stands: the change is refused and the admin's password signs in", async () => {
    const { staff, change } = await changing('changed-pass-1');
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/users/${staff.id}/password`,
      headers: { cookie: admin },
      payload: { password: 'admin-chosen-9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const changed = await change;
    expect(changed.statusCode, changed.body).toBe(401);
    expect((await login(staff.username, 'admin-chosen-9')).statusCode).toBe(200);
    expect((await login(staff.username, 'changed-pass-1')).statusCode).toBe(401);
  });

  it('a deactivation stands: the change is refused', async () => {
    const { staff, change } = await changing('changed-pass-2');
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${staff.id}`,
      headers: { cookie: admin },
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const changed = await change;
    expect(changed.statusCode, changed.body).toBe(401);
    const password = await t.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    // still the slow one it had: the change wrote nothing
    expect(password.password_hash).toContain(`,t=${SLOW_PASSES},`);
  });
});
