import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/test-db.js';
import { compiledQuery } from './compiled-query.js';
import { type Db, openDatabase } from './database.js';
import { dialectOf } from './dialect.js';
import { conflictTarget } from './keys.js';

/**
 * A compiled query shape must be exactly the query Kysely builds for the same values: the same SQL,
 * the same parameters in the same order, the same rows; on each database, in and out of a
 * transaction, and again with new values once its SQL is kept.
 */
describe('compiledQuery', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await freshDatabase());
  });
  afterAll(() => dispose());

  const row = (product: string, quantity: number) => ({
    business_id: 'b1',
    day: '2026-11-26',
    location_id: 'l1',
    product_id: product,
    quantity,
    revenue: quantity * 10,
    tax: 0,
    cost: quantity * 7,
    reversed_quantity: 0,
    reversed_revenue: 0,
    reversed_tax: 0,
    reversed_cost: 0,
  });

  const upsert = compiledQuery((q, a: { rows: ReturnType<typeof row>[] }) =>
    q
      .insertInto('product_sales_daily')
      .values(a.rows)
      .onConflict((oc) =>
        oc
          .columns(conflictTarget(dialectOf(q), ['business_id', 'day', 'location_id', 'product_id']))
          .doUpdateSet({
            quantity: sql<number>`product_sales_daily.quantity + excluded.quantity`,
            revenue: sql<number>`product_sales_daily.revenue + excluded.revenue`,
          }),
      )
      .returning(['product_id', 'quantity', 'revenue']),
  );
  const byProducts = compiledQuery((q, a: { business: string; ids: string[]; min: number }) =>
    q
      .selectFrom('product_sales_daily')
      .select(['product_id', 'quantity', 'cost'])
      .where('business_id', '=', a.business)
      .where('product_id', 'in', a.ids)
      .where('quantity', '>=', a.min)
      .where('location_id', '=', 'l1')
      .orderBy('product_id'),
  );

  it('makes the SQL and parameters Kysely makes, for each structure and each new value', () => {
    for (const args of [
      { rows: [row('p1', 1)] },
      { rows: [row('p2', 2), row('p3', 3), row('p4', 4)] },
      { rows: [row('p5', 5)] }, // the one-row structure again, its SQL kept: only the values are new
      { rows: [{ ...row('p6', 6), cost: undefined }] }, // an undefined column is left out
    ]) {
      const compiled = upsert.compile(db.kysely, args as { rows: ReturnType<typeof row>[] });
      const built = upsert.uncached(db.kysely, args as { rows: ReturnType<typeof row>[] });
      expect(compiled.sql).toBe(built.sql);
      expect(compiled.parameters).toEqual(built.parameters);
    }
    for (const args of [
      { business: 'b1', ids: ['p1'], min: 0 },
      { business: 'b2', ids: ['p1', 'p2', 'p3'], min: 2 },
      { business: 'b1', ids: ['p9'], min: 5 },
    ]) {
      const compiled = byProducts.compile(db.kysely, args);
      const built = byProducts.uncached(db.kysely, args);
      expect(compiled.sql).toBe(built.sql);
      expect(compiled.parameters).toEqual(built.parameters);
      // the constant of the query ('l1') stays where Kysely put it
      expect(compiled.parameters).toContain('l1');
    }
  });

  it('tells apart structures that differ only in key order, an undefined leaf, or where an array splits', () => {
    const pairs = compiledQuery((q, a: { first: unknown; second: unknown }) =>
      q
        .selectFrom('product_sales_daily')
        .select('product_id')
        .where('product_id', 'in', [a.first, a.second].flat(2).filter((v) => v !== undefined) as string[]),
    );
    const cases: { first: unknown; second: unknown }[] = [
      { first: ['a', 'b'], second: ['c'] },
      { first: ['a'], second: ['b', 'c'] },
      { first: [['a'], 'b'], second: ['c'] },
      { first: [['a', 'b'], 'c'], second: [] },
      { first: [['a'], 'b', 'c'], second: [] }, // the same values, split elsewhere
      { second: ['a'], first: ['b', 'c'] }, // the keys in the other order
      { first: ['a'], second: ['b', 'c'] }, // and back, the same arrays under the other keys
      { first: ['a', 'b'], second: ['c'] }, // the first structure again: its SQL kept
    ];
    for (const args of cases) {
      const compiled = pairs.compile(db.kysely, args);
      const built = pairs.uncached(db.kysely, args);
      expect(compiled.sql).toBe(built.sql);
      expect(compiled.parameters).toEqual(built.parameters);
    }
    const columns = compiledQuery((q, a: { row: Record<string, unknown> }) =>
      q.insertInto('product_sales_daily').values(a.row as never),
    );
    const full = row('u1', 1);
    const { tax: _tax, ...withoutTax } = full;
    const { reversed_cost: _last, ...withoutLast } = full;
    const { business_id, day, ...rest } = full;
    for (const r of [
      full,
      { ...full, cost: undefined },
      { ...full, cost: undefined, tax: undefined },
      full,
      withoutTax, // a key fewer, after the structure with it
      full, // and one more again
      { ...full, cost: null }, // null is a value, not a left-out column
      { ...full, cost: undefined },
      { ...full, extra: undefined }, // an undefined key past the last
      full,
      withoutLast, // the same keys less the last one
      full,
      { day, business_id, ...rest }, // the same keys in another order
    ]) {
      const compiled = columns.compile(db.kysely, { row: r });
      const built = columns.uncached(db.kysely, { row: r });
      expect(compiled.sql).toBe(built.sql);
      expect(compiled.parameters).toEqual(built.parameters);
    }
  });

  it('keeps the SQL of each database apart (PostgreSQL numbers its parameters, SQLite does not)', async () => {
    const other = openDatabase({}); // a SQLite database in memory, beside the test's own
    try {
      const args = { business: 'b1', ids: ['p1', 'p2'], min: 0 };
      for (const k of [db.kysely, other.kysely, db.kysely, other.kysely]) {
        const compiled = byProducts.compile(k, args);
        expect(compiled.sql).toBe(byProducts.uncached(k, args).sql);
        expect(compiled.parameters).toEqual(byProducts.uncached(k, args).parameters);
      }
    } finally {
      await other.close();
    }
  });

  it('past its last kept structure, builds the query in full, the same as before', () => {
    const many = compiledQuery((q, a: { ids: string[] }) =>
      q.selectFrom('product_sales_daily').select('product_id').where('product_id', 'in', a.ids),
    );
    for (let n = 1; n <= 40; n++) {
      const args = { ids: Array.from({ length: n }, (_, i) => `p${i}`) };
      const compiled = many.compile(db.kysely, args);
      const built = many.uncached(db.kysely, args);
      expect(compiled.sql).toBe(built.sql);
      expect(compiled.parameters).toEqual(built.parameters);
    }
    // a structure kept early is still answered from its kept SQL, with the new values
    expect(many.compile(db.kysely, { ids: ['x', 'y'] }).parameters).toEqual(['x', 'y']);
  });

  it('answers the rows Kysely answers, and writes what it writes, in and out of a transaction', async () => {
    const first = await upsert.all(db.kysely, { rows: [row('a', 1), row('b', 2)] });
    expect(first.map((r) => [r.product_id, Number(r.quantity)]).sort()).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    await db.kysely.transaction().execute(async (trx) => {
      const again = await upsert.all(trx, { rows: [row('a', 10), row('b', 20)] });
      expect(again.map((r) => [r.product_id, Number(r.quantity)]).sort()).toEqual([
        ['a', 11],
        ['b', 22],
      ]);
    });
    const args = { business: 'b1', ids: ['a', 'b', 'zz'], min: 5 };
    const viaShape = await byProducts.all(db.kysely, args);
    const viaKysely = await db.kysely.executeQuery(byProducts.uncached(db.kysely, args));
    expect(viaShape).toEqual(viaKysely.rows);
    expect(viaShape.map((r) => [r.product_id, Number(r.quantity), Number(r.cost)])).toEqual([
      ['a', 11, 7],
      ['b', 22, 14],
    ]);
    expect(await byProducts.first(db.kysely, { business: 'b1', ids: ['b'], min: 0 })).toMatchObject({
      product_id: 'b',
    });
    expect(await byProducts.first(db.kysely, { business: 'other', ids: ['b'], min: 0 })).toBeUndefined();
  });

  it('keeps a raw sql template with an argument used twice', async () => {
    const twice = compiledQuery(
      (_q, a: { n: number; business: string }) =>
        sql<{
          x: number;
          y: number;
        }>`select ${a.n} + 1 as x, ${a.n} * 2 as y from product_sales_daily where business_id = ${a.business} and product_id = 'a'`,
    );
    for (const n of [1, 5]) {
      const compiled = twice.compile(db.kysely, { n, business: 'b1' });
      expect(compiled.sql).toBe(twice.uncached(db.kysely, { n, business: 'b1' }).sql);
      expect(compiled.parameters).toEqual([n, n, 'b1']);
    }
    const r = await twice.first(db.kysely, { n: 4, business: 'b1' });
    expect([Number(r?.x), Number(r?.y)]).toEqual([5, 8]);
  });

  it('refuses a build that uses an argument as SQL text or does not pass it on', () => {
    const asText = compiledQuery((q, a: { column: string }) =>
      q.selectFrom('product_sales_daily').select(sql.lit(a.column).as('c')),
    );
    expect(() => asText.compile(db.kysely, { column: 'x' })).toThrow(/SQL text/);
    const decided = compiledQuery((q, a: { withCost: boolean }) =>
      q.selectFrom('product_sales_daily').select(a.withCost ? ['cost'] : ['tax']),
    );
    expect(() => decided.compile(db.kysely, { withCost: true })).toThrow(/did not become a parameter/);
  });
});
