import type { SessionData } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from '../test/factories.js';
import { buildLocation, buildProduct } from '../test/stock-factories.js';
import { statementsOf } from '../test/statements.js';
import { heardAllOn, twoProcesses, until } from '../test/pg-processes.js';
import type { TestApp } from '../test/test-app.js';

/**
 * `GET /api/me`'s own read (the user's locations and the business's open counts, one statement)
 * is kept on a hosted server as the session is (auth/session-data.ts `sessionReads`, migration
 * 0037): two server processes on one PostgreSQL database, each its own app, connections and
 * listener. A count started or a user's locations changed in one reach the other's next request
 * once its notice arrives, and the process's own change its very next request.
 */
describe('GET /api/me kept on a hosted server (two processes, one PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  let staff: { id: string; cookie: string };
  let main: { id: string };
  let branch: { id: string };

  beforeAll(async () => {
    ({ a, b } = await twoProcesses());
    const owner = await buildBusiness(a.app);
    admin = owner.cookie;
    const [first] = (await a.app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<
      { id: string }[]
    >();
    main = { id: first!.id };
    branch = await buildLocation(a.app, admin, 'Branch');
    const user = await buildUser(a.app, admin, {
      username: 'kept_staff',
      home_location_id: main.id,
      location_ids: [main.id],
    });
    staff = { id: user.id, cookie: (await signIn(a.app, 'kept_staff', STAFF_PASSWORD, 'KEPT-1')).cookie };
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const me = async (app: TestApp, cookie: string) => {
    const res = await app.app.inject({ url: '/api/me', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SessionData>();
  };
  /** The statements of a `GET /api/me` of `app` that read the user's locations. */
  const meReads = async (app: TestApp, cookie: string) =>
    (await statementsOf(app.db, () => me(app, cookie))).texts.filter((t) => /"user_locations"/.test(t));
  const startCount = (app: TestApp, locationId: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/stock-counts',
      headers: { cookie: admin },
      payload: { id: v7(), location_id: locationId, freeze_sales: true },
    });

  it('answers again without reading, in each process', async () => {
    await heardAllOn(a);
    await me(a, staff.cookie);
    expect(await meReads(a, staff.cookie)).toEqual([]);
    await heardAllOn(b);
    await me(b, staff.cookie);
    expect(await meReads(b, staff.cookie)).toEqual([]);
  });

  it('shows a count started in the other process once its notice arrives, and at once in its own', async () => {
    await me(a, staff.cookie);
    await me(b, staff.cookie);
    const started = await startCount(b, main.id);
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json<{ id: string }>().id;
    // the process that started it: its very next request
    expect((await me(b, staff.cookie)).stock_taking.frozen_location_ids).toEqual([main.id]);
    // the other: as soon as the notice arrives
    expect(
      await until(async () => (await me(a, staff.cookie)).stock_taking.open_counts.some((c) => c.id === id)),
    ).toBe(true);
    // a count's entries and its note change nothing kept: no notice, no read
    const product = await buildProduct(b.app, admin, { name: 'Kept tea' });
    await me(a, staff.cookie);
    const entry = await b.app.inject({
      method: 'POST',
      url: `/api/stock-counts/${id}/entries`,
      headers: { cookie: admin },
      payload: { id: v7(), product_id: product.id, quantity: 2000 },
    });
    expect(entry.statusCode, entry.body).toBe(201);
    await heardAllOn(a);
    expect(await meReads(a, staff.cookie)).toEqual([]);
    // cancelled in the other process: gone here once heard of
    const cancelled = await b.app.inject({
      method: 'POST',
      url: `/api/stock-counts/${id}/cancel`,
      headers: { cookie: admin },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await until(async () => (await me(a, staff.cookie)).stock_taking.open_counts.length === 0)).toBe(
      true,
    );
  });

  it("shows the user's locations changed in the other process once its notice arrives", async () => {
    expect((await me(a, staff.cookie)).user.location_ids).toEqual([main.id]);
    const moved = await b.app.inject({
      method: 'PATCH',
      url: `/api/users/${staff.id}`,
      headers: { cookie: admin },
      payload: { location_ids: [main.id, branch.id] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await until(async () => (await me(a, staff.cookie)).user.location_ids.includes(branch.id))).toBe(
      true,
    );
    // a write of its locations alone (the user's row unchanged): heard of by its own notice
    await b.db.kysely
      .deleteFrom('user_locations')
      .where('user_id', '=', staff.id)
      .where('location_id', '=', branch.id)
      .execute();
    expect(await until(async () => !(await me(a, staff.cookie)).user.location_ids.includes(branch.id))).toBe(
      true,
    );
  });
});
