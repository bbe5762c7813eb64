import type { OwnSession } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildUser, signIn, signedInBusiness } from '../../test/factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * Where the user is signed in (GET /api/auth/sessions) and ending one of those sessions
 * (POST /api/auth/sessions/:id/end) on a hosted server, where many businesses share the sessions
 * table: only the signed-in user's own sessions in its business are seen or ended.
 */
describe("the user's own sessions", () => {
  let t: TestApp;
  let ownerA: string;
  let ownerB: string;
  let cashier: string;

  const list = async (cookie: string) => {
    const res = await t.app.inject({ url: '/api/auth/sessions', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OwnSession[]>();
  };
  const end = (cookie: string | undefined, id: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/sessions/${id}/end`,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
  const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });
  const idOf = async (cookie: string) => (await list(cookie)).find((s) => s.current)!.id;
  const till = async (device?: string) => (await signIn(t.app, cashier, STAFF_PASSWORD, device)).cookie;
  const journal = () =>
    t.db.kysely
      .selectFrom('journal')
      .select(['business_id', 'user_id', 'doc_type', 'doc_id', 'device_id', 'detail'])
      .where('action', '=', 'auth.end_session')
      .orderBy('seq')
      .execute();
  const nameDevice = async (admin: string, id: string, name: string) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/devices/${id}`,
      headers: { cookie: admin },
      payload: { name },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  const business = async (name: string, username: string) =>
    (await signedInBusiness(t, name, username)).cookie;

  beforeAll(async () => {
    t = await buildTestApp({ mode: 'hosted' });
    ownerA = await business('Alpha Traders', 'alpha-owner');
    ownerB = await business('Beta Traders', 'beta-owner');
    cashier = (await buildUser(t.app, ownerA, { username: 'amina' })).username;
  });
  afterAll(() => t.close());

  it('lists only the live sessions of the user in its business, this one first, with the device’s name and never a token', async () => {
    // a session idle past the limit (12 hours) has ended by itself, one signed out too
    const stale = await till();
    t.clock.advance(13 * 3600_000);
    const signedOut = await till();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: signedOut } });
    const phone = await till();
    t.clock.advance(5 * 60_000);
    const pc = await till('AABBCCDDEE01');
    // the admins signed in again (their first sessions are idle past the limit too); the same
    // device id in business B is B's own device, named otherwise
    ownerA = (await signIn(t.app, 'alpha-owner', ADMIN_PASSWORD)).cookie;
    await nameDevice(ownerA, 'AABBCCDDEE01', 'Front till');
    ownerB = (await signIn(t.app, 'beta-owner', ADMIN_PASSWORD, 'AABBCCDDEE01')).cookie;
    await nameDevice(ownerB, 'AABBCCDDEE01', 'Beta back office');
    t.clock.advance(30_000);
    expect((await me(phone)).statusCode).toBe(200); // seen after the PC signed in

    const seen = await list(pc);
    const rows = await t.db.kysely
      .selectFrom('sessions')
      .select(['id', 'business_id', 'user_id', 'created_at', 'expires_at'])
      .execute();
    const pcRow = rows.find((r) => r.id === seen[0]!.id)!;
    expect(seen.map((s) => [s.current, s.device_name, s.ip])).toEqual([
      [true, 'Front till', '127.0.0.1'],
      [false, null, '127.0.0.1'],
    ]);
    expect(seen[0]).toEqual({
      id: pcRow.id,
      device_name: 'Front till',
      ip: '127.0.0.1',
      created_at: pcRow.created_at,
      last_seen_at: pcRow.created_at,
      expires_at: pcRow.expires_at,
      current: true,
    });
    expect(seen[1]!.id).toBe(await idOf(phone));
    expect(Object.keys(seen[0]!).sort()).toEqual(
      ['created_at', 'current', 'device_name', 'expires_at', 'id', 'ip', 'last_seen_at'].sort(),
    );
    // every one the cashier's, in business A; none of the admin's nor of business B
    for (const s of seen) expect(rows.find((r) => r.id === s.id)).toMatchObject({ user_id: pcRow.user_id });
    for (const c of [stale, signedOut]) expect((await me(c)).statusCode).toBe(401);
    const ownerSessions = await list(ownerA);
    expect(ownerSessions.map((s) => s.id)).not.toContain(pcRow.id);
    expect((await list(ownerB)).map((s) => s.device_name)).toEqual(['Beta back office']);
  });

  it('ends one other session: its next request is 401, it leaves the list, once journaled; again answers the same', async () => {
    const pc = await till('AABBCCDDEE01');
    const phone = await till();
    const laptop = await till();
    const phoneId = await idOf(phone);
    const before = await journal();

    const res = await end(pc, phoneId, { 'x-device-id': 'AABBCCDDEE01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const gone = await me(phone);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().error.code).toBe('session_expired');
    expect((await me(pc)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(200);
    const ids = (await list(pc)).map((s) => s.id);
    expect(ids).not.toContain(phoneId);
    expect(ids).toContain(await idOf(laptop));

    const pcRow = await t.db.kysely
      .selectFrom('sessions')
      .select(['id', 'business_id', 'user_id'])
      .where('id', '=', await idOf(pc))
      .executeTakeFirstOrThrow();
    expect((await journal()).slice(before.length)).toEqual([
      {
        business_id: pcRow.business_id,
        user_id: pcRow.user_id,
        doc_type: 'session',
        doc_id: phoneId,
        device_id: 'AABBCCDDEE01',
        detail: JSON.stringify({ by: pcRow.id }),
      },
    ]);

    // the same again, from this session or another of the user's: the same answer, nothing written
    for (const asker of [pc, laptop]) {
      const again = await end(asker, phoneId);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ ok: true });
    }
    expect(await journal()).toHaveLength(before.length + 1);
  });

  it('a session that ended by itself (idle past the limit) answers as ended, and nothing is written', async () => {
    const idle = await till();
    const idleId = await idOf(idle);
    t.clock.advance(13 * 3600_000);
    const pc = await till();
    const before = await journal();
    const res = await end(pc, idleId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await journal()).toHaveLength(before.length);
    const row = await t.db.kysely
      .selectFrom('sessions')
      .select('revoked_at')
      .where('id', '=', idleId)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
  });

  it('refuses the session asking with session_is_current: signing out ends it', async () => {
    const pc = await till();
    const res = await end(pc, await idOf(pc));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('session_is_current');
    expect((await me(pc)).statusCode).toBe(200);
  });

  it("another user's session, another business's, and one that does not exist are all not found, and stay", async () => {
    const pc = await till();
    const phone = await till();
    const adminA = (await signIn(t.app, 'alpha-owner', ADMIN_PASSWORD)).cookie;
    const adminB = (await signIn(t.app, 'beta-owner', ADMIN_PASSWORD)).cookie;
    const bodies: string[] = [];
    for (const [asker, target] of [
      [pc, adminA], // another user of the business
      [adminA, phone], // the admin cannot end the cashier's session this way either
      [pc, adminB], // another business's session
      [adminA, adminB],
    ] as const) {
      const res = await end(asker, await idOf(target));
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      bodies.push(res.json().error.message);
    }
    const unknown = await end(pc, v7());
    expect(unknown.statusCode).toBe(404);
    // answered as one that does not exist: the same words
    expect(new Set([...bodies, unknown.json().error.message]).size).toBe(1);
    for (const c of [pc, phone, adminA, adminB]) expect((await me(c)).statusCode).toBe(200);

    const bad = await end(pc, 'not-an-id');
    expect(bad.statusCode).toBe(422);
  });

  it('is refused signed out (401), with an ended session (401) and from another site (403)', async () => {
    const none = await end(undefined, v7());
    expect(none.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/sessions' })).statusCode).toBe(401);

    const pc = await till();
    const phone = await till();
    const laptop = await till();
    const laptopId = await idOf(laptop);
    expect((await end(pc, await idOf(phone))).statusCode).toBe(200);
    const ended = await end(phone, laptopId);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.code).toBe('session_expired');
    const list401 = await t.app.inject({ url: '/api/auth/sessions', headers: { cookie: phone } });
    expect(list401.statusCode).toBe(401);

    const crossSite = await end(pc, laptopId, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('cross_site_request');
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it('two devices ending each other at once take turns: one is signed out, the other stays', async () => {
    const a = await till();
    const b = await till();
    const [ida, idb] = [await idOf(a), await idOf(b)];
    const [ra, rb] = await Promise.all([end(a, idb), end(b, ida)]);
    expect([ra.statusCode, rb.statusCode].sort(), `${ra.body} ${rb.body}`).toEqual([200, 401]);
    const winner = ra.statusCode === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect((await me(winner)).statusCode).toBe(200);
    expect((await me(loser)).statusCode).toBe(401);
  });

  it('works for a business set to local only, as signing out does', async () => {
    const admin = (await signIn(t.app, 'alpha-owner', ADMIN_PASSWORD)).cookie;
    const other = (await signIn(t.app, 'alpha-owner', ADMIN_PASSWORD)).cookie;
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: { online_offline: 0 },
    });
    expect(off.statusCode).toBe(200);
    expect((await list(admin)).length).toBeGreaterThanOrEqual(2);
    const res = await end(admin, await idOf(other));
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });
});
