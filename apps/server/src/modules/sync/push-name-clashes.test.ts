import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { linkedShopKit } from '../../test/sync-apply-kit.js';
import { KEYS, hostedPlaceholder, pullAll, pushAll, syncPair } from '../../test/sync-harness.js';
import { buildTenant } from '../../test/tenancy-factories.js';
import { NAME_CLASHES_MAX } from '../users/name-clashes.js';
import { SyncCallError } from './client.js';
import { makeLinkCode } from './link-hosted.js';
import { linkOf, linkToHosted } from './link-local.js';
import { journalHead } from './batch.js';

/** Users of these names in a business of the hosted server (what a probe would ask about). */
async function hostedUsersNamed(
  hosted: Awaited<ReturnType<typeof syncPair>>['hosted'],
  businessId: string,
  names: string[],
) {
  const template = await hosted.db.kysely
    .selectFrom('users')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  for (const [i, name] of names.entries())
    await hosted.db.kysely
      .insertInto('users')
      .values({
        ...template,
        id: `0193c000-0000-7000-8000-${String(i).padStart(12, '0')}`,
        username: name,
        username_key: name,
        mobile: null,
      })
      .execute();
}

/** The business's counted answers that a name is taken, this hour and before. */
async function countedNames(hosted: Awaited<ReturnType<typeof syncPair>>['hosted'], businessId: string) {
  const row = await hosted.db.kysely
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('key', '=', `names:${businessId}`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The shop's users of these names on the hosted server. */
async function hostedShopUsers(
  hosted: Awaited<ReturnType<typeof syncPair>>['hosted'],
  businessId: string,
  names: string[],
) {
  const rows = await hosted.db.kysely
    .selectFrom('users')
    .select('username')
    .where('business_id', '=', businessId)
    .where('username', 'in', names)
    .execute();
  return rows.map((r) => r.username).sort();
}

const HOUR = 60 * 60_000;
const takenNames = (n: number) => Array.from({ length: n }, (_, i) => `other_${String(i).padStart(2, '0')}`);

/**
 * Usernames are the server's, so a push answers which of its users' names another business holds:
 * those answers are counted with the users API's (users/name-clashes.ts). Past the limit a batch
 * is accepted up to its next user that asks a name, taken or not, and the shop sends the rest
 * again once the hour allows (taken-logins.ts `answerNames`): no push lists another business's
 * users, and none is refused for ever.
 */
describe("names another hosted business holds, asked through a linked shop's push", () => {
  const kit = linkedShopKit();

  it('answers the first 20 taken names of a batch, accepts it up to the next user, and takes the rest an hour later', async () => {
    const { p, shop, batchFrom, push, refused } = kit;
    const other = await buildTenant(p.hosted, 'Other');
    const taken = takenNames(NAME_CLASHES_MAX + 5);
    await hostedUsersNamed(p.hosted, other.businessId, taken);
    // the shop makes users of those names (free on its own server), then a product
    const users = [];
    for (const name of taken) users.push(await buildUser(p.local.app, shop.admin, { username: name }));
    const product = await p.local.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: shop.admin },
      payload: { name: 'Made after the users', code: 'AFTER1', price: 1000, tax_rate: 0 },
    });
    expect(product.statusCode, product.body).toBe(201);
    const batch = await batchFrom(0, null, 5000);
    const answer = await push(batch);
    const reasons = answer.quarantined.filter((q) => q.doc_type === 'user').map((q) => q.reason);
    expect(reasons).toEqual(Array.from({ length: NAME_CLASHES_MAX }, () => 'username_taken'));
    expect(await countedNames(p.hosted, shop.businessId)).toBe(NAME_CLASHES_MAX);
    // accepted up to the 21st user's first entry: the shop sends the rest again from there
    expect(answer.cursor.seq).toBeLessThan(batch.to.seq);
    const next = batch.entries.find((e) => e.seq > answer.cursor.seq)!;
    expect(next).toMatchObject({ doc_type: 'user', doc_id: users[NAME_CLASHES_MAX]!.id });
    expect(batch.entries.find((e) => e.seq === answer.cursor.seq)?.id).toBe(answer.cursor.entry_id);
    // the waiting users are neither written nor set aside; the product made after them is written
    expect(await hostedShopUsers(p.hosted, shop.businessId, taken)).toEqual([]);
    const quarantined = await p.hosted.db.kysely.selectFrom('sync_quarantine').select('doc_id').execute();
    expect(quarantined.map((q) => q.doc_id).sort()).toEqual(
      users
        .slice(0, NAME_CLASHES_MAX)
        .map((u) => u.id)
        .sort(),
    );
    const written = await p.hosted.db.kysely
      .selectFrom('products')
      .select('code')
      .where('business_id', '=', shop.businessId)
      .where('code', '=', 'AFTER1')
      .execute();
    expect(written).toHaveLength(1);
    // the rest starts with a user: refused until the oldest answer leaves the hour
    const rest = await batchFrom(answer.cursor.seq, answer.cursor.entry_id, 5000);
    const err = await refused(rest);
    expect(err.code).toBe('sync_names_limited');
    expect(err.message).not.toMatch(/other_/);
    expect(err.retryAfterMs).toBeGreaterThan(HOUR - 60_000);
    expect(err.retryAfterMs).toBeLessThanOrEqual(HOUR);
    // a free name waits as a taken one does: the refusal tells neither
    await p.hosted.db.kysely
      .deleteFrom('users')
      .where('username', 'in', taken.slice(NAME_CLASHES_MAX))
      .execute();
    expect((await refused(rest)).code).toBe('sync_names_limited');
    expect(await countedNames(p.hosted, shop.businessId)).toBe(NAME_CLASHES_MAX);
    // an hour later the rest goes through: its names, free now, are written
    p.hosted.clock.advance(HOUR + 1000);
    const after = await push(rest);
    expect(after.cursor).toEqual(rest.to);
    expect(after.quarantined).toEqual([]);
    expect(await hostedShopUsers(p.hosted, shop.businessId, taken)).toEqual(taken.slice(NAME_CLASHES_MAX));
  }, 120_000);

  it("goes on by itself: the shop's push stops at the limit, says why, and finishes once the hour allows", async () => {
    const { p, shop } = kit;
    const other = await buildTenant(p.hosted, 'Other');
    const taken = takenNames(NAME_CLASHES_MAX + 2);
    await hostedUsersNamed(p.hosted, other.businessId, taken);
    for (const name of taken) await buildUser(p.local.app, shop.admin, { username: name });
    const first = await pushAll(p, shop.businessId);
    expect(first).toMatchObject({ kind: 'failed', code: 'sync_names_limited' });
    expect(first.kind === 'failed' && first.retryAfterMs).toBeGreaterThan(0);
    const link = (await linkOf(p.local.db, shop.businessId))!;
    expect(link.last_error_code).toBe('sync_names_limited');
    expect(Number(link.push_cursor)).toBeGreaterThan(0);
    expect(Number(link.push_cursor)).toBeLessThan(await journalHead(p.local.db, shop.businessId));
    // a pull that reaches the hosted site does not hide it: the push still fails, and says why
    await pullAll(p, p.local, shop.businessId);
    expect(await linkOf(p.local.db, shop.businessId)).toMatchObject({
      last_error_code: 'sync_names_limited',
      failing_since: link.failing_since,
    });
    p.hosted.clock.advance(HOUR + 1000);
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const reasons = await p.hosted.db.kysely
      .selectFrom('sync_quarantine')
      .select('reason')
      .where('business_id', '=', shop.businessId)
      .execute();
    expect(reasons).toHaveLength(NAME_CLASHES_MAX + 2);
    expect((await linkOf(p.local.db, shop.businessId))!.last_error_code).toBeNull();
  }, 120_000);

  it('at the limit, lets an edit of a user already there through and holds back a new one', async () => {
    const { p, shop } = kit;
    const staff = await buildUser(p.local.app, shop.admin, { username: 'shop_staff' });
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    // the business's answers for the hour are used up (by its admins on the hosted site, say)
    const now = p.hosted.clock.now().toISOString();
    await p.hosted.db.kysely
      .insertInto('login_failures')
      .values(
        Array.from({ length: NAME_CLASHES_MAX }, (_, i) => ({
          id: `0193c000-0000-7000-8000-2${String(i).padStart(11, '0')}`,
          key: `names:${shop.businessId}`,
          created_at: now,
        })),
      )
      .execute();
    const renamed = await p.local.app.inject({
      method: 'PATCH',
      url: `/api/users/${staff.id}`,
      headers: { cookie: shop.admin },
      payload: { name: 'Renamed staff' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const onHosted = await p.hosted.db.kysely
      .selectFrom('users')
      .select('name')
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(onHosted.name).toBe('Renamed staff');
    // a new user asks a name: held back, free as its name is
    await buildUser(p.local.app, shop.admin, { username: 'shop_free_two' });
    expect(await pushAll(p, shop.businessId)).toMatchObject({ kind: 'failed', code: 'sync_names_limited' });
    expect(await hostedShopUsers(p.hosted, shop.businessId, ['shop_free_two'])).toEqual([]);
  }, 120_000);

  it('answers a few taken names as before, and counts them', async () => {
    const { p, shop, batchFrom, push } = kit;
    const other = await buildTenant(p.hosted, 'Other');
    await hostedUsersNamed(p.hosted, other.businessId, ['other_a', 'other_b']);
    for (const name of ['other_a', 'other_b', 'shop_free'])
      await buildUser(p.local.app, shop.admin, { username: name });
    const batch = await batchFrom(0, null, 5000);
    const answer = await push(batch);
    const reasons = answer.quarantined.filter((q) => q.doc_type === 'user').map((q) => q.reason);
    expect(reasons).toEqual(['username_taken', 'username_taken']);
    expect(answer.cursor).toEqual(batch.to);
    expect(await countedNames(p.hosted, shop.businessId)).toBe(2);
    expect(await hostedShopUsers(p.hosted, shop.businessId, ['shop_free'])).toEqual(['shop_free']);
  }, 120_000);
});

describe('a link refused for a taken name, past the name-clash limit', () => {
  it('is refused 429 rate_limited, naming nothing', async () => {
    const p = await syncPair();
    try {
      const shop = await buildTenant(p.local, 'Shop');
      const other = await buildTenant(p.hosted, 'Other');
      await hostedUsersNamed(p.hosted, other.businessId, [shop.logins.admin]);
      const target = await hostedPlaceholder(p.hosted, 'Shop');
      const at = p.local.clock.now().toISOString();
      const attempt = async () => {
        const code = await makeLinkCode(p.hosted.db, target, null, p.hosted.clock.now());
        try {
          await linkToHosted(p.local.db, shop.businessId, p.hostedUrl, code.code, KEYS, at);
        } catch (err) {
          if (err instanceof SyncCallError) return err.code;
          if (err instanceof Error && 'code' in err) return String((err as { code: unknown }).code);
          throw err;
        }
        throw new Error('linked');
      };
      const counted = async () =>
        Number(
          (
            await p.hosted.db.kysely
              .selectFrom('login_failures')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('key', '=', `names:${target}`)
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await attempt()).toBe('link_username_taken');
      expect(await counted()).toBe(1);
      // the business's other names found taken this hour (the users API's, pushes')
      const now = p.hosted.clock.now().toISOString();
      await p.hosted.db.kysely
        .insertInto('login_failures')
        .values(
          Array.from({ length: NAME_CLASHES_MAX - 1 }, (_, i) => ({
            id: `0193c000-0000-7000-8000-1${String(i).padStart(11, '0')}`,
            key: `names:${target}`,
            created_at: now,
          })),
        )
        .execute();
      expect(await attempt()).toBe('rate_limited');
      expect(await counted()).toBe(NAME_CLASHES_MAX);
    } finally {
      await p.close();
    }
  }, 120_000);
});
