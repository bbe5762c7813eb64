import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/session-tokens.js';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';
import { rawClients, twoProcesses, until } from '../../test/pg-processes.js';

/**
 * Signing out on other devices, and ending one session from the list, on PostgreSQL, two processes
 * on one database (as a hosted server): two devices asking at once take turns, and a session ended
 * through one process is refused by the other, which kept its read, as soon as the notice arrives.
 */
describe('signing out on other devices, two processes', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  let clients: ReturnType<typeof rawClients>;
  const client = () => clients.client();
  /** How many backends wait for a lock (each waits on one at a time). */
  const waiting = async (c: pg.Client) =>
    (await c.query<{ n: number }>(`select count(distinct pid)::int as n from pg_locks where not granted`))
      .rows[0]!.n;
  const me = (app: TestApp, cookie: string) => app.app.inject({ url: '/api/me', headers: { cookie } });
  const logoutOthers = (app: TestApp, cookie: string) =>
    app.app.inject({ method: 'POST', url: '/api/auth/logout-others', headers: { cookie } });
  const tokenOf = (cookie: string) => cookie.slice('duka_session='.length);

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

  it('two devices asking at once take turns: the second finds itself signed out, not both ending each other', async () => {
    const u = await buildUser(a.app, admin);
    const one = (await signIn(a.app, u.username, STAFF_PASSWORD)).cookie;
    const two = (await signIn(b.app, u.username, STAFF_PASSWORD)).cookie;
    const third = (await signIn(a.app, u.username, STAFF_PASSWORD)).cookie;
    // the third session's row held by another transaction: whoever ends it waits, with the
    // other asking meanwhile
    const c = await client();
    await c.query('begin');
    await c.query('select id from sessions where token_hash = $1 for update', [hashToken(tokenOf(third))]);
    const asked = Promise.all([logoutOthers(a, one), logoutOthers(b, two)]);
    expect(await until(async () => (await waiting(c)) >= 2, 5_000)).toBe(true);
    await c.query('commit');
    const [r1, r2] = await asked;
    expect([r1.statusCode, r2.statusCode].sort(), `${r1.body} ${r2.body}`).toEqual([200, 401]);
    const [won, lost] = r1.statusCode === 200 ? [one, two] : [two, one];
    expect((r1.statusCode === 200 ? r1 : r2).json()).toEqual({ ended: 2 });
    for (const app of [a, b]) {
      expect(await until(async () => (await me(app, lost)).statusCode === 401, 1_000)).toBe(true);
      expect((await me(app, won)).statusCode).toBe(200);
      expect((await me(app, third)).statusCode).toBe(401);
    }
  });

  it('a session kept by the other process is refused there as soon as the notice arrives', async () => {
    const u = await buildUser(a.app, admin);
    const here = (await signIn(a.app, u.username, STAFF_PASSWORD)).cookie;
    const there = (await signIn(b.app, u.username, STAFF_PASSWORD)).cookie;
    expect((await me(b, there)).statusCode).toBe(200); // kept on B now
    expect((await logoutOthers(a, here)).json()).toEqual({ ended: 1 });
    expect(await until(async () => (await me(b, there)).statusCode === 401, 500)).toBe(true);
    expect((await me(b, here)).statusCode).toBe(200);
  });

  it('one session ended from the list through one process is refused by the other, which kept it', async () => {
    const u = await buildUser(a.app, admin);
    const here = (await signIn(a.app, u.username, STAFF_PASSWORD)).cookie;
    const there = (await signIn(b.app, u.username, STAFF_PASSWORD)).cookie;
    const also = (await signIn(b.app, u.username, STAFF_PASSWORD)).cookie;
    for (const c of [there, also]) expect((await me(b, c)).statusCode).toBe(200); // kept on B now
    const listed = await a.app.inject({ url: '/api/auth/sessions', headers: { cookie: there } });
    const thereId = listed.json<{ id: string; current: boolean }[]>().find((s) => s.current)!.id;
    const ended = await a.app.inject({
      method: 'POST',
      url: `/api/auth/sessions/${thereId}/end`,
      headers: { cookie: here },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await until(async () => (await me(b, there)).statusCode === 401, 500)).toBe(true);
    for (const c of [here, also]) expect((await me(b, c)).statusCode).toBe(200);
  });
});
