import { v7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTenant } from '../../test/tenancy-factories.js';
import { KEYS, type SyncPair, hostedPlaceholder, link, pushAll, syncPair } from '../../test/sync-harness.js';
import { buildBatch, DEFAULT_LIMITS } from './batch.js';
import { SyncCallError, callHosted } from './client.js';
import { linkOf, openCredential, serverIdOf } from './link-local.js';

/**
 * A shop restored from an old backup writes new entries under numbers it had already pushed. A
 * batch sent again (its answer lost) is answered "already applied" only when its entries are the
 * ones applied at those numbers; other entries under them are a journal that diverged, which the
 * hosted copy must not take for one it has (it would keep sales the shop no longer has, and never
 * get its new ones).
 */
describe('a batch sent again', () => {
  let p: SyncPair;
  beforeEach(async () => {
    p = await syncPair();
  });
  afterEach(async () => {
    await p.close();
  });

  it('is already applied when its entries are the ones applied; diverged when other entries hold their numbers', async () => {
    const shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    const first = await buildBatch(
      {
        db: p.local.db,
        businessId: shop.businessId,
        serverId: await serverIdOf(p.local.db),
        keys: KEYS,
        limits: DEFAULT_LIMITS,
      },
      { seq: 0, entry_id: null },
    );
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const credential = openCredential((await linkOf(p.local.db, shop.businessId))!, KEYS);
    const push = (body: unknown) =>
      callHosted(p.hostedUrl, '/api/sync/v1/push', body, { credential, timeoutMs: 10_000 });
    // the first batch again, as after a lost answer
    expect(await push(first)).toMatchObject({ result: 'already_applied' });
    // the same numbers with other entries: what a restored shop would send
    const entries = first!.entries.map((e) => ({ ...e, id: v7() }));
    const restored = { ...first!, entries, to: { seq: first!.to.seq, entry_id: entries.at(-1)!.id } };
    const refusal = await push(restored).then(
      () => 'accepted',
      (err: unknown) => (err instanceof SyncCallError ? err.code : String(err)),
    );
    expect(refusal).toBe('sync_diverged');
  });
});
