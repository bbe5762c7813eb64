import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { linkedShopKit } from '../../test/sync-apply-kit.js';
import { KEYS, hostedPlaceholder, syncPair } from '../../test/sync-harness.js';
import { buildTenant } from '../../test/tenancy-factories.js';
import { NAME_CLASHES_MAX } from '../users/name-clashes.js';
import { SyncCallError } from './client.js';
import { makeLinkCode } from './link-hosted.js';
import { linkToHosted } from './link-local.js';

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

/**
 * Usernames are the server's, so a push answers which of its users' names another business holds:
 * those answers are counted with the users API's (users/name-clashes.ts), and past the limit the
 * batch's users are set aside as `names_limited`, taken or not, so no push lists another
 * business's users.
 */
describe("names another hosted business holds, asked through a linked shop's push", () => {
  const kit = linkedShopKit();

  it('answers no more taken names in an hour than the users API would: a batch past the limit is refused whole', async () => {
    const { p, shop, batchFrom, push, refused } = kit;
    const other = await buildTenant(p.hosted, 'Other');
    const taken = Array.from(
      { length: NAME_CLASHES_MAX + 5 },
      (_, i) => `other_${String(i).padStart(2, '0')}`,
    );
    await hostedUsersNamed(p.hosted, other.businessId, taken);
    // the shop makes users of those names (free on its own server)
    for (const name of taken) await buildUser(p.local.app, shop.admin, { username: name });
    const batch = await batchFrom(0, null, 5000);
    const err = await refused(batch);
    expect(err.code).toBe('rate_limited');
    expect(err.message).not.toMatch(/other_/);
    // nothing of it was applied, nothing counted: the same batch is refused the same way
    expect((await refused(batch)).code).toBe('rate_limited');
    // a batch within the limit is answered, and counted
    const within = await batchFrom(0, null, 5000);
    await p.hosted.db.kysely
      .deleteFrom('users')
      .where('username', 'in', taken.slice(NAME_CLASHES_MAX))
      .execute();
    const answer = await push(within);
    const reasons = answer.quarantined.filter((q) => q.doc_type === 'user').map((q) => q.reason);
    expect(reasons).toHaveLength(NAME_CLASHES_MAX);
    expect(new Set(reasons)).toEqual(new Set(['username_taken']));
  }, 120_000);

  it('answers a few taken names as before, and counts them', async () => {
    const { p, shop, batchFrom, push } = kit;
    const other = await buildTenant(p.hosted, 'Other');
    await hostedUsersNamed(p.hosted, other.businessId, ['other_a', 'other_b']);
    for (const name of ['other_a', 'other_b', 'shop_free'])
      await buildUser(p.local.app, shop.admin, { username: name });
    const answer = await push(await batchFrom(0, null, 5000));
    const reasons = answer.quarantined.filter((q) => q.doc_type === 'user').map((q) => q.reason);
    expect(reasons).toEqual(['username_taken', 'username_taken']);
    const counted = await p.hosted.db.kysely
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', '=', `names:${shop.businessId}`)
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(2);
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
