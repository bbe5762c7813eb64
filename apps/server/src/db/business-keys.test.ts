import { type Kysely, sql } from 'kysely';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_TABLES } from '../backup/archive-tables.js';
import { buildShop, reverse, sold } from '../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../test/test-app.js';
import { TEST_DIALECT, freshDatabase } from '../test/test-db.js';
import { type Db, migrate } from './database.js';

type Row = Record<string, unknown>;
type AnyDb = Kysely<Record<string, Row>>;

function rowsOf(db: Db, table: string, orderBy: string[]): Promise<Row[]> {
  let q = (db.kysely as unknown as AnyDb).selectFrom(sql.table(table).as('t')).selectAll('t');
  for (const c of orderBy) q = q.orderBy(sql.ref(`t.${c}`));
  return q.execute();
}

/**
 * Migration 0020 (business keys) runs on hosted databases full of businesses: a business made on
 * the newest schema is written into a database migrated up to 0019, which then migrates on.
 */
describe('migration 0020 on a database that holds a business', () => {
  let source: TestApp;
  let target: { db: Db; dispose: () => Promise<void> };
  const before = new Map<string, Row[]>();

  beforeAll(async () => {
    source = await buildTestApp();
    const s = await buildShop(source.app);
    const cash = await sold(source.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [
        { product_id: s.sugar.id, quantity: 3000 },
        { product_id: s.milk.id, quantity: 1000 },
      ],
      tendered: 100_000,
    });
    const back = await reverse(source.app, s.admin, cash.id, { lines: [{ line_no: 1, quantity: 1000 }] });
    expect(back.statusCode).toBe(201);
    await sold(source.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      lines: [{ product_id: s.bread.id, quantity: 2000 }],
      debtor_id: s.debtor.id,
    });
    // An open count keeps what each product was expected to be (stock_count_expected).
    const count = await source.app.inject({
      method: 'POST',
      url: '/api/stock-counts',
      headers: { cookie: s.admin },
      payload: { id: v7(), location_id: s.shop.id, freeze_sales: false },
    });
    expect(count.statusCode).toBe(201);
    for (const t of ARCHIVE_TABLES) before.set(t.name, await rowsOf(source.db, t.name, t.orderBy));

    target = await freshDatabase('0019-kept-series');
    const k = target.db.kysely as unknown as AnyDb;
    // columns later migrations added (the open count has none of them set; the debtor entries
    // written before 0032 keep 0, where the source numbered them as it wrote them)
    const later: Record<string, string[]> = {
      businesses: ['receipt_columns', 'tax_name', 'week_start'],
      stock_counts: ['moved_since_start'],
      debtors: ['entry_seq'],
      debtor_entries: ['seq'],
      stock_movements: ['business_day'],
    };
    for (const t of ARCHIVE_TABLES) {
      // Before 0020, stock_count_expected had no business_id.
      const rows = before
        .get(t.name)!
        .map(({ business_id, ...rest }) =>
          t.name === 'stock_count_expected' ? rest : { business_id, ...rest },
        )
        .map((row) =>
          Object.fromEntries(Object.entries(row).filter(([c]) => !(later[t.name] ?? []).includes(c))),
        );
      if (rows.length > 0) await k.insertInto(t.name).values(rows).execute();
    }
    await migrate(target.db);
  });
  afterAll(async () => {
    await source?.close();
    await target?.dispose();
  });

  it('keeps every row of the business as it was, and gives each expected stock its business', async () => {
    // the columns later migrations added with a default for the rows already there are the one
    // difference: the debtor entries' numbers (0032), which the source numbered as it wrote them and
    // the migrated database leaves at 0 (listed first, in their old order), and the movements'
    // business day (0038), which the source wrote and the migrated database leaves '' (placed by
    // their instant)
    const defaults: Record<string, [string, unknown]> = {
      debtors: ['entry_seq', 0],
      debtor_entries: ['seq', 0],
      stock_movements: ['business_day', ''],
    };
    const withoutDefaulted = (table: string, rows: Record<string, unknown>[]) =>
      rows.map((r) => Object.fromEntries(Object.entries(r).filter(([c]) => c !== defaults[table]?.[0])));
    for (const t of ARCHIVE_TABLES) {
      const rows = await rowsOf(target.db, t.name, t.orderBy);
      expect(withoutDefaulted(t.name, rows), t.name).toEqual(withoutDefaulted(t.name, before.get(t.name)!));
      const [column, value] = defaults[t.name] ?? [];
      if (column)
        expect(
          rows.map((r) => (typeof value === 'number' ? Number(r[column]) : r[column])),
          t.name,
        ).toEqual(rows.map(() => value));
    }
    expect(before.get('debtor_entries')!.length).toBeGreaterThan(0);
    for (const table of [
      'sales',
      'sale_lines',
      'sale_reversals',
      'stock_levels',
      'stock_movements',
      'stock_count_expected',
    ])
      expect(before.get(table)!.length, table).toBeGreaterThan(0);
  });

  it("refuses a row that points at another business's record on PostgreSQL, a missing one on SQLite", async () => {
    const k = target.db.kysely as unknown as AnyDb;
    const business = before.get('businesses')![0]!;
    const product = before.get('products')![0]!;
    const location = before.get('locations')![0]!;
    const other = v7();
    await k
      .insertInto('businesses')
      .values({ ...business, id: other })
      .execute();
    const level = {
      business_id: other,
      product_id: product.id,
      location_id: location.id,
      quantity: 1000,
      updated_at: String(business.created_at),
    };
    if (TEST_DIALECT === 'postgres') {
      // The composite foreign keys: (business_id, product_id) names no product of that business.
      await expect(k.insertInto('stock_levels').values(level).execute()).rejects.toMatchObject({
        code: '23503',
        constraint: expect.stringMatching(/^stock_levels_(location|product)_id_fkey$/),
      });
    } else {
      // SQLite keeps the shop's single-column foreign keys, still enforced after the migration.
      await expect(
        k
          .insertInto('stock_levels')
          .values({ ...level, product_id: v7() })
          .execute(),
      ).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    }
  });
});
