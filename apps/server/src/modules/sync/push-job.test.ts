import { SYNC_HEARTBEAT_MS } from '@duka/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTenant } from '../../test/tenancy-factories.js';
import { KEYS, type SyncPair, hostedPlaceholder, link, syncPair } from '../../test/sync-harness.js';
import { linkOf } from './link-local.js';
import { BACKOFF_CAP_MS, PushJob, backoffMs } from './push-job.js';

describe('the push backoff', () => {
  it('waits a random time in [1 s, min(5 min, 2 s·2^(n−1))], full jitter', () => {
    for (let n = 1; n <= 12; n++) {
      const ceiling = Math.min(BACKOFF_CAP_MS, 2000 * 2 ** (n - 1));
      expect(backoffMs(n, null, () => 0)).toBe(1000);
      expect(backoffMs(n, null, () => 0.999_999)).toBeLessThanOrEqual(ceiling);
      expect(backoffMs(n, null, () => 0.999_999)).toBeGreaterThan(ceiling * 0.99);
    }
    expect(backoffMs(30, null, () => 0.5)).toBe(BACKOFF_CAP_MS / 2);
  });

  it("honours the hosted server's Retry-After when it is longer, up to the cap", () => {
    expect(backoffMs(1, 60_000, () => 0.5)).toBe(60_000);
    expect(backoffMs(1, 3_600_000, () => 0.5)).toBe(BACKOFF_CAP_MS);
    expect(backoffMs(10, 1_000, () => 0.5)).toBe(150_000);
  });
});

describe('the push job', () => {
  let p: SyncPair;
  let businessId: string;
  beforeEach(async () => {
    p = await syncPair();
    businessId = (await buildTenant(p.local, 'Shop')).businessId;
    await link(p, businessId, await hostedPlaceholder(p.hosted, 'Shop'));
  });
  afterEach(async () => {
    await p.close();
  });
  const job = () =>
    new PushJob({
      db: p.local.db,
      keys: KEYS,
      now: () => p.local.clock.now(),
      log: { warn: () => {}, error: () => {} },
    });
  const row = async () => (await linkOf(p.local.db, businessId))!;

  it('sends what waits on its next tick, then says hello only after 5 minutes of quiet', async () => {
    const j = job();
    await j.tick();
    expect(Number((await row()).push_cursor)).toBeGreaterThan(0);
    expect((await row()).state).toBe('active');
    const contact = (await row()).last_contact_at;
    p.local.clock.advance(60_000);
    await j.tick();
    expect((await row()).last_contact_at).toBe(contact);
    p.local.clock.advance(SYNC_HEARTBEAT_MS);
    await j.tick();
    expect((await row()).last_contact_at).not.toBe(contact);
    const hosted = await p.hosted.db.kysely
      .selectFrom('sync_servers')
      .select('last_contact_at')
      .executeTakeFirstOrThrow();
    expect(hosted.last_contact_at).not.toBeNull();
  });

  it('records a failure once, backs off instead of retrying on every tick, and clears it on success', async () => {
    const url = (await row()).hosted_url;
    await p.local.db.kysely.updateTable('sync_links').set({ hosted_url: 'http://127.0.0.1:9' }).execute();
    const j = job();
    await j.tick();
    const failed = await row();
    expect(failed.last_error_code).toBe('sync_unreachable');
    expect(failed.failing_since).not.toBeNull();
    await j.tick();
    expect((await row()).last_attempt_at).toBe(failed.last_attempt_at);
    await p.local.db.kysely.updateTable('sync_links').set({ hosted_url: url }).execute();
    await job().tick();
    expect(await row()).toMatchObject({ failing_since: null, last_error_code: null, state: 'active' });
  });

  it('sends at once when the hosted site, out of reach at the last try, answered a pull since (not after the rest of its backoff)', async () => {
    const url = (await row()).hosted_url;
    await p.local.db.kysely.updateTable('sync_links').set({ hosted_url: 'http://127.0.0.1:9' }).execute();
    const j = job();
    await j.tick();
    const failed = await row();
    expect(failed.last_error_code).toBe('sync_unreachable');
    // back, but nothing heard from it yet: the backoff holds
    await p.local.db.kysely.updateTable('sync_links').set({ hosted_url: url }).execute();
    await j.tick();
    expect((await row()).last_attempt_at).toBe(failed.last_attempt_at);
    // the pull job hears from it
    p.local.clock.advance(1_000);
    await p.local.db.kysely
      .updateTable('sync_links')
      .set({ last_contact_at: p.local.clock.now().toISOString() })
      .execute();
    await j.tick();
    expect(await row()).toMatchObject({ failing_since: null, last_error_code: null, state: 'active' });
    expect(Number((await row()).push_cursor)).toBeGreaterThan(0);
  });
});
