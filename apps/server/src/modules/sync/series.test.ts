import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Branches, branchesOfShop } from '../../test/series-branches.js';
import { exportBusiness, importArchive } from '../../backup/archive.js';
import { migrate, openDatabase } from '../../db/database.js';
import { ADMIN_PASSWORD, signIn } from '../../test/factories.js';
import { type Shop, sold } from '../../test/sales-factories.js';
import { type SyncPair, pushAll } from '../../test/sync-harness.js';
import { TEST_KEY_ENCRYPTION_KEY, type TestApp, buildTestApp } from '../../test/test-app.js';
import { revokeServer } from './link-hosted.js';
import { linkOf, serverIdOf } from './link-local.js';
import { hostedSeries, writerReceiptNo, writerSeries } from './series.js';
import { syncStatus } from './status.js';
import { seriesCode } from './series-codes.js';

/**
 * Receipt series (ADR 11 §11.2): the shop that brought the business keeps `''`, each further
 * server linked to it gets the next free letter, a revoked server's replacement takes its series
 * with the counter raised past the numbers already written in it, and the hosted site takes one
 * the first time it is asked. Branches here are shop servers restored from the shop's archive
 * (their own SQLite files), linked to the same hosted business over real HTTP.
 */
describe('receipt series: one per server of a business', () => {
  let s: Branches;
  let p: SyncPair;
  let shop: Shop;
  let businessId: string;
  let branch: Branches['branch'];
  let linkBranch: Branches['linkBranch'];
  beforeEach(async () => {
    s = await branchesOfShop('Series');
    ({ p, shop, businessId, branch, linkBranch } = s);
  });
  afterEach(() => s.close());

  const sell = async (app: TestApp, cookie: string) =>
    (
      await sold(app.app, cookie, {
        kind: 'cash',
        location_id: shop.shop.id,
        lines: [{ product_id: shop.bread.id, quantity: 1000 }],
        tendered: 10_000,
      })
    ).receipt_no;

  it('gives the shop that brought the business no letter, and each further server the next one', async () => {
    expect((await linkOf(p.local.db, businessId))!.series).toBe('');
    expect(await sell(p.local, shop.admin)).toBe('000001');

    const b = await branch('b');
    expect(await linkBranch(b.app)).toBe('B');
    expect(await sell(b.app, b.cookie)).toBe('B000001');
    expect(await sell(b.app, b.cookie)).toBe('B000002');
    const c = await branch('c');
    expect(await linkBranch(c.app)).toBe('C');
    expect(await sell(c.app, c.cookie)).toBe('C000001');
    // The shop goes on with its own numbers.
    expect(await sell(p.local, shop.admin)).toBe('000002');

    const rows = await p.hosted.db.kysely
      .selectFrom('sync_servers')
      .select(['id', 'series'])
      .where('business_id', '=', businessId)
      .orderBy('series')
      .execute();
    expect(rows).toEqual([
      { id: await serverIdOf(p.local.db), series: '' },
      { id: await serverIdOf(b.app.db), series: 'B' },
      { id: await serverIdOf(c.app.db), series: 'C' },
    ]);
  });

  it("gives a revoked server's series to its replacement, which numbers after what it wrote", async () => {
    const b = await branch('b');
    expect(await linkBranch(b.app)).toBe('B');
    for (let i = 0; i < 3; i++) await sell(b.app, b.cookie);
    expect((await pushAll({ ...p, local: b.app }, businessId)).kind).toBe('caught_up');
    await revokeServer(p.hosted.db, businessId, await serverIdOf(b.app.db), null, new Date().toISOString());

    // The replacement PC was restored from a copy that has none of B's sales.
    const d = await branch('d');
    expect(await linkBranch(d.app)).toBe('B');
    expect(await sell(d.app, d.cookie)).toBe('B000004');
    // A further server still gets a new letter: B is taken again.
    const e = await branch('e');
    expect(await linkBranch(e.app)).toBe('C');
  });

  it('raises the counter past the numbers of the series the server already holds', async () => {
    const b = await branch('b');
    expect(await linkBranch(b.app)).toBe('B');
    for (let i = 0; i < 2; i++) await sell(b.app, b.cookie);
    // B dies before it pushed; its backup is restored on a new PC, and B's link is revoked.
    const file = path.join(p.dir, 'b-backup.duka.gz');
    await exportBusiness(b.app.db, businessId, file, new Date(), undefined, TEST_KEY_ENCRYPTION_KEY);
    await revokeServer(p.hosted.db, businessId, await serverIdOf(b.app.db), null, new Date().toISOString());
    const db = openDatabase({ sqliteFile: path.join(p.dir, 'f.db') });
    await migrate(db);
    await importArchive(db, file, TEST_KEY_ENCRYPTION_KEY);
    const f = await buildTestApp({ mode: 'local' }, { db, dispose: () => db.close() });
    s.keep(f);
    expect(await linkBranch(f)).toBe('B');
    expect(await sell(f, (await signIn(f.app, 'owner', ADMIN_PASSWORD)).cookie)).toBe('B000003');
  });

  it('finds a receipt of a series by its letters and number without the zeros', async () => {
    const b = await branch('b');
    await linkBranch(b.app);
    const no = await sell(b.app, b.cookie);
    for (const typed of ['B1', 'b1', 'B000001', '%23B1']) {
      const res = await b.app.app.inject({ url: `/api/receipts/${typed}`, headers: { cookie: b.cookie } });
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ type: 'sale', receipt_no: no });
      const sale = await b.app.app.inject({
        url: `/api/sales/by-receipt/${typed}`,
        headers: { cookie: b.cookie },
      });
      expect(sale.statusCode, sale.body).toBe(200);
    }
    // "1" is the shop's 000001, not B's.
    const plain = await b.app.app.inject({ url: '/api/receipts/1', headers: { cookie: b.cookie } });
    expect(plain.statusCode).toBe(404);
  });

  it('gives the hosted site its own series once, which its writes use', async () => {
    const b = await branch('b');
    await linkBranch(b.app);
    const k = p.hosted.db.kysely;
    // The hosted site's first numbered write for a business a shop keeps takes its series.
    const first = await k.transaction().execute((trx) => writerSeries(trx, businessId));
    expect(first).toBe('C');
    expect(await k.transaction().execute((trx) => hostedSeries(trx, businessId))).toBe('C');
    expect(await k.transaction().execute((trx) => writerSeries(trx, businessId))).toBe('C');
    // Its first number makes the series' counter; the next moves it (on PostgreSQL in one statement).
    const next = () => k.transaction().execute((trx) => writerReceiptNo(trx, businessId));
    expect(await next()).toBe('C000001');
    expect(await next()).toBe('C000002');
    // Nothing can sign in as the hosted site's row, and it is never revoked as a server.
    const own = await k
      .selectFrom('sync_servers')
      .select(['id', 'credential_hash'])
      .where('hosted', '=', 1)
      .executeTakeFirstOrThrow();
    expect(own.credential_hash).not.toMatch(/^[0-9a-f]{64}$/);
    await expect(
      revokeServer(p.hosted.db, businessId, own.id, null, new Date().toISOString()),
    ).rejects.toThrow(/No such server/);
    // The owner's list of servers shows the shop servers only.
    const status = await syncStatus(p.hosted.db, businessId, 'hosted');
    expect(status.role === 'hosted' && status.servers.map((x) => x.id)).not.toContain(own.id);
    // A branch linked later takes the next letter.
    const d = await branch('d');
    expect(await linkBranch(d.app)).toBe('D');
  });
});

describe('series codes', () => {
  it('count B to Z without A, I and O, then two letters', () => {
    expect([0, 1, 2, 8, 23, 24, 25, 47].map(seriesCode)).toEqual(['', 'B', 'C', 'J', 'Z', 'BB', 'BC', 'CB']);
    const codes = new Set(Array.from({ length: 600 }, (_, i) => seriesCode(i)));
    expect(codes.size).toBe(600);
  });
});
