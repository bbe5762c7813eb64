import { sql } from 'kysely';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { freshSchemaWithClients } from '../test/test-db.js';
import { type Db, migrate, openDatabase } from './database.js';
import { buildPendingIndexes, startIndexBuilds } from './online-index.js';

/**
 * A hosted database's new indexes on big tables are built after the migrations with `create
 * index concurrently` (online-index.ts), so that a migration does not stop every business's sales
 * for the length of a build. `onlineIndexRows: 0` treats the test's empty tables as big ones.
 * Migration 0026 adds `stock_levels_business`, the index watched here; 0029 adds `products_reorder`
 * after it (then 0038 `stock_movements_business_day`, 0041 `debtor_payments_voids`, 0042
 * `transfers_reference_key`, 0043 `journal_business_time`).
 */
/** The indexes the migrations from 0026 on ask to build concurrently, in their order. */
const RECORDED = [
  'stock_levels_business',
  'products_reorder',
  'stock_movements_business_day',
  'debtor_payments_voids',
  'transfers_reference_key',
  'journal_business_time',
];

describe('indexes built without stopping writes (PostgreSQL)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /** A database migrated up to 0025, and clients of its schema as other processes would open. */
  const before0026 = () => freshSchemaWithClients('0025-transfer-totals', cleanups);

  const indexState = async (db: Db) => {
    const { rows } = await sql<{ valid: boolean }>`
      select i.indisvalid as valid from pg_index i
      join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relname = 'stock_levels_business'`.execute(db.kysely);
    return rows[0] ? (rows[0].valid ? 'valid' : 'invalid') : 'none';
  };
  const recorded = async (db: Db) =>
    (await sql<{ name: string }>`select name from index_builds order by seq`.execute(db.kysely)).rows.map(
      (r) => r.name,
    );

  /** Until a backend of `schema`'s database runs a concurrent build that waits for a lock (10 s at most). */
  async function buildWaiting(c: pg.Client): Promise<boolean> {
    for (let i = 0; i < 500; i++) {
      const { rows } = await c.query(
        `select 1 from pg_stat_activity
         where query ilike 'create index concurrently%stock_levels_business%' and wait_event_type = 'Lock'`,
      );
      if (rows.length > 0) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  }

  it('lets a write through while the build waits for an open writer, then builds the index once', async () => {
    const { db, client, openAgain } = await before0026();
    // A till's transaction that has written to the levels and not yet committed.
    const till = await client();
    await till.query('begin');
    await till.query('update stock_levels set quantity = quantity where false');

    const migrating = migrate(db, undefined, { onlineIndexRows: 0 });
    const watcher = await client();
    // Inside the migrations' transaction, `create index` would queue behind the till's lock and
    // every write after it behind the `create index`; a concurrent build waits alone.
    expect(await buildWaiting(watcher)).toBe(true);
    expect(await recorded(db)).toEqual(RECORDED);

    const nextTill = await client();
    await nextTill.query(`set lock_timeout = '5s'`);
    const wrote = await nextTill.query('update stock_levels set quantity = quantity where false');
    expect(wrote.command).toBe('UPDATE');

    // Another process starting now leaves the build to the one under way.
    const other = openAgain!();
    cleanups.push(() => other.close());
    expect(await buildPendingIndexes(other, { wait: false })).toBe(0);

    await till.query('commit');
    await migrating;
    expect(await indexState(db)).toBe('valid');
    expect(await recorded(db)).toEqual([]);
    expect(await buildPendingIndexes(other, { wait: false })).toBe(0);
  });

  it('drops the invalid index of a stopped build and builds it again', async () => {
    const { db, client } = await before0026();
    await migrate(db, undefined, { onlineIndexRows: 0, indexBuilds: 'later' });
    expect(await recorded(db)).toEqual(RECORDED);
    expect(await indexState(db)).toBe('none');

    const till = await client();
    await till.query('begin');
    await till.query('update stock_levels set quantity = quantity where false');
    const logged: string[] = [];
    const log = {
      info: (_o: object, m: string) => logged.push(m),
      warn: (_o: object, m: string) => logged.push(m),
    };
    const builds = startIndexBuilds(db, log);
    expect(await buildWaiting(await client())).toBe(true);
    // The server closes while its build waits: the build is cancelled half way.
    await builds.stop();
    await till.query('commit');
    expect(await builds.done).toBe(0);
    expect(logged).toEqual(['index build stopped; it starts again at the next start']);
    expect(await indexState(db)).toBe('invalid');
    expect(await recorded(db)).toEqual(RECORDED);

    // The next start.
    expect(await buildPendingIndexes(db, { wait: true })).toBe(RECORDED.length);
    expect(await indexState(db)).toBe('valid');
    expect(await recorded(db)).toEqual([]);
  });

  it("keeps the index a new one replaces until the new one is valid (0038's movements by day)", async () => {
    const { db } = await freshSchemaWithClients('0037-kept-me-notices', cleanups);
    const indexes = async () =>
      (
        await sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = current_schema() and tablename = 'stock_movements' order by indexname`.execute(
          db.kysely,
        )
      ).rows.map((r) => r.name);
    // a database whose builds' table was made before the column that names the replaced index
    await sql`alter table index_builds drop column if exists replaces`.execute(db.kysely);
    await migrate(db, undefined, { onlineIndexRows: 0, indexBuilds: 'later' });
    // recorded, and the stock report's reads still have the old index meanwhile
    expect(await recorded(db)).toContain('stock_movements_business_day');
    expect(await indexes()).toContain('stock_movements_business_time');
    expect(await indexes()).not.toContain('stock_movements_business_day');
    await buildPendingIndexes(db, { wait: true });
    expect(await indexes()).toContain('stock_movements_business_day');
    expect(await indexes()).not.toContain('stock_movements_business_time');
    expect(await recorded(db)).toEqual([]);
  });

  it('builds in the migration itself a table smaller than the threshold', async () => {
    const { db } = await before0026();
    await migrate(db, undefined, { onlineIndexRows: 1, indexBuilds: 'later' });
    expect(await indexState(db)).toBe('valid');
    expect(await recorded(db)).toEqual([]);
  });

  it('migrates a new database from several processes starting at once', async () => {
    const url = process.env.DATABASE_URL!;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    cleanups.push(async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    });
    const processes = [0, 1, 2, 3].map(() => openDatabase({ databaseUrl: url, pgSchema: schema }));
    for (const p of processes) cleanups.push(() => p.close());
    await Promise.all(processes.map((p) => migrate(p)));
    expect(await recorded(processes[0]!)).toEqual([]);
  });
});
