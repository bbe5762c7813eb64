import type { Location, SessionData, StockCount } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../../test/factories.js';
import { buildLocation, newDocId } from '../../test/stock-factories.js';
import { statementsOf } from '../../test/statements.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * `GET /api/me` beside the session: the user's locations and the open stock counts that concern
 * them (all of them for an admin). On PostgreSQL one statement reads both (issue 21).
 */
describe('what /api/me reads beside the session', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let shop: Location;
  let stores: Location[];
  let counts: StockCount[];
  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
    shop = (await t.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<Location[]>()[0]!;
    stores = [await buildLocation(t.app, admin, 'Store B'), await buildLocation(t.app, admin, 'Store A')];
    const user = await buildUser(t.app, admin, {
      username: 'me_reads_staff',
      location_ids: stores.map((s) => s.id),
      home_location_id: stores[0]!.id,
    });
    staff = (await signIn(t.app, user.username, STAFF_PASSWORD)).cookie;
    counts = [];
    for (const [location, freeze] of [
      [shop, true],
      [stores[1]!, true],
      [stores[0]!, false],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/stock-counts',
        headers: { cookie: admin },
        payload: { id: newDocId(), location_id: location.id, freeze_sales: freeze },
      });
      expect(res.statusCode, res.body).toBe(201);
      counts.push(res.json<StockCount>());
    }
  });
  afterAll(() => t.close());

  const me = async (cookie: string) => {
    const { texts, result } = await statementsOf(t.db, () =>
      t.app.inject({ url: '/api/me', headers: { cookie } }),
    );
    expect(result.statusCode, result.body).toBe(200);
    return { texts, data: result.json<SessionData>() };
  };
  const asOpen = (c: StockCount) => ({
    id: c.id,
    location_id: c.location_id,
    freeze_sales: c.freeze_sales,
    started_at: c.started_at,
  });
  const byLocation = <T extends { location_id: string }>(list: T[]) =>
    [...list].sort((a, b) => (a.location_id < b.location_id ? -1 : 1));

  it('an admin sees every open count; staff the counts at their locations, which come in order', async () => {
    const asAdmin = (await me(admin)).data;
    expect(byLocation(asAdmin.stock_taking.open_counts)).toEqual(byLocation(counts.map(asOpen)));
    expect([...asAdmin.stock_taking.frozen_location_ids].sort()).toEqual([shop.id, stores[1]!.id].sort());

    const asStaff = (await me(staff)).data;
    expect(asStaff.user.location_ids).toEqual(stores.map((s) => s.id).sort());
    expect(byLocation(asStaff.stock_taking.open_counts)).toEqual(byLocation(counts.slice(1).map(asOpen)));
    expect(asStaff.stock_taking.frozen_location_ids).toEqual([stores[1]!.id]);
  });

  it('reads the locations and the counts in one statement on PostgreSQL, two on SQLite', async () => {
    // a count's change makes SQLite read them again (it keeps them between writes)
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stock-counts/${counts[2]!.id}/cancel`,
      headers: { cookie: admin },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const { texts, data } = await me(staff);
    expect(data.stock_taking.open_counts.map((c) => c.id)).toEqual([counts[1]!.id]);
    const reads = texts.filter((text) => /"(user_locations|stock_counts)"/.test(text));
    expect(reads).toHaveLength(t.db.dialect === 'postgres' ? 1 : 2);
  });
});
