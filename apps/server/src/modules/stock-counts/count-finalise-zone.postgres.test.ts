import { dayStart } from '@duka/domain';
import type pg from 'pg';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawClients, until } from '../../test/pg-processes.js';
import { type Shop, buildShop } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A count finalised while its business's time zone changes (PostgreSQL, where writers of one
 * business take turns on its row): the corrections' day is read in the zone under that lock, as a
 * stock document's is, not in the zone the request read before it waited.
 */
describe("a count's finalise and a change of time zone at the same instant", () => {
  let t: TestApp;
  let s: Shop;
  let clients: ReturnType<typeof rawClients>;
  const day = '2026-05-21';
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: s.admin }, ...(payload ? { payload } : {}) });
  const waiting = async (c: pg.Client) =>
    (await c.query<{ n: number }>(`select count(distinct pid)::int as n from pg_locks where not granted`))
      .rows[0]!.n;

  beforeAll(async () => {
    t = await buildTestApp({ sessionIdleMs: 1e12, sessionMaxMs: 1e12 });
    clients = rawClients(t);
    const halfPast = dayStart(day, 'Africa/Nairobi') + 30 * 60_000; // 21:30 UTC the day before
    t.clock.advance(halfPast - 86_400_000 - t.clock.now().getTime());
    s = await buildShop(t.app, { timezone: 'Africa/Nairobi' });
    t.clock.advance(86_400_000);
  });
  afterAll(async () => {
    await clients.end();
    await t.close();
  });

  it('books the corrections on the day in the zone the change left, once it has committed', async () => {
    const countId = v7();
    expect((await post('/api/stock-counts', { id: countId, location_id: s.shop.id })).statusCode).toBe(201);
    const entry = { id: v7(), product_id: s.sugar.id, quantity: 99_000 };
    expect((await post(`/api/stock-counts/${countId}/entries`, entry)).statusCode).toBeLessThan(300);
    // the business's row held by a change of zone to UTC (the evening before, at this instant)
    const c = await clients.client();
    await c.query('begin');
    await c.query(
      `update businesses set timezone = 'UTC' where id = (select business_id from locations where id = $1)`,
      [s.shop.id],
    );
    const finalised = post(`/api/stock-counts/${countId}/finalise`);
    expect(await until(async () => (await waiting(c)) >= 1, 5_000)).toBe(true);
    await c.query('commit');
    const res = await finalised;
    expect(res.statusCode, res.body).toBe(200);
    const days = await t.db.kysely
      .selectFrom('stock_movements')
      .select('business_day')
      .where('doc_id', '=', countId)
      .execute();
    expect(days.map((m) => m.business_day)).toEqual(['2026-05-20']);
  });
});
