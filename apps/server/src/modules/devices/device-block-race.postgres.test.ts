import type pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';
import { rawClients, twoProcesses, until } from '../../test/pg-processes.js';

/**
 * Two hosted processes behind one address (two apps on one PostgreSQL schema): what one process
 * keeps hears of a change made through the other, and a device blocked through one is blocked for
 * a sign-in racing it through the other.
 */
describe('two hosted processes on one business: users, the business and devices', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  let clients: ReturnType<typeof rawClients>;
  const client = () => clients.client();
  /**
   * Whether a backend waits for `c`'s transaction with a row of `table` in hand (pg_locks: its
   * tuple lock). pg_stat_activity is not used: inside `c`'s transaction it is a snapshot.
   */
  const waitingOn = async (c: pg.Client, table: string) =>
    (
      await c.query<{ n: number }>(
        `select count(*)::int as n from pg_locks l
          where l.locktype = 'tuple' and l.relation = $1::regclass
            and pg_backend_pid() = any(pg_blocking_pids(l.pid))`,
        [table],
      )
    ).rows[0]!.n > 0;
  const me = (app: TestApp, cookie: string, device?: string, token?: string) =>
    app.app.inject({
      url: '/api/me',
      headers: {
        cookie,
        ...(device ? { 'x-device-id': device } : {}),
        ...(token ? { 'x-device-token': token } : {}),
      },
    });
  const login = (app: TestApp, username: string, device: string, token?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-device-id': device, ...(token ? { 'x-device-token': token } : {}) },
      payload: { login: username, password: STAFF_PASSWORD },
    });

  beforeAll(async () => {
    ({ a, b } = await twoProcesses());
    admin = (await buildBusiness(a.app)).cookie;
    clients = rawClients(a);
  });
  afterAll(async () => {
    await clients.end();
    await b.close();
    await a.close();
  });

  it('a staff user deactivated through B is refused by A as soon as the notice arrives', async () => {
    const u = await buildUser(b.app, admin);
    const s = await signIn(a.app, u.username, STAFF_PASSWORD);
    expect((await me(a, s.cookie)).statusCode).toBe(200); // kept on A now
    const off = await b.app.inject({
      method: 'PATCH',
      url: `/api/users/${u.id}`,
      headers: { cookie: admin },
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(await until(async () => (await me(a, s.cookie)).statusCode === 401, 500)).toBe(true);
  });

  it('a business suspended through another process stops selling on A within the notice', async () => {
    const s = await signIn(a.app, 'owner', ADMIN_PASSWORD);
    expect((await me(a, s.cookie)).statusCode).toBe(200);
    await sql`update businesses set status = 'suspended'`.execute(b.db.kysely);
    try {
      expect(
        await until(
          async () =>
            (await me(a, s.cookie)).statusCode === 402 || (await me(a, s.cookie)).statusCode === 403,
          500,
        ),
      ).toBe(true);
    } finally {
      await sql`update businesses set status = 'active'`.execute(b.db.kysely);
    }
  });

  it('a device blocked while a till signs in through the other process stays blocked (no lost update)', async () => {
    const u = await buildUser(b.app, admin);
    const first = await signIn(a.app, u.username, STAFF_PASSWORD, 'STOLENTILL1');
    const approve = await b.app.inject({
      method: 'PATCH',
      url: '/api/devices/STOLENTILL1',
      headers: { cookie: admin },
      payload: { status: 'approved' },
    });
    expect(approve.statusCode).toBe(200);
    // The admin's block (updateDevice's statements) is in flight on process B's connection...
    const c = await client();
    const at = new Date().toISOString();
    await c.query('begin');
    await c.query(`update devices set status = 'blocked', updated_at = $1 where id = 'STOLENTILL1'`, [at]);
    await c.query(
      `update sessions set revoked_at = $1 where device_id = 'STOLENTILL1' and revoked_at is null
         and user_id in (select id from users where role <> 'admin')`,
      [at],
    );
    // ... while the till signs in again through process A (its password checked, its device read)
    const pending = login(a, u.username, 'STOLENTILL1', first.deviceToken);
    const waited = await until(() => waitingOn(c, 'devices'), 5_000);
    expect(waited).toBe(true);
    await c.query('commit');
    const res = await pending;
    const { status } = await a.db.kysely
      .selectFrom('devices')
      .select('status')
      .where('id', '=', 'STOLENTILL1')
      .executeTakeFirstOrThrow();
    // the sign-in waited for the block and read it: it neither wrote the approval back nor got in
    expect(status).toBe('blocked');
    expect(res.statusCode).not.toBe(200);
  });

  it('a sign-in that passed the device check before a block commits opens no session on the blocked device', async () => {
    const u = await buildUser(b.app, admin);
    const first = await signIn(a.app, u.username, STAFF_PASSWORD, 'STOLENTILL2');
    // Hold the user's row so the sign-in stops between its device check and its session's insert.
    const c = await client();
    await c.query('begin');
    await c.query('select id from users where id = $1 for update', [u.id]);
    const pending = login(a, u.username, 'STOLENTILL2', first.deviceToken);
    expect(await until(() => waitingOn(c, 'users'), 5_000)).toBe(true);
    // The admin blocks the device through process B meanwhile: it answers 200, sessions revoked.
    const block = await b.app.inject({
      method: 'PATCH',
      url: '/api/devices/STOLENTILL2',
      headers: { cookie: admin },
      payload: { status: 'blocked' },
    });
    expect(block.statusCode).toBe(200);
    await c.query('rollback');
    const res = await pending;
    // The sign-in read the device again where it opens the session: refused, no session served.
    const cookie = res.cookies.find((x) => x.name === 'duka_session');
    const served = cookie
      ? (await me(b, `duka_session=${cookie.value}`, 'STOLENTILL2', first.deviceToken)).statusCode
      : 401;
    expect({ login: res.statusCode, me: served }).toEqual({ login: 403, me: 401 });
  });
});
