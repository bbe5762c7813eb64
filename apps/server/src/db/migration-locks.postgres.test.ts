import { sql } from 'kysely';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freshSchemaWithClients } from '../test/test-db.js';
import { type Db, migrate } from './database.js';
import { LOCK_TIMEOUT_MS, isLockTimeout, lockTimeoutFor, retryDelay } from './migration-locks.js';

/**
 * A migration that cannot take a table's lock gives up after `lock_timeout` and is tried again
 * later (migration-locks.ts), instead of waiting in the lock's queue with every write to that
 * table queued behind it. Migration 0029 builds `products_reorder` in the migrations' transaction
 * on a small table (`create index` takes a lock that writes to `products` wait for); a till's
 * transaction that has written to `products` and stays open holds it up.
 */
describe('migrations waiting for a lock (PostgreSQL)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  const before0029 = () => freshSchemaWithClients('0028-unconfirmed-transfers', cleanups);

  /** A till's transaction that has written to the products and not yet committed. */
  async function openWriter(client: () => Promise<pg.Client>) {
    const till = await client();
    await till.query('begin');
    await till.query('update products set name = name where false');
    return till;
  }

  /** Until the migration's `create index` waits for a lock (10 s at most). */
  async function migrationWaiting(c: pg.Client): Promise<boolean> {
    for (let i = 0; i < 500; i++) {
      const { rows } = await c.query(
        `select 1 from pg_stat_activity where query ilike 'create index "products_reorder"%' and wait_event_type = 'Lock'`,
      );
      if (rows.length > 0) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  }

  const migrated = async (db: Db) =>
    (
      await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.kysely)
    ).rows.map((r) => r.name);
  const hasIndex = async (db: Db) =>
    (
      await sql`select 1 from pg_indexes where schemaname = current_schema() and indexname = 'products_reorder'`.execute(
        db.kysely,
      )
    ).rows.length === 1;

  it('lets the writes behind it through while a transaction holds the table, then migrates', async () => {
    const { db, client } = await before0029();
    const till = await openWriter(client);
    const waits: number[] = [];
    const migrating = migrate(db, undefined, {
      lockTimeoutMs: 100,
      onLockWait: (w) => waits.push(w.attempt),
    });
    expect(await migrationWaiting(await client())).toBe(true);

    // Another till writes to the products while the first is still open. Queued behind a
    // migration that waits for the first till, it would wait as long: its own lock_timeout
    // (5 s) would fail it.
    const nextTill = await client();
    await nextTill.query('begin');
    await nextTill.query(`set local lock_timeout = '5s'`);
    await nextTill.query('update products set name = name where false');
    await nextTill.query('commit');
    expect(await migrated(db)).not.toContain('0029-reorder-index');

    await till.query('commit');
    await migrating;
    expect(await migrated(db)).toContain('0029-reorder-index');
    expect(await hasIndex(db)).toBe(true);
    expect(waits.length).toBeGreaterThanOrEqual(1);
  });

  it('gives up with the lock’s error when the table stays held, and leaves nothing half done', async () => {
    const { db, client } = await before0029();
    const till = await openWriter(client);
    // (how many attempts fit in the 600 ms depends on how long the other test files' migrations
    // hold Kysely's migration lock: the first test counts them)
    const failed = await migrate(db, undefined, { lockTimeoutMs: 50, lockRetryForMs: 600 }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(isLockTimeout(failed)).toBe(true);
    expect(await migrated(db)).not.toContain('0029-reorder-index');
    expect(await hasIndex(db)).toBe(false);
    await till.query('rollback');
  });

  it('waits for a lock 100 ms at first, twice as long at each attempt, at most 2 s', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => lockTimeoutFor(n))).toEqual([
      100, 200, 400, 800, 1_600, 2_000, 2_000,
    ]);
    expect(LOCK_TIMEOUT_MS).toBe(2_000);
    expect(lockTimeoutFor(3, 250)).toBe(250);
  });

  it('pauses longer after each attempt, up to 8 s, never in step', () => {
    expect([1, 2, 3, 6, 7, 20].map((n) => retryDelay(n, () => 1))).toEqual([
      250, 500, 1_000, 8_000, 8_000, 8_000,
    ]);
    expect(retryDelay(3, () => 0)).toBe(500);
  });
});
