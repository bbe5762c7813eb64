import type { Location } from '@duka/domain';
import { v7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Shop, buildShop, staffWith } from '../../test/sales-factories.js';
import { buildLocation } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { type SyncPair, hostedPlaceholder, link, pushAll, syncPair } from '../../test/sync-harness.js';
import { assertHomeHere } from './location-home.js';
import { serverIdOf } from '../sync/link-local.js';
import { isAppError } from '../../lib/errors.js';

/** Another server's id, as a location made there (and brought here by sync) carries it. */
const ELSEWHERE = '0193c000-0000-7000-8000-00000000e15e';

/**
 * A location's stock counts and day closes are made on its home server only (ADR 11 §11.4);
 * sales and the rest go anywhere. The owner can move the home here.
 */
describe('a location has a home server', () => {
  let t: TestApp;
  let s: Shop;
  beforeEach(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
  });
  afterEach(async () => {
    await t.close();
  });

  const locations = async () =>
    (await t.app.inject({ url: '/api/locations', headers: { cookie: s.admin } })).json<Location[]>();
  const startCount = (locationId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stock-counts',
      headers: { cookie: s.admin },
      payload: { id: v7(), location_id: locationId },
    });
  const closeDay = (locationId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/daily-sales/close',
      headers: { cookie: s.admin },
      payload: { id: v7(), location_id: locationId, day: '2026-01-05', counted_cash: 0 },
    });
  const homeElsewhere = (id: string) =>
    t.db.kysely.updateTable('locations').set({ home_server_id: ELSEWHERE }).where('id', '=', id).execute();

  it('is the server that made it: counts and day closes are made here', async () => {
    const store = await buildLocation(t.app, s.admin, 'Store room');
    const rows = await t.db.kysely.selectFrom('locations').select('home_server_id').execute();
    expect(rows.every((r) => !!r.home_server_id)).toBe(true);
    expect(new Set(rows.map((r) => r.home_server_id)).size).toBe(1);
    expect((await locations()).every((l) => l.home_here)).toBe(true);
    expect((await startCount(store.id)).statusCode).toBe(201);
    expect((await closeDay(s.shop.id)).statusCode).toBe(201);
  });

  it('refuses a count, its entries, finalising and a day close elsewhere with location_elsewhere', async () => {
    const started = await startCount(s.shop.id);
    expect(started.statusCode, started.body).toBe(201);
    const countId = started.json<{ id: string }>().id;
    await homeElsewhere(s.shop.id);
    expect((await locations()).find((l) => l.id === s.shop.id)!.home_here).toBe(false);

    for (const res of [
      await startCount(s.shop.id),
      await t.app.inject({
        method: 'POST',
        url: `/api/stock-counts/${countId}/entries`,
        headers: { cookie: s.admin },
        payload: { id: v7(), product_id: s.sugar.id, quantity: 1000 },
      }),
      await t.app.inject({
        method: 'POST',
        url: `/api/stock-counts/${countId}/finalise`,
        headers: { cookie: s.admin },
      }),
      await t.app.inject({
        method: 'POST',
        url: `/api/stock-counts/${countId}/cancel`,
        headers: { cookie: s.admin },
      }),
      await closeDay(s.shop.id),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      // This server does not know the other one's name: the web words it without one.
      expect(res.json()).toMatchObject({
        error: { code: 'location_elsewhere', params: { server: '', series: '' } },
      });
    }
    // Selling there is still allowed.
    const sale = await t.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: { cookie: s.admin },
      payload: {
        id: v7(),
        kind: 'cash',
        location_id: s.shop.id,
        lines: [{ product_id: s.bread.id, quantity: 1000 }],
        tendered: 10_000,
      },
    });
    expect(sale.statusCode, sale.body).toBe(201);
  });

  it('moves home to this server when the owner asks (admins only), and counts work again', async () => {
    await homeElsewhere(s.shop.id);
    const { cookie: staff } = await staffWith(t.app, s.admin, ['stock_taking']);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/locations/${s.shop.id}/home`,
      headers: { cookie: staff },
    });
    expect(refused.statusCode).toBe(403);
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/locations/${v7()}/home`,
      headers: { cookie: s.admin },
    });
    expect(other.statusCode).toBe(404);
    for (let i = 0; i < 2; i++) {
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/locations/${s.shop.id}/home`,
        headers: { cookie: s.admin },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ id: s.shop.id, home_here: true });
    }
    const moves = await t.db.kysely
      .selectFrom('journal')
      .select('action')
      .where('action', '=', 'location.move_home')
      .execute();
    expect(moves).toHaveLength(1);
    expect((await startCount(s.shop.id)).statusCode).toBe(201);
    expect((await closeDay(s.shop.id)).statusCode).toBe(201);
  });
});

describe('a location homed at a shop server, seen on the hosted one', () => {
  let p: SyncPair;
  afterEach(async () => {
    await p.close();
  });

  it('travels with the location and names the server where its counts are made', async () => {
    p = await syncPair();
    const shop = await buildShop(p.local.app);
    const { id: businessId } = (
      await p.local.app.inject({ url: '/api/business/profile', headers: { cookie: shop.admin } })
    ).json<{ id: string }>();
    await link(p, businessId, await hostedPlaceholder(p.hosted, 'Home'));
    expect((await pushAll(p, businessId)).kind).toBe('caught_up');
    const shopServer = await serverIdOf(p.local.db);
    const hosted = await p.hosted.db.kysely
      .selectFrom('locations')
      .select('home_server_id')
      .where('id', '=', shop.shop.id)
      .executeTakeFirstOrThrow();
    expect(hosted.home_server_id).toBe(shopServer);
    await p.hosted.db.kysely
      .updateTable('sync_servers')
      .set({ name: 'Shop PC Kisumu' })
      .where('id', '=', shopServer)
      .execute();
    const refusal = await p.hosted.db.kysely
      .transaction()
      .execute((trx) => assertHomeHere(trx, businessId, shop.shop.id))
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isAppError(refusal) && refusal.code).toBe('location_elsewhere');
    expect(isAppError(refusal) && refusal.params).toEqual({ server: 'Shop PC Kisumu', series: '' });
  });
});
