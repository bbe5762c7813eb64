import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexesOf } from '../test/catalog.js';
import { freshDatabase } from '../test/test-db.js';
import type { Db } from './database.js';
import { countsRead } from '../modules/notifications/notifications.service.js';
import { reorderRead } from '../modules/reports/dashboard-reads.js';

/**
 * The tables whose rows a sale updates (upserts included), with the key it finds each row by: a
 * sale changes none of a row's key, only its quantities, totals and counters.
 */
const UPDATED_BY_A_SALE: Record<string, string[]> = {
  stock_levels: ['business_id', 'product_id', 'location_id'],
  receipt_counters: ['business_id', 'series'],
  journal_counters: ['business_id'],
  sales_summary_daily: ['business_id', 'day', 'location_id', 'user_id', 'kind'],
  product_sales_daily: ['business_id', 'day', 'location_id', 'product_id'],
  product_sales_monthly: ['business_id', 'month', 'location_id', 'product_id'],
};

/** The indexes a query's plan names. */
async function planIndexes(db: Db, query: string, params: string[]): Promise<string> {
  if (db.dialect === 'postgres')
    return db.kysely.transaction().execute(async (trx) => {
      // an empty table is read whole by choice; the question is whether the index can serve it
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(
        query.replace(/\?/g, () => `'${params.shift()}'`),
      )}`.execute(trx);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  const { rows } = await sql<{ detail: string }>`explain query plan ${sql.raw(
    query.replace(/\?/g, () => `'${params.shift()}'`),
  )}`.execute(db.kysely);
  return rows.map((r) => r.detail).join('\n');
}

describe('the index entries a sale writes (issue 21)', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await freshDatabase());
  });
  afterAll(() => dispose());

  it('the columns a sale updates are in no index: PostgreSQL updates those rows HOT, SQLite moves no index entry', async () => {
    const problems: string[] = [];
    for (const [table, key] of Object.entries(UPDATED_BY_A_SALE)) {
      const indexes = await indexesOf(db, table);
      expect(indexes.length, table).toBeGreaterThan(0);
      for (const index of indexes)
        for (const column of index.columns)
          if (!key.includes(column)) problems.push(`${table}.${index.name} has ${column}`);
    }
    expect(problems).toEqual([]);
  });

  it("a sale without a debtor writes nothing to the sales' debtor index, which still serves a debtor's sales", async () => {
    const debtor = (await indexesOf(db, 'sales')).find((i) => i.name === 'sales_debtor');
    expect(debtor).toMatchObject({ columns: ['business_id', 'debtor_id'], partial: true, unique: false });
    // the foreign key's check when a debtor row is deleted asks this
    const plan = await planIndexes(db, 'select 1 from sales where business_id = ? and debtor_id = ?', [
      '01a2b3c4-0000-7000-8000-000000000001',
      '01a2b3c4-0000-7000-8000-000000000002',
    ]);
    expect(plan).toContain('sales_debtor');
  });

  it("a location's products are read by the location's index", async () => {
    const plan = await planIndexes(db, 'select product_id from stock_levels where location_id = ?', [
      '01a2b3c4-0000-7000-8000-000000000003',
    ]);
    expect(plan).toContain('stock_levels_location');
  });

  it("a whole business's levels (the notifications' and the dashboard's low and negative stock) are read by an index's first column on PostgreSQL", async () => {
    if (db.dialect !== 'postgres') return; // the shop's SQLite holds one business
    const leading = new Map((await indexesOf(db, 'stock_levels')).map((i) => [i.name, i.columns[0]!]));
    const businessId = '01a2b3c4-0000-7000-8000-000000000004';
    const day = '2026-12-02T00:00:00.000Z';
    for (const compiled of [
      countsRead.compile(db.kysely, { businessId, before: day, since: day }),
      reorderRead.compile(db.kysely, { businessId }),
    ]) {
      const nodes = await planNodes(db, compiled.sql, [...compiled.parameters]);
      const levels = nodes.filter(
        (n) => n['Relation Name'] === 'stock_levels' || leading.has(n['Index Name']!),
      );
      expect(levels.length).toBeGreaterThan(0);
      // none reads every business's levels: no scan of the table, and every index the reads use is
      // searched by its first column (an index searched by a later one is read whole)
      for (const n of levels) {
        expect(n['Node Type'], compiled.sql).not.toBe('Seq Scan');
        if (n['Index Name'])
          expect(n['Index Cond'], `${n['Index Name']}: ${compiled.sql}`).toContain(
            `(${leading.get(n['Index Name'])} = `,
          );
      }
      expect(levels.map((n) => n['Index Name'])).toContain('stock_levels_business');
    }
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** Every node of a PostgreSQL query's plan, with sequential scans off (an empty table is read whole by choice). */
async function planNodes(db: Db, query: string, params: readonly unknown[]): Promise<PlanNode[]> {
  const text = query.replace(/\$(\d+)/g, (_, n: string) => `'${String(params[Number(n) - 1])}'`);
  const plan = await db.kysely.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{
      'QUERY PLAN': [{ Plan: PlanNode }];
    }>`explain (format json) ${sql.raw(text)}`.execute(trx);
    return rows[0]!['QUERY PLAN'][0].Plan;
  });
  const all: PlanNode[] = [];
  const walk = (n: PlanNode) => {
    all.push(n);
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(plan);
  return all;
}
