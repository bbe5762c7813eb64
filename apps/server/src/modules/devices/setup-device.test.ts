import type { Device } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildUser } from '../../test/factories.js';
import { type TestApp, buildTestApp, sessionCookie } from '../../test/test-app.js';

/**
 * The shop PC that ran the setup is a device like any till: the setup gives it its token (as a
 * sign-in does), so once the business requires approved devices the admin can approve it for staff.
 */
describe('the shop PC that ran the setup', () => {
  let t: TestApp;
  let admin: string;
  let setupToken: string | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      headers: { 'x-device-id': 'SHOPPC01' },
      payload: { business_name: 'Mama Mboga Stores', username: 'owner', password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    admin = sessionCookie(res);
    setupToken = res.headers['x-device-token'] as string | undefined;
  });
  afterAll(() => t.close());

  it('is given its device token, and once approved signs staff in', async () => {
    expect(setupToken).toMatch(/\S{20,}/);
    const staff = await buildUser(t.app, admin, { user_roles: { sell_cash: 1 } });
    const required = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: { require_approved_devices: true },
    });
    expect(required.statusCode, required.body).toBe(200);
    const staffIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-device-id': 'SHOPPC01', 'x-device-token': setupToken! },
        payload: { login: staff.username, password: STAFF_PASSWORD },
      });
    const devices = (await t.app.inject({ url: '/api/devices', headers: { cookie: admin } })).json<
      Device[]
    >();
    expect(devices.map((d) => d.id)).toContain('SHOPPC01');
    const approved = await t.app.inject({
      method: 'PATCH',
      url: '/api/devices/SHOPPC01',
      headers: { cookie: admin },
      payload: { status: 'approved' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const signedIn = await staffIn();
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });
});
