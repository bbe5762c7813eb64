import { addDays } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { freshDatabase } from '../../test/test-db.js';
import { productSummaryParts } from './ranges.js';
import { productFigures } from './sales-report.js';
import { PRODUCT_FIGURES } from './summaries.js';

type Figures = Record<(typeof PRODUCT_FIGURES)[number], number>;

/**
 * A product's figures over any range are what its days add up to, whether read day by day, as
 * whole months, or as a month less its days outside the range.
 */
describe('product figures over a range', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  const daily: ({ day: string; product_id: string } & Figures)[] = [];

  beforeAll(async () => {
    ({ db, dispose } = await freshDatabase());
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let day = '2026-01-15'; day <= '2026-04-10'; day = addDays(day, 1))
      for (const product_id of ['p1', 'p2', 'p3']) {
        // p3 sells only on the 30th and 31st: a range that leaves those days out has no p3.
        if (product_id === 'p3' && !day.endsWith('-30') && !day.endsWith('-31')) continue;
        if (next() < 0.2) continue;
        const row = { day, product_id } as (typeof daily)[number];
        for (const c of PRODUCT_FIGURES) row[c] = Math.floor(next() * 1000);
        daily.push(row);
      }
    const monthly = new Map<string, { month: string; product_id: string } & Figures>();
    for (const r of daily) {
      const key = `${r.day.slice(0, 7)}|${r.product_id}`;
      const m = monthly.get(key) ?? ({ month: r.day.slice(0, 7), product_id: r.product_id } as never);
      for (const c of PRODUCT_FIGURES) m[c] = (m[c] ?? 0) + r[c];
      monthly.set(key, m);
    }
    const scoped = { business_id: 'b1', location_id: 'l1' };
    await db.kysely
      .insertInto('product_sales_daily')
      .values(daily.map((r) => ({ ...scoped, ...r })))
      .execute();
    await db.kysely
      .insertInto('product_sales_monthly')
      .values([...monthly.values()].map((r) => ({ ...scoped, ...r })))
      .execute();
  });
  afterAll(() => dispose());

  const expected = (from: string, to: string) => {
    const out = new Map<string, Figures>();
    for (const r of daily)
      if (r.day >= from && r.day <= to) {
        const p =
          out.get(r.product_id) ?? (Object.fromEntries(PRODUCT_FIGURES.map((c) => [c, 0])) as Figures);
        for (const c of PRODUCT_FIGURES) p[c] += r[c];
        out.set(r.product_id, p);
      }
    return out;
  };

  it('reads most of a month as the month less the days outside the range', () => {
    // 12 days of January read as days; 28 of March as March less its last 3 days.
    expect(productSummaryParts('2026-01-20', '2026-03-28')).toEqual([
      { table: 'month', from: '2026-02', to: '2026-02', sign: 1 },
      { table: 'day', from: '2026-01-20', to: '2026-01-31', sign: 1 },
      { table: 'month', from: '2026-03', to: '2026-03', sign: 1 },
      { table: 'day', from: '2026-03-29', to: '2026-03-31', sign: -1 },
    ]);
    // A range inside one month, most of it: the month less both ends.
    expect(productSummaryParts('2026-03-03', '2026-03-29')).toEqual([
      { table: 'month', from: '2026-03', to: '2026-03', sign: 1 },
      { table: 'day', from: '2026-03-01', to: '2026-03-02', sign: -1 },
      { table: 'day', from: '2026-03-30', to: '2026-03-31', sign: -1 },
    ]);
  });

  it('equals the sum of the days, for every kind of range', async () => {
    const ranges: [string, string][] = [
      ['2026-01-15', '2026-04-10'],
      ['2026-01-20', '2026-03-28'],
      ['2026-02-01', '2026-02-28'],
      ['2026-03-02', '2026-03-29'],
      ['2026-03-01', '2026-03-29'],
      ['2026-01-31', '2026-02-01'],
      ['2026-02-27', '2026-03-27'],
      ['2026-03-05', '2026-03-05'],
    ];
    for (let i = 0; i < 12; i++) {
      const a = addDays('2026-01-15', (i * 37) % 80);
      ranges.push([a, addDays(a, (i * 53) % 60)]);
    }
    for (const [from, to] of ranges) {
      const got = await productFigures(db.kysely, 'b1', { from, to });
      expect(Object.fromEntries(got), `${from}…${to}`).toEqual(Object.fromEntries(expected(from, to)));
    }
  });
});
