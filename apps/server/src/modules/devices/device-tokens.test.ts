import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import { type TestApp, buildTestApp, sessionCookie } from '../../test/test-app.js';

/** ADR 8: an approved device is its id and the token the server issued it, never an id alone. */
describe('device tokens', () => {
  let t: TestApp;
  let admin: string;
  let username: string;
  const login = (device?: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: username, password: STAFF_PASSWORD },
      headers: {
        ...(device ? { 'x-device-id': device } : {}),
        ...(token ? { 'x-device-token': token } : {}),
      },
    });
  const approve = (id: string, status = 'approved') =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/devices/${id}`,
      headers: { cookie: admin },
      payload: { status },
    });
  const requireApproved = (on: boolean) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: { require_approved_devices: on },
    });
  const me = (cookie: string, device?: string, token?: string) =>
    t.app.inject({
      url: '/api/me',
      headers: {
        cookie,
        ...(device ? { 'x-device-id': device } : {}),
        ...(token ? { 'x-device-token': token } : {}),
      },
    });
  const tokenHash = async (id: string) =>
    await t.db.kysely
      .selectFrom('devices')
      .select(['token_hash', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    username = (await buildUser(t.app, admin, { user_roles: { sell_cash: 1 } })).username;
  });
  afterAll(() => t.close());

  it('issues a new device a long random token once, and keeps only its hash', async () => {
    const first = await signIn(t.app, username, STAFF_PASSWORD, 'A45E60C10F3B');
    const token = first.deviceToken!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    const row = await tokenHash('A45E60C10F3B');
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.token_hash).not.toContain(token);
    const again = await login('A45E60C10F3B', token);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-device-token']).toBeUndefined();
    // someone else with the same MAC address gets no token of their own
    const other = await login('A45E60C10F3B');
    expect(other.statusCode).toBe(200); // approval not required here
    expect(other.headers['x-device-token']).toBeUndefined();
    expect((await tokenHash('A45E60C10F3B')).token_hash).toBe(row.token_hash);
  });

  it('when approved devices are required, a known approved device id without its token is refused', async () => {
    const first = await signIn(t.app, username, STAFF_PASSWORD, 'FRONTTILL01');
    expect((await approve('FRONTTILL01')).statusCode).toBe(200);
    expect((await requireApproved(true)).statusCode).toBe(200);
    try {
      for (const token of [
        undefined,
        'x'.repeat(43),
        `${first.deviceToken!.slice(0, -1)}${first.deviceToken!.endsWith('A') ? 'B' : 'A'}`,
      ]) {
        const res = await login('FRONTTILL01', token);
        expect(res.statusCode, String(token)).toBe(403);
        expect(res.json().error.code).toBe('device_not_approved');
        expect(res.headers['x-device-token']).toBeUndefined();
      }
      expect((await tokenHash('FRONTTILL01')).status).toBe('approved'); // nothing changed
      const ok = await login('FRONTTILL01', first.deviceToken);
      expect(ok.statusCode).toBe(200);
    } finally {
      await requireApproved(false);
    }
  });

  it("when approved devices are required, a staff session's requests need its device's token", async () => {
    const first = await signIn(t.app, username, STAFF_PASSWORD, 'BACKTILL02');
    await approve('BACKTILL02');
    await requireApproved(true);
    try {
      const s = await signIn(t.app, username, STAFF_PASSWORD, 'BACKTILL02', first.deviceToken);
      expect((await me(s.cookie, 'BACKTILL02', first.deviceToken)).statusCode).toBe(200);
      for (const token of [undefined, 'y'.repeat(43)]) {
        const res = await me(s.cookie, 'BACKTILL02', token);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('device_not_approved');
      }
      // admins are never held to devices
      expect((await me(admin)).statusCode).toBe(200);
    } finally {
      await requireApproved(false);
    }
  });

  it("a staff session's reads an <img> makes carry the token as an HttpOnly cookie; writes still need the header", async () => {
    const first = await signIn(t.app, username, STAFF_PASSWORD, 'IMGTILL05');
    await approve('IMGTILL05');
    await requireApproved(true);
    try {
      const res = await login('IMGTILL05', first.deviceToken);
      expect(res.statusCode).toBe(200);
      const set = res.cookies.find((c) => c.name === 'duka_device');
      expect(set).toMatchObject({ value: first.deviceToken, httpOnly: true, sameSite: 'Strict' });
      const cookie = `${sessionCookie(res)}; duka_device=${first.deviceToken}`;
      // the logo, a receipt's picture: a GET with the cookies only
      const read = await t.app.inject({ url: '/api/me', headers: { cookie } });
      expect(read.statusCode).toBe(200);
      // another device's token in the cookie is not this device
      const wrong = await t.app.inject({
        url: '/api/me',
        headers: { cookie: `${sessionCookie(res)}; duka_device=${'z'.repeat(43)}` },
      });
      expect(wrong.statusCode).toBe(403);
      // a write with the cookie alone is refused: it needs the header the till sends
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout-others',
        headers: { cookie },
      });
      expect(write.statusCode).toBe(403);
      expect(write.json().error.code).toBe('device_not_approved');
    } finally {
      await requireApproved(false);
    }
  });

  it('a till signed in before the device cookie existed is given it by its next request with the header', async () => {
    const first = await signIn(t.app, username, STAFF_PASSWORD, 'OLDCOOKIE06');
    await approve('OLDCOOKIE06');
    await requireApproved(true);
    try {
      const s = await signIn(t.app, username, STAFF_PASSWORD, 'OLDCOOKIE06', first.deviceToken);
      const res = await me(s.cookie, 'OLDCOOKIE06', first.deviceToken);
      expect(res.cookies.find((c) => c.name === 'duka_device')?.value).toBe(first.deviceToken);
      // once the browser has it, it is not set again
      const again = await me(
        `${s.cookie}; duka_device=${first.deviceToken}`,
        'OLDCOOKIE06',
        first.deviceToken,
      );
      expect(again.cookies.find((c) => c.name === 'duka_device')).toBeUndefined();
    } finally {
      await requireApproved(false);
    }
  });

  it('reset forgets the token: the next sign-in is issued a new one and waits for approval', async () => {
    const first = await signIn(t.app, username, STAFF_PASSWORD, 'LOSTTILL03');
    await approve('LOSTTILL03');
    expect((await approve('LOSTTILL03', 'pending')).statusCode).toBe(200);
    expect((await tokenHash('LOSTTILL03')).token_hash).toBeNull();
    const again = await signIn(t.app, username, STAFF_PASSWORD, 'LOSTTILL03');
    expect(again.deviceToken).toBeTruthy();
    expect(again.deviceToken).not.toBe(first.deviceToken);
  });

  it('a device approved before tokens existed is issued one and must be approved again', async () => {
    await signIn(t.app, username, STAFF_PASSWORD, 'OLDTILL04');
    await approve('OLDTILL04');
    await t.db.kysely
      .updateTable('devices')
      .set({ token_hash: null })
      .where('id', '=', 'OLDTILL04')
      .execute();
    const claimed = await signIn(t.app, username, STAFF_PASSWORD, 'OLDTILL04');
    expect(claimed.deviceToken).toBeTruthy();
    expect(await tokenHash('OLDTILL04')).toMatchObject({ status: 'pending' });
  });
});
