import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexesOf } from '../test/catalog.js';
import { freshDatabase, TEST_DIALECT } from '../test/test-db.js';
import type { Db } from './database.js';
import { citusKeyProblems, GLOBAL_TABLES } from './citus-keys.js';
import { conflictTarget } from './keys.js';

/** The keys each upsert of the code names (db/keys.ts): each must be a unique key of this database. */
const UPSERTS: [string, string[]][] = [
  ['stock_levels', ['product_id', 'location_id']],
  ['field_history', ['id']],
  ['drawer_openings', ['sale_id']],
];

/** The column sets of a table's unique indexes (primary key and unique constraints included). */
async function uniqueKeys(db: Db, table: string): Promise<string[][]> {
  return (await indexesOf(db, table)).filter((i) => i.unique && !i.partial).map((i) => i.columns);
}

/** The tables of this database (Kysely's migration tables included). */
async function tableNames(db: Db): Promise<string[]> {
  const { rows } =
    db.dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db.kysely)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely);
  return rows.map((r) => r.name).sort();
}

const SCALE_MD = path.join(import.meta.dirname, '../../../../docs/scale.md');

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((c) => b.includes(c));

describe('keys ready for Citus (distributed by business on PostgreSQL)', () => {
  let db: Db;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ db, dispose } = await freshDatabase());
  });
  afterAll(() => dispose());

  it('has business_id in every key, unique and foreign key between business tables (SQLite keeps its own)', async () => {
    if (TEST_DIALECT === 'postgres') {
      expect(await citusKeyProblems(db)).toEqual([]);
      // Every global table named exists, so the list cannot hide a table that was renamed.
      const { rows } = await sql<{ table: string }>`
        select table_name as table from information_schema.tables
        where table_schema = current_schema()`.execute(db.kysely);
      const names = new Set(rows.map((r) => r.table));
      expect([...GLOBAL_TABLES].filter((t) => !names.has(t))).toEqual([]);
    } else {
      // One shop never goes to Citus: its keys are those it had, no table was rebuilt.
      expect(await uniqueKeys(db, 'stock_levels')).toContainEqual(['product_id', 'location_id']);
      expect(await uniqueKeys(db, 'sales')).toContainEqual(['id']);
      const { rows } = await sql<{ name: string }>`
        select name from pragma_table_info('stock_count_expected')`.execute(db.kysely);
      expect(rows.map((r) => r.name)).toContain('business_id');
    }
  });

  it('names the table and constraint of each key that breaks a rule', async () => {
    if (TEST_DIALECT === 'sqlite') {
      // The checker reads PostgreSQL's catalog; SQLite has none to read.
      await expect(citusKeyProblems(db)).rejects.toThrow(/PostgreSQL catalog/);
      return;
    }
    const run = (text: string) => sql.raw(text).execute(db.kysely);
    await run('CREATE TABLE bad_loose (id text PRIMARY KEY)');
    await run(`CREATE TABLE bad_keys (id text PRIMARY KEY, business_id text NOT NULL, code text UNIQUE,
                 sale_id text, loose_id text REFERENCES bad_loose (id))`);
    await run('CREATE UNIQUE INDEX bad_keys_sale ON bad_keys (sale_id)');
    // business_id matched to the sale's id: both columns are there, in the wrong places.
    await run(`ALTER TABLE bad_keys ADD CONSTRAINT bad_keys_crossed
                 FOREIGN KEY (sale_id, business_id) REFERENCES sales (business_id, id)`);
    await run('ALTER TABLE sessions ADD COLUMN bad_location text');
    await run(`ALTER TABLE sessions ADD CONSTRAINT sessions_bad_fkey FOREIGN KEY (business_id, bad_location)
                 REFERENCES locations (business_id, id)`);
    try {
      expect(await citusKeyProblems(db)).toEqual([
        'bad_loose: no business_id column',
        'bad_keys: unique bad_keys_code_key (code) lacks business_id',
        'bad_keys: primary key bad_keys_pkey (id) lacks business_id',
        'bad_keys: unique index bad_keys_sale (sale_id) lacks business_id',
        'bad_loose: primary key bad_loose_pkey (id) lacks business_id',
        'bad_keys: foreign key bad_keys_crossed (sale_id, business_id) → sales (business_id, id) does not match business_id to business_id',
        'bad_keys: foreign key bad_keys_loose_id_fkey (loose_id) → bad_loose (id) does not match business_id to business_id',
        'sessions: foreign key sessions_bad_fkey (business_id, bad_location) → locations (business_id, id) goes from a global table to a business table',
      ]);
    } finally {
      await run('ALTER TABLE sessions DROP COLUMN bad_location');
      await run('DROP TABLE bad_keys');
      await run('DROP TABLE bad_loose');
    }
    expect(await citusKeyProblems(db)).toEqual([]);
  });

  it('docs/scale.md distributes every business table and keeps every global one', async () => {
    const doc = fs.readFileSync(SCALE_MD, 'utf8');
    const move = doc.slice(doc.indexOf('### The move'), doc.indexOf('### What every query'));
    const called = (fn: string) => [...move.matchAll(new RegExp(`${fn}\\('(\\w+)'`, 'g'))].map((m) => m[1]!);
    const list = /unnest\(ARRAY\[([^\]]*)\]/.exec(move)?.[1] ?? '';
    const distributed = [
      ...called('create_distributed_table'),
      ...[...list.matchAll(/'(\w+)'/g)].map((m) => m[1]!),
    ];
    const all = await tableNames(db);
    expect(distributed.sort()).toEqual(all.filter((t) => !GLOBAL_TABLES.has(t)));
    const kept = [...called('create_reference_table'), ...called('citus_add_local_table_to_metadata')];
    expect(kept.filter((t) => !GLOBAL_TABLES.has(t))).toEqual([]);
    // index_builds is PostgreSQL's alone (db/online-index.ts: SQLite builds its indexes in its migrations)
    const globalHere = [...GLOBAL_TABLES].filter((t) => db.dialect === 'postgres' || t !== 'index_builds');
    expect(all.filter((t) => GLOBAL_TABLES.has(t))).toEqual(globalHere.sort());
  });

  it("names, as each upsert's conflict target, a unique key of this database", async () => {
    for (const [table, columns] of UPSERTS) {
      const target = conflictTarget(db.dialect, columns);
      const keys = await uniqueKeys(db, table);
      expect(
        keys.some((k) => sameSet(k, target)),
        `${table} (${target.join(', ')}) among ${JSON.stringify(keys)}`,
      ).toBe(true);
    }
  });
});
