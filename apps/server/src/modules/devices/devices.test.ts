import type { Device } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';

describe('devices', () => {
  let t: TestApp;
  let admin: string;
  let username: string;
  let staffName: string;
  const tryLogin = (login: string, password: string, device?: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login, password },
      headers: {
        ...(device ? { 'x-device-id': device } : {}),
        ...(token ? { 'x-device-token': token } : {}),
      },
    });
  const patch = (id: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/devices/${id}`, headers: { cookie: admin }, payload: body });

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    const staff = await buildUser(t.app, admin, { name: 'Amina Till', user_roles: { sell_cash: 1 } });
    username = staff.username;
    staffName = staff.name;
  });
  afterAll(() => t.close());

  it('records each device that signs in: first and last seen, last user', async () => {
    t.clock.advance(1000);
    const first = await signIn(t.app, username, STAFF_PASSWORD, '0A1B2C3D4E5F');
    expect(first.deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    t.clock.advance(60_000);
    const again = await signIn(t.app, username, STAFF_PASSWORD, '0A1B2C3D4E5F', first.deviceToken);
    expect(again.deviceToken).toBeUndefined(); // issued once
    const list = (await t.app.inject({ url: '/api/devices', headers: { cookie: admin } })).json<Device[]>();
    const d = list.find((x) => x.id === '0A1B2C3D4E5F');
    expect(d).toMatchObject({ status: 'pending', last_user_name: staffName });
    expect(d && new Date(d.last_seen_at).getTime() - new Date(d.first_seen_at).getTime()).toBe(60_000);
  });

  it('names and approves devices; when approved devices are required, staff need one, admins never', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: { require_approved_devices: true },
    });
    const pending = await tryLogin(username, STAFF_PASSWORD, 'NEWTILL0001');
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error.code).toBe('device_not_approved');
    // The new till is given its device token with the refusal, to keep for the next sign-in.
    const token = pending.headers['x-device-token'] as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const none = await tryLogin(username, STAFF_PASSWORD);
    expect(none.statusCode).toBe(403);
    expect(none.json().error.code).toBe('device_required');
    // The refused device is listed so the admin can approve it.
    const listed = (await t.app.inject({ url: '/api/devices', headers: { cookie: admin } })).json<Device[]>();
    expect(listed.map((d) => d.id)).toContain('NEWTILL0001');

    const approved = await patch('NEWTILL0001', { name: 'Front till', status: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ name: 'Front till', status: 'approved' });
    expect((await tryLogin(username, STAFF_PASSWORD, 'NEWTILL0001', token)).statusCode).toBe(200);
    expect((await tryLogin('owner', ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await tryLogin('owner', ADMIN_PASSWORD, 'UNKNOWN-DEVICE')).statusCode).toBe(200);
  });

  it('never lets a blocked device sign staff in, and blocking ends its staff sessions', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: { require_approved_devices: false },
    });
    const s = await signIn(t.app, username, STAFF_PASSWORD, 'BACKTILL');
    expect((await patch('BACKTILL', { status: 'blocked' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: s.cookie } })).statusCode).toBe(401);
    const again = await tryLogin(username, STAFF_PASSWORD, 'BACKTILL');
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('device_blocked');
    const actions = await t.db.kysely
      .selectFrom('journal')
      .select('action')
      .where('doc_type', '=', 'device')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['device.approve', 'device.block']));
  });

  it('answers 404 for a device of no record and 422 for a bad status', async () => {
    expect((await patch('NOPE', { name: 'x' })).statusCode).toBe(404);
    expect((await patch('BACKTILL', { status: 'stolen' })).statusCode).toBe(422);
  });
});
