import type { WorkDraft } from '@duka/domain';
import { sql } from 'kysely';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/** One user signed in on two tills at once: each till keeps its own open cart (till-carts.ts). */
describe("a user's carts on two tills", () => {
  let t: TestApp;
  let owner: string;
  let login: string;

  const put = (cookie: string, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/work-drafts/${id}`, headers: { cookie }, payload });
  const list = async (cookie: string) =>
    (await t.app.inject({ url: '/api/work-drafts', headers: { cookie } })).json<WorkDraft[]>();
  const cart = (lines: number) => ({ lines: Array.from({ length: lines }, (_, i) => ({ i })) });
  /** What a till is given: [id, kind, elsewhere] of each draft, sorted by id. */
  const seen = async (cookie: string) =>
    (await list(cookie)).map((d) => [d.id, d.kind, d.elsewhere ?? false, d.slot]).sort();
  const till = async () => (await signIn(t.app, login, STAFF_PASSWORD)).cookie;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = (await buildBusiness(t.app)).cookie;
    login = (await buildUser(t.app, owner)).username;
  });
  afterAll(() => t.close());

  it("keeps both tills' carts: each is given its own as the cart and the other's as parked, elsewhere", async () => {
    const pc = await till();
    const phone = await till();
    const a = v7();
    const b = v7();
    expect((await put(pc, a, { kind: 'cart', body: cart(2) })).json()).toMatchObject({ slot: '' });
    expect((await put(phone, b, { kind: 'cart', body: cart(1) })).statusCode).toBe(200);
    // the PC saves again after the phone's save: the phone's cart stays (it was dropped before)
    expect((await put(pc, a, { kind: 'cart', body: cart(3) })).statusCode).toBe(200);

    expect(await seen(pc)).toEqual(
      [
        [a, 'cart', false, ''],
        [b, 'parked', true, ''],
      ].sort(),
    );
    expect(await seen(phone)).toEqual(
      [
        [a, 'parked', true, ''],
        [b, 'cart', false, ''],
      ].sort(),
    );
    expect((await list(pc)).find((d) => d.id === a)!.body).toEqual(cart(3));

    // one till's next cart (its sale done) replaces its own, never the other till's
    const c = v7();
    await put(pc, c, { kind: 'cart', body: cart(1) });
    expect((await seen(phone)).map((d) => d[0])).toEqual([b, c].sort());

    // the phone takes the PC's cart over (resumed there): it is the phone's from then on
    await put(phone, c, { kind: 'cart', body: cart(1) });
    expect(await seen(phone)).toEqual([[c, 'cart', false, '']]);
    for (const cookie of [pc, phone]) {
      for (const d of await list(cookie))
        await t.app.inject({ method: 'DELETE', url: `/api/work-drafts/${d.id}`, headers: { cookie } });
    }
  });

  it('a till signed out leaves its cart to the next sign-in; one still signed in keeps its own', async () => {
    const pc = await till();
    const phone = await till();
    const a = v7();
    const b = v7();
    await put(pc, a, { kind: 'cart', body: cart(2) });
    await put(phone, b, { kind: 'cart', body: cart(1) });
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: pc } });

    // the phone keeps its own cart; the signed-out PC's is listed parked, no longer open elsewhere
    expect(await seen(phone)).toEqual(
      [
        [a, 'parked', false, ''],
        [b, 'cart', false, ''],
      ].sort(),
    );
    // a new sign-in with no cart of its own is given the cart nobody holds, not the phone's
    const laptop = await till();
    expect(await seen(laptop)).toEqual(
      [
        [a, 'cart', false, ''],
        [b, 'parked', true, ''],
      ].sort(),
    );
    // a till idle past the limit has ended too: its cart is no longer anyone's
    await t.db.kysely
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 30 * 24 * 3600_000).toISOString() })
      .where('revoked_at', 'is', null)
      .where(sql<boolean>`1 = 1`)
      .execute();
    const next = await till();
    expect((await list(next)).filter((d) => d.elsewhere)).toEqual([]);
  });

  it('gives back a cart saved before carts were kept per till (no session) as the cart', async () => {
    const pc = await till();
    for (const d of await list(pc))
      await t.app.inject({ method: 'DELETE', url: `/api/work-drafts/${d.id}`, headers: { cookie: pc } });
    const old = v7();
    await put(pc, old, { kind: 'cart', body: cart(1) });
    await t.db.kysely.updateTable('work_drafts').set({ slot: '' }).where('id', '=', old).execute();
    const other = await till();
    expect(await seen(other)).toEqual([[old, 'cart', false, '']]);
  });

  it("never names a session: a cart's slot is '' whatever the till sent", async () => {
    const pc = await till();
    const id = v7();
    const res = await put(pc, id, { kind: 'cart', slot: 'my-own-slot', body: cart(1) });
    expect(res.json()).toMatchObject({ id, kind: 'cart', slot: '' });
    const stored = await t.db.kysely
      .selectFrom('work_drafts')
      .select('slot')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const session = await t.db.kysely
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', stored.slot)
      .executeTakeFirst();
    expect(session).toBeDefined();
    expect(JSON.stringify(await list(pc))).not.toContain(stored.slot);
  });
});
