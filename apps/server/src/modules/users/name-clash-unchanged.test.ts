import type { User } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBusiness } from '../setup/setup.service.js';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildUser, signIn } from '../../test/factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { NAME_CLASHES_MAX } from './name-clashes.js';

/**
 * The user form sends the user's username and mobile with every save, unchanged: such an edit
 * asks nothing about any name, so it is neither counted nor refused at the name-clash limit (a
 * business at the limit could otherwise not take a right away or move a user for an hour).
 */
describe('an edit that keeps the user their own names, at the name-clash limit', () => {
  let t: TestApp;
  let alpha: string;
  let staff: User;
  beforeAll(async () => {
    t = await buildTestApp({ mode: 'hosted' });
    for (const tag of ['alpha', 'zebra']) {
      const input = { business_name: tag, username: `${tag}_boss`, password: ADMIN_PASSWORD };
      await setUpBusiness(
        t.db,
        t.clock,
        { ...input, currency: 'KES', timezone: 'Africa/Nairobi', language: 'en' },
        { onlyIfNone: false, online: true },
      );
    }
    alpha = (await signIn(t.app, 'alpha_boss', ADMIN_PASSWORD)).cookie;
    staff = await buildUser(t.app, alpha, { username: 'alpha_till', mobile: '0711000111' });
    for (let i = 0; i < NAME_CLASHES_MAX; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie: alpha },
        payload: { name: 'New', username: 'zebra_boss', password: STAFF_PASSWORD },
      });
      expect(res.json().error.code).toBe('username_taken');
    }
  });
  afterAll(() => t.close());

  it("saves the form's edit (the user's own username and mobile sent back unchanged)", async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${staff.id}`,
      headers: { cookie: alpha },
      // what the user form sends: every field, the name and mobile as they are
      payload: {
        name: 'Till Renamed',
        username: staff.username,
        mobile: staff.mobile,
        role: 'staff',
        user_roles: staff.user_roles,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // the same names in another case or with the mobile's + are the same names
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${staff.id}`,
      headers: { cookie: alpha },
      payload: { username: staff.username.toUpperCase(), mobile: `+${staff.mobile}` },
    });
    expect(again.statusCode, again.body).toBe(200);
    // a new name is still counted, so still refused at the limit
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${staff.id}`,
      headers: { cookie: alpha },
      payload: { username: 'alpha_till_two' },
    });
    expect(renamed.statusCode, renamed.body).toBe(429);
    expect(renamed.json().error.code).toBe('rate_limited');
  });
});
