import type { WorkDraft } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, STAFF_PASSWORD, buildUser, signIn, signedInBusiness } from '../../test/factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * "Sign out on other devices" (POST /api/auth/logout-others) on a hosted server, where many
 * businesses share the sessions table: only the signed-in user's other sessions end.
 */
describe('signing out on other devices', () => {
  let t: TestApp;
  /** The admin of business A (B, on the same server, is signed in by name). */
  let ownerA: string;
  let cashier: string;

  const logoutOthers = (cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-others',
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
  const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });
  const till = async (device?: string) => (await signIn(t.app, cashier, STAFF_PASSWORD, device)).cookie;
  const journal = () =>
    t.db.kysely
      .selectFrom('journal')
      .select(['business_id', 'user_id', 'doc_type', 'doc_id', 'device_id', 'detail'])
      .where('action', '=', 'auth.logout_others')
      .execute();

  const business = (name: string, username: string) => signedInBusiness(t, name, username);

  beforeAll(async () => {
    t = await buildTestApp({ mode: 'hosted' });
    ownerA = (await business('Alpha Traders', 'alpha-owner')).cookie;
    await business('Beta Traders', 'beta-owner');
    cashier = (await buildUser(t.app, ownerA, { username: 'amina' })).username;
  });
  afterAll(() => t.close());

  it("ends the user's other sessions only, keeps this one, answers how many, and a second call ends none", async () => {
    // a session idle past the limit (12 hours) has ended by itself: it is not counted
    const stale = await till();
    t.clock.advance(13 * 3600_000);
    const pc = await till('AABBCCDDEE01');
    const phone = await till('AABBCCDDEE02');
    const laptop = await till();
    for (const c of [pc, phone, laptop]) expect((await me(c)).statusCode).toBe(200);
    // another user of the business, and the admin of another business, each on two devices
    const ownerA2 = (await signIn(t.app, 'alpha-owner', ADMIN_PASSWORD)).cookie;
    const ownerA3 = (await signIn(t.app, 'alpha-owner', ADMIN_PASSWORD)).cookie;
    const ownerB2 = (await signIn(t.app, 'beta-owner', ADMIN_PASSWORD)).cookie;
    // the phone has a cart open
    const cartId = v7();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/work-drafts/${cartId}`,
      headers: { cookie: phone },
      payload: { kind: 'cart', body: { lines: [{ i: 1 }] } },
    });
    expect(saved.statusCode).toBe(200);

    const first = await logoutOthers(pc, { 'x-device-id': 'AABBCCDDEE01' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ended: 2 });

    expect((await me(pc)).statusCode).toBe(200);
    for (const c of [phone, laptop, stale]) {
      const res = await me(c);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('session_expired');
    }
    for (const c of [ownerA2, ownerA3, ownerB2]) expect((await me(c)).statusCode).toBe(200);

    // recorded once in the business's journal, as signing out is: the session that asked
    const pcSession = await t.db.kysely
      .selectFrom('sessions')
      .select(['id', 'business_id', 'user_id'])
      .where('device_id', '=', 'AABBCCDDEE01')
      .executeTakeFirstOrThrow();
    expect(await journal()).toEqual([
      {
        business_id: pcSession.business_id,
        user_id: pcSession.user_id,
        doc_type: 'session',
        doc_id: pcSession.id,
        device_id: 'AABBCCDDEE01',
        detail: JSON.stringify({ ended: 2 }),
      },
    ]);

    const again = await logoutOthers(pc);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ended: 0 });
    expect(await journal()).toHaveLength(1);
    expect((await me(pc)).statusCode).toBe(200);

    // the phone's open cart is kept: it comes back to this till, which has none of its own
    const drafts = (await t.app.inject({ url: '/api/work-drafts', headers: { cookie: pc } })).json<
      WorkDraft[]
    >();
    expect(drafts.map((d) => [d.id, d.kind, d.elsewhere ?? false])).toEqual([[cartId, 'cart', false]]);

    // the admin's own call ends the admin's other session, and neither the cashier's nor B's
    expect((await logoutOthers(ownerA2)).json()).toEqual({ ended: 1 });
    expect((await me(ownerA2)).statusCode).toBe(200);
    expect((await me(ownerA3)).statusCode).toBe(401);
    expect((await me(pc)).statusCode).toBe(200);
    expect((await me(ownerB2)).statusCode).toBe(200);
  });

  it('is refused signed out (401), with an ended session (401) and from another site (403)', async () => {
    const none = await logoutOthers();
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('unauthorized');

    const pc = await till();
    const phone = await till();
    expect((await logoutOthers(pc)).json()).toEqual({ ended: expect.any(Number) });
    const ended = await logoutOthers(phone);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.code).toBe('session_expired');

    const other = await till();
    const crossSite = await logoutOthers(pc, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('cross_site_request');
    expect((await me(other)).statusCode).toBe(200);
  });

  it('two devices asking at once take turns: one is signed out, the other stays', async () => {
    const a = await till();
    await logoutOthers(a); // the earlier tests' sessions
    const b = await till();
    const c = await till();
    const [ra, rb] = await Promise.all([logoutOthers(a), logoutOthers(b)]);
    const codes = [ra.statusCode, rb.statusCode].sort();
    expect(codes, `${ra.body} ${rb.body}`).toEqual([200, 401]);
    const winner = ra.statusCode === 200 ? a : b;
    expect((ra.statusCode === 200 ? ra : rb).json()).toEqual({ ended: 2 });
    const alive = [];
    for (const x of [a, b, c]) if ((await me(x)).statusCode === 200) alive.push(x);
    expect(alive).toEqual([winner]);
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
    const res = await logoutOthers(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ ended: number }>().ended).toBeGreaterThanOrEqual(1);
    expect((await me(other)).statusCode).toBe(401);
  });
});
