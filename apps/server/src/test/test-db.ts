import { randomBytes } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { type Db, migrate, openDatabase } from '../db/database.js';

/** Which database this test run uses: the vitest project sets TEST_DB. */
export const TEST_DIALECT = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/**
 * A fresh, migrated database for one test file (migrated up to `upTo` when given): SQLite in
 * memory, or a new PostgreSQL schema (dropped again by `dispose`). On PostgreSQL a missing
 * DATABASE_URL is an error, never a skip.
 */
export async function freshDatabase(upTo?: string): Promise<{
  db: Db;
  dispose: () => Promise<void>;
  /** PostgreSQL: the same database opened again, as another server process would (closed by its caller). */
  openAgain?: () => Db;
}> {
  if (TEST_DIALECT === 'sqlite') {
    const db = openDatabase({});
    await migrate(db, upTo);
    return { db, dispose: () => db.close() };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = openDatabase({ databaseUrl: url, pgSchema: schema });
  await migrate(db, upTo);
  let disposed = false;
  return {
    db,
    openAgain: () => openDatabase({ databaseUrl: url, pgSchema: schema }),
    async dispose() {
      if (disposed) return;
      disposed = true;
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/**
 * PostgreSQL: `freshDatabase(upTo)` and clients of its schema as other processes would open them
 * (tests of what one connection's locks do to another's). `cleanups` gets the schema's drop and
 * each client's end, to run in reverse after the test.
 */
export async function freshSchemaWithClients(upTo: string | undefined, cleanups: (() => Promise<void>)[]) {
  const fresh = await freshDatabase(upTo);
  cleanups.push(fresh.dispose);
  const { rows } = await fresh.db.kysely.executeQuery<{ schema: string }>(
    CompiledQuery.raw('select current_schema() as schema'),
  );
  const schema = rows[0]!.schema;
  const client = async () => {
    const c = new pg.Client({
      connectionString: process.env.DATABASE_URL,
      options: `-c search_path=${schema}`,
    });
    await c.connect();
    cleanups.push(() => c.end());
    return c;
  };
  return { ...fresh, schema, client };
}
