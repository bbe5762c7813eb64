import type { ProfitReport, StockReport } from '@duka/domain';
import { dayStart } from '@duka/domain';
import { sql } from 'kysely';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, reversed, sold } from '../../test/sales-factories.js';
import { received } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A business that moves its time zone (ADR 6, migration 0038): what it sold, took back, received
 * and counted half an hour after a Nairobi midnight stays on that day in the stock report, as the
 * sale does in the profit report, after the zone becomes UTC (where the same instants are the
 * evening before). A movement recorded before 0038 (no day) is still placed by its instant.
 */
describe('the stock report after a change of time zone', () => {
  let t: TestApp;
  let s: Shop;
  const day = '2026-05-21';
  const before = '2026-05-20';
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ url, headers: { cookie: s.admin } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const post = async (url: string, payload?: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: s.admin },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res;
  };
  const kinds = (r: StockReport) => Object.fromEntries(r.movements.map((m) => [m.kind, m.count]));

  beforeAll(async () => {
    t = await buildTestApp({ sessionIdleMs: 1e12, sessionMaxMs: 1e12 });
    const at = (ms: number) => t.clock.advance(ms - t.clock.now().getTime());
    const halfPast = dayStart(day, 'Africa/Nairobi') + 30 * 60_000; // 21:30 UTC the day before
    at(halfPast - 3 * 86_400_000);
    s = await buildShop(t.app, { timezone: 'Africa/Nairobi' });
    at(halfPast);
    const sale = await sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.bread.id, quantity: 2_000 }],
      tendered: 13_000,
    });
    expect(sale.business_day).toBe(day);
    await reversed(t.app, s.admin, sale.id, { lines: [{ line_no: 1, quantity: 1_000 }] });
    await received(t.app, s.admin, {
      supplier_id: s.supplier,
      location_id: s.shop.id,
      lines: [{ product_id: s.milk.id, quantity: 5_000, unit_cost: 4_500 }],
    });
    const countId = v7();
    await post('/api/stock-counts', { id: countId, location_id: s.shop.id });
    await post(`/api/stock-counts/${countId}/entries`, {
      id: v7(),
      product_id: s.sugar.id,
      quantity: 99_000,
    });
    await post(`/api/stock-counts/${countId}/finalise`);
    at(halfPast + 86_400_000);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: s.admin },
      payload: { timezone: 'UTC' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  it('keeps each movement on the day it was recorded, as the profit report keeps the sale', async () => {
    const recorded = await t.db.kysely
      .selectFrom('stock_movements')
      .select(['kind', 'business_day'])
      .where('created_at', '>', new Date(dayStart(day, 'Africa/Nairobi')).toISOString())
      .execute();
    expect(new Set(recorded.map((m) => m.business_day))).toEqual(new Set([day]));
    expect(new Set(recorded.map((m) => m.kind))).toEqual(
      new Set(['sale', 'sale_reversal', 'supplier_receipt', 'count_correction']),
    );
    const onDay = await get<StockReport>(`/api/reports/stock?from=${day}&to=${day}`);
    expect(kinds(onDay)).toEqual({ sale: 1, sale_reversal: 1, supplier_receipt: 1, count_correction: 1 });
    const profit = await get<ProfitReport>(`/api/reports/profit?from=${day}&to=${day}&period=day`);
    const sold = onDay.movements.find((m) => m.kind === 'sale')!.value;
    const back = onDay.movements.find((m) => m.kind === 'sale_reversal')!.value;
    expect(-(sold + back)).toBe(profit.totals.cogs);
    // UTC puts these instants on the evening before: nothing of them there
    expect(kinds(await get<StockReport>(`/api/reports/stock?from=${before}&to=${before}`))).toEqual({});
  });

  it('places a movement recorded before the day was kept by its instant in the zone now', async () => {
    const old = {
      id: v7(),
      business_id: (await t.db.kysely.selectFrom('businesses').select('id').executeTakeFirstOrThrow()).id,
      product_id: s.milk.id,
      location_id: s.shop.id,
      quantity: -1_000,
      unit_cost: 4_500,
      kind: 'stock_negative',
      doc_type: 'stock_document',
      doc_id: v7(),
      reason: 'damaged',
      user_id: null,
      device_id: null,
      // 23:30 UTC on the 20th (02:30 on the 21st in Nairobi), written as before migration 0038
      created_at: new Date(dayStart(day, 'UTC') - 30 * 60_000).toISOString(),
    };
    await t.db.kysely.insertInto('stock_movements').values(old).execute();
    const kept = await sql<{
      business_day: string;
    }>`select business_day from stock_movements where id = ${old.id}`.execute(t.db.kysely);
    expect(kept.rows).toEqual([{ business_day: '' }]);
    expect(kinds(await get<StockReport>(`/api/reports/stock?from=${before}&to=${before}`))).toEqual({
      stock_negative: 1,
    });
    const both = await get<StockReport>(`/api/reports/stock?from=${before}&to=${day}`);
    expect(kinds(both)).toEqual({
      stock_negative: 1,
      sale: 1,
      sale_reversal: 1,
      supplier_receipt: 1,
      count_correction: 1,
    });
    expect(both.movements.find((m) => m.kind === 'stock_negative')).toMatchObject({
      quantity: -1_000,
      value: -4_500,
    });
  });
});
