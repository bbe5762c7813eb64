import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Branches, branchesOfShop } from '../../test/series-branches.js';
import { type Shop, reversed, sold } from '../../test/sales-factories.js';
import { type SyncPair, pullAll, pushAll } from '../../test/sync-harness.js';
import type { TestApp } from '../../test/test-app.js';
import { revokeServer } from './link-hosted.js';
import { linkOf, serverIdOf } from './link-local.js';
import { quarantineList, syncStatus } from './status.js';

/**
 * The receipt series past the happy path (ADR 11 §11.2): a shop's server that unlinks keeps its
 * letter, and a revoked server that sold on in its old series after its replacement took it has
 * the clashing documents set aside (`receipt_taken`, and what refers to them `missing_reference`)
 * instead of every later batch failing on the unique index.
 */
describe('receipt series after an unlink or a revoke', () => {
  let s: Branches;
  let p: SyncPair;
  let shop: Shop;
  let businessId: string;
  let branch: Branches['branch'];
  let linkBranch: Branches['linkBranch'];
  beforeEach(async () => {
    s = await branchesOfShop('Unlink');
    ({ p, shop, businessId, branch, linkBranch } = s);
  });
  afterEach(() => s.close());

  const sell = (app: TestApp, cookie: string) =>
    sold(app.app, cookie, {
      kind: 'cash',
      location_id: shop.shop.id,
      lines: [{ product_id: shop.bread.id, quantity: 1000 }],
      tendered: 10_000,
    });

  const unlinkVia = async (b: { app: TestApp; cookie: string }) => {
    const res = await b.app.app.inject({
      method: 'POST',
      url: '/api/sync/unlink',
      headers: { cookie: b.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('keeps numbering in its letter after an unlink, and again after linking back', async () => {
    const b = await branch('b');
    expect(await linkBranch(b.app)).toBe('B');
    expect((await sell(b.app, b.cookie)).receipt_no).toBe('B000001');
    await unlinkVia(b);
    expect(await linkOf(b.app.db, businessId)).toBeUndefined();
    expect(await syncStatus(b.app.db, businessId, 'local')).toMatchObject({ linked: false, series: 'B' });
    // Not 000001 again: that number is the shop's.
    expect((await sell(b.app, b.cookie)).receipt_no).toBe('B000002');
    expect(await linkBranch(b.app)).toBe('B');
    expect((await sell(b.app, b.cookie)).receipt_no).toBe('B000003');
    expect(await b.app.db.kysely.selectFrom('kept_series').selectAll().execute()).toEqual([]);
    expect((await pushAll({ ...p, local: b.app }, businessId)).kind).toBe('caught_up');
  });

  it('sets aside the sales of a revoked server that meet its replacement’s numbers, and goes on', async () => {
    const b = await branch('b');
    expect(await linkBranch(b.app)).toBe('B');
    for (let i = 0; i < 3; i++) await sell(b.app, b.cookie);
    expect((await pushAll({ ...p, local: b.app }, businessId)).kind).toBe('caught_up');
    await revokeServer(p.hosted.db, businessId, await serverIdOf(b.app.db), null, new Date().toISOString());

    // The replacement takes B and sells B000004, not yet pushed.
    const d = await branch('d');
    expect(await linkBranch(d.app)).toBe('B');
    const replacement = await sell(d.app, d.cookie);
    expect(replacement.receipt_no).toBe('B000004');

    // Meanwhile the revoked PC sold on in its old series; it is linked back and gets a new letter.
    const stray = await sell(b.app, b.cookie);
    expect(stray.receipt_no).toBe('B000004');
    await unlinkVia(b);
    expect(await linkBranch(b.app)).toBe('C');
    expect((await sell(b.app, b.cookie)).receipt_no).toBe('C000001');
    expect((await pushAll({ ...p, local: b.app }, businessId)).kind).toBe('caught_up');

    // The replacement's B000004 meets the stray one on the hosted side: set aside, not a failure.
    const refund = await reversed(d.app.app, d.cookie, replacement.id);
    expect((await pushAll({ ...p, local: d.app }, businessId)).kind).toBe('caught_up');
    const hosted = p.hosted.db.kysely;
    const kept = await hosted
      .selectFrom('sales')
      .select(['id'])
      .where('business_id', '=', businessId)
      .where('receipt_no', '=', 'B000004')
      .execute();
    expect(kept).toEqual([{ id: stray.id }]);
    const aside = await quarantineList(p.hosted.db, businessId);
    expect(aside.map((q) => [q.doc_type, q.doc_id, q.reason]).sort()).toEqual(
      [
        ['reversal', refund.id, 'missing_reference'],
        ['sale', replacement.id, 'receipt_taken'],
      ].sort(),
    );
    expect(aside.find((q) => q.doc_id === replacement.id)?.label).toBe('B000004');

    // The owner sees each server's letter.
    const status = await syncStatus(p.hosted.db, businessId, 'hosted');
    const letters =
      status.role === 'hosted' ? status.servers.map((s) => [s.name, s.series, !!s.revoked_at]) : [];
    expect(
      letters
        .filter(([, , revoked]) => !revoked)
        .map(([, series]) => series)
        .sort(),
    ).toEqual(['', 'B', 'C']);

    // The replacement receives the stray sale and sets it aside too; its own B000004 stays.
    expect((await pullAll(p, d.app, businessId)).kind).toBe('caught_up');
    expect((await quarantineList(d.app.db, businessId)).map((q) => [q.doc_id, q.reason, q.label])).toEqual([
      [stray.id, 'receipt_taken', 'B000004'],
    ]);
    expect(await syncStatus(d.app.db, businessId, 'local')).toMatchObject({
      quarantine_here: 1,
      series: 'B',
    });

    // Later documents of the replacement still arrive.
    const later = await sell(d.app, d.cookie);
    expect((await pushAll({ ...p, local: d.app }, businessId)).kind).toBe('caught_up');
    expect(
      await hosted.selectFrom('sales').select('receipt_no').where('id', '=', later.id).executeTakeFirst(),
    ).toEqual({ receipt_no: later.receipt_no });
  });
});
