import { businessDay, dayStart } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { ADMIN_PASSWORD, signIn } from '../../test/factories.js';
import { buildProduct, buildSupplier, received } from '../../test/stock-factories.js';
import {
  type SyncPair,
  addBranch,
  hostedPlaceholder,
  join,
  link,
  pullAll,
  pushAll,
  pushFrom,
  syncPair,
} from '../../test/sync-harness.js';
import type { TestApp } from '../../test/test-app.js';
import { buildTenant } from '../../test/tenancy-factories.js';

/**
 * A shop receives stock and finalises a count half an hour after a Nairobi midnight, and has not
 * pushed yet when a branch PC moves the business's zone to UTC (where that instant is the evening
 * before) and pushes that first. The hosted copy then reads the new zone before the stock document
 * and the count arrive: their movements take the day their journal entries name (ADR 6), the
 * shop's, not the day of their instant in the zone the copy has by then. The shop pushes one entry
 * a batch, so the finished count comes with its start's entry and its finalise's (with the day)
 * only later, as in a count of more than a batch's entries. The test's clocks are 200 days ahead
 * of the real one, which stamps each push: a shop PC's clock that far off.
 */
describe("sync: a stock document's and a count's movements keep the shop's day", () => {
  let p: SyncPair;
  let branch: TestApp;
  let businessId: string;
  let admin: string;
  let login: string;
  const day = businessDay(Date.now() + 200 * 86_400_000, 'Africa/Nairobi');
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await p.local.app.inject({
      method,
      url,
      headers: { cookie: admin },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json<{ id: string }>();
  };
  const days = (db: Db, docIds: string[]) =>
    db.kysely
      .selectFrom('stock_movements')
      .select(['doc_id', 'product_id', 'business_day'])
      .where('business_id', '=', businessId)
      .where('doc_id', 'in', docIds)
      .orderBy('doc_id')
      .orderBy('product_id')
      .execute();

  beforeAll(async () => {
    p = await syncPair();
    const shop = await buildTenant(p.local, 'Shop');
    businessId = shop.businessId;
    await link(p, businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    admin = shop.admin;
    login = shop.logins.admin;
    await call('PATCH', '/api/business/profile', { timezone: 'Africa/Nairobi' });
    expect((await pushAll(p, businessId)).kind).toBe('caught_up');
    branch = await addBranch(p, 'branch-b');
    await join(p, branch, businessId);
    expect((await pullAll(p, branch, businessId)).kind).toBe('caught_up');
    const halfPast = dayStart(day, 'Africa/Nairobi') + 30 * 60_000; // 21:30 UTC the day before
    for (const s of [p.local, p.hosted, branch]) s.clock.advance(halfPast - s.clock.now().getTime());
    admin = (await signIn(p.local.app, login, ADMIN_PASSWORD)).cookie;
  });
  afterAll(() => p.close());

  it("the hosted copy books them on the shop's day though the zone it read first says the day before", async () => {
    const [shop] = (await call('GET', '/api/locations')) as unknown as { id: string }[];
    const salt = await buildProduct(p.local.app, admin, { name: 'Salt 1 kg', code: 'SALT1' });
    const supplier = await buildSupplier(p.local.app, admin, 'Kensalt');
    const receipt = await received(p.local.app, admin, {
      supplier_id: supplier.id,
      location_id: shop!.id,
      lines: [{ product_id: salt.id, quantity: 5_000, unit_cost: 3_000 }],
    });
    const countId = v7();
    await call('POST', '/api/stock-counts', { id: countId, location_id: shop!.id });
    await call('POST', `/api/stock-counts/${countId}/entries`, {
      id: v7(),
      product_id: salt.id,
      quantity: 4_000,
    });
    await call('POST', `/api/stock-counts/${countId}/finalise`);
    const atShop = await days(p.local.db, [receipt.id, countId]);
    expect(atShop.map((m) => m.business_day)).toEqual([day, day]);
    // the branch moves the zone and is heard first
    const atBranch = (await signIn(branch.app, login, ADMIN_PASSWORD, 'BRANCH-TILL')).cookie;
    const moved = await branch.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: atBranch },
      payload: { timezone: 'UTC' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await pushFrom(p, branch, businessId)).toMatchObject({ kind: 'caught_up' });
    const oneByOne = { max_entries: 1, max_bytes: 4 * 1024 * 1024 };
    expect(await pushAll(p, businessId, Infinity, oneByOne)).toMatchObject({ kind: 'caught_up' });
    expect(await days(p.hosted.db, [receipt.id, countId])).toEqual(atShop);
    // and the branch, which moved the zone, takes them on the same day from the hosted copy
    expect(await pullAll(p, branch, businessId)).toMatchObject({ kind: 'caught_up' });
    expect(await days(branch.db, [receipt.id, countId])).toEqual(atShop);
  });

  it("a shop whose clock is months off (the test's clocks are, against the shop's real one) still pushes, and the hosted side says by how much", async () => {
    // the hosted clock is 200 days ahead of the shop's Date.now(), which stamps each push
    const ahead = p.hosted.clock.now().getTime() - Date.now();
    expect(ahead).toBeGreaterThan(2 ** 31);
    await buildProduct(p.local.app, admin, { name: 'Sugar 2 kg', code: 'SUG2' });
    expect(await pushAll(p, businessId)).toMatchObject({ kind: 'caught_up' });
    const hostedAdmin = (await signIn(p.hosted.app, login, ADMIN_PASSWORD)).cookie;
    const res = await p.hosted.app.inject({ url: '/api/sync/status', headers: { cookie: hostedAdmin } });
    expect(res.statusCode, res.body).toBe(200);
    const [server] = res.json<{ servers: { clock_skew_ms: number }[] }>().servers;
    expect(Math.abs(server!.clock_skew_ms + ahead)).toBeLessThan(60_000);
  });
});
