import { v7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTenant } from '../../test/tenancy-factories.js';
import { KEYS, type SyncPair, hostedPlaceholder, link, pushAll, syncPair } from '../../test/sync-harness.js';
import { buildBatch, DEFAULT_LIMITS } from './batch.js';
import { SyncCallError, callHosted } from './client.js';
import { linkOf, openCredential, serverIdOf } from './link-local.js';
import { PushJob } from './push-job.js';

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

/**
 * A shop restored from an old backup, before it sells anything: the hosted copy's cursor for it
 * names an entry its journal no longer has. The heartbeat (and the push job's first look after a
 * start) stops the link as diverged then, not at the first push of a sale made under a number the
 * hosted copy already holds.
 */
describe('a restored shop saying hello', () => {
  let p: SyncPair;
  beforeEach(async () => {
    p = await syncPair();
  });
  afterEach(async () => {
    await p.close();
  });

  it('is stopped as diverged when the hosted copy holds more of its entries than it has', async () => {
    const shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const job = new PushJob({
      db: p.local.db,
      keys: KEYS,
      now: () => p.local.clock.now(),
      log: { warn: () => {}, error: () => {} },
    });
    // a hello with everything in order changes nothing
    await job.tick();
    expect((await linkOf(p.local.db, shop.businessId))!.state).toBe('active');
    // what a restore does: this PC's journal ends before what it had pushed (here the hosted copy
    // is made to hold two entries more of this server, which the journal cannot lose)
    const serverId = await serverIdOf(p.local.db);
    const row = await p.hosted.db.kysely
      .selectFrom('sync_servers')
      .select(['cursor'])
      .where('id', '=', serverId)
      .executeTakeFirstOrThrow();
    await p.hosted.db.kysely
      .updateTable('sync_servers')
      .set({ cursor: Number(row.cursor) + 2, cursor_entry_id: v7() })
      .where('id', '=', serverId)
      .execute();
    // a new start: the first look says hello at once, though the last contact is seconds old
    await new PushJob({
      db: p.local.db,
      keys: KEYS,
      now: () => p.local.clock.now(),
      log: { warn: () => {}, error: () => {} },
    }).tick();
    expect(await linkOf(p.local.db, shop.businessId)).toMatchObject({
      state: 'diverged',
      last_error_code: 'sync_diverged',
    });
  });
});
