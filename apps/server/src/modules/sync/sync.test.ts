import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../../test/factories.js';
import { buildTenant } from '../../test/tenancy-factories.js';
import { journalHead } from './batch.js';
import { linkOf } from './link-local.js';
import { type SyncPair, businessDigest, hostedPlaceholder, link, pushAll, syncPair } from './sync-harness.js';

describe('sync, part 1: a shop pushes its whole business to the hosted server', () => {
  let p: SyncPair;
  beforeEach(async () => {
    p = await syncPair();
  });
  afterEach(async () => {
    await p.close();
  });

  it('copies a business with a record of every kind; the hosted copy equals the shop table by table', async () => {
    const shop = await buildTenant(p.local, 'Shop');
    const placeholder = await hostedPlaceholder(p.hosted, 'Shop');
    await link(p, shop.businessId, placeholder);
    const outcome = await pushAll(p, shop.businessId);
    expect(outcome).toMatchObject({ kind: 'caught_up' });
    const local = await businessDigest(p.local.db, shop.businessId, p.dir);
    const hosted = await businessDigest(p.hosted.db, shop.businessId, p.dir);
    expect(hosted).toEqual(local);
    const row = await linkOf(p.local.db, shop.businessId);
    expect(Number(row!.push_cursor)).toBe(await journalHead(p.local.db, shop.businessId));
    expect(row!.state).toBe('active');
    // The placeholder is gone; the shop's owner signs in on the hosted site with the shop's password.
    const gone = await p.hosted.db.kysely
      .selectFrom('businesses')
      .select('id')
      .where('id', '=', placeholder)
      .execute();
    expect(gone).toEqual([]);
    const owner = await signIn(p.hosted.app, shop.logins.admin, 'owner-pass-1', 'WEB-1');
    expect(owner.session.business.id).toBe(shop.businessId);
    expect(owner.session.synced_from_shop).toBe(true);
  });

  it('sends later writes in small batches and changes nothing when a batch is sent again', async () => {
    const shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    const first = await pushAll(p, shop.businessId, 1);
    expect(first.kind).toBe('caught_up');
    const row = await linkOf(p.local.db, shop.businessId);
    // The same range again, as after a lost answer: already applied, nothing doubled.
    await p.local.db.kysely
      .updateTable('sync_links')
      .set({ push_cursor: 0, push_cursor_entry_id: null })
      .execute();
    const again = await pushAll(p, shop.businessId, 1);
    expect(again.kind).toBe('caught_up');
    const after = await linkOf(p.local.db, shop.businessId);
    expect(Number(after!.push_cursor)).toBe(Number(row!.push_cursor));
    await pushAll(p, shop.businessId);
    expect(await businessDigest(p.hosted.db, shop.businessId, p.dir)).toEqual(
      await businessDigest(p.local.db, shop.businessId, p.dir),
    );
  });
});
