import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, PG_POOL_MAX_DEFAULT, openDatabase } from './database.js';

/**
 * A hosted process opens at most PG_POOL_MAX connections (docs/scale.md: processes × (pool + 1)
 * must fit PostgreSQL's max_connections); requests beyond it wait in the pool's queue.
 */
describe('the PostgreSQL pool of a process', () => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  /** The backends that answered `n` statements sent at once, each holding its connection a moment. */
  async function backendsFor(n: number): Promise<number> {
    const pids = await Promise.all(
      Array.from({ length: n }, () =>
        sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(db!.kysely),
      ),
    );
    return new Set(pids.map((r) => r.rows[0]!.pid)).size;
  }

  it('opens as many connections as PG_POOL_MAX says, and no more', async () => {
    db = openDatabase({ databaseUrl: process.env.DATABASE_URL, pgPoolMax: 3 });
    expect(await backendsFor(8)).toBe(3);
  });

  it('opens ten by default', async () => {
    expect(PG_POOL_MAX_DEFAULT).toBe(10);
    db = openDatabase({ databaseUrl: process.env.DATABASE_URL });
    expect(await backendsFor(14)).toBe(10);
  });
});
