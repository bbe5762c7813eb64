import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { type Db, migrate, openDatabase } from '../db/database.js';
import { newId } from '../lib/ids.js';

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
  const copy = upTo === undefined ? await migratedSchema : undefined;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  if (copy) {
    // the script creates its schema itself; the one row the migrations made that must differ
    // between databases is the server's own id (sync tells servers apart by it)
    await admin.query(`BEGIN;\n${copy.sql.replaceAll(copy.schema, schema)}\nCOMMIT;`);
    await admin.query(`UPDATE ${schema}.server_identity SET id = $1, created_at = $2`, [
      newId(),
      new Date().toISOString(),
    ]);
  } else {
    await admin.query(`CREATE SCHEMA ${schema}`);
  }
  await admin.end();
  const db = openDatabase({ databaseUrl: url, pgSchema: schema });
  if (!copy) {
    await migrate(db, upTo);
    if (upTo === undefined && !snapshotTaken) {
      snapshotTaken = true;
      // taken before the test gets the schema, so it holds none of the test's rows
      migratedSchema = snapshotOf(url, schema);
      await migratedSchema;
    }
  }
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
 * PostgreSQL: the first fully migrated schema of this worker (vitest runs a worker's files in one
 * module graph) as a script, to create the next files' schemas from instead of migrating each
 * again: the migrations cost ~0.7 s of PostgreSQL's time a schema on an idle machine (a second
 * under the suite's load, 295 s of the project's 593 test-seconds, 5 December), the script about
 * a third of that (Rails loads schema.rb into its test database for the same reason). The schema
 * is the one the migrations just made, dumped by pg_dump before any test wrote to it: tables,
 * indexes, constraints, functions, triggers, and the migrations' rows (its one row that must not
 * be copied, the server's id, is made anew). Without pg_dump, every schema is migrated.
 */
let snapshotTaken = false;
let migratedSchema: Promise<{ schema: string; sql: string } | undefined> = Promise.resolve(undefined);

async function snapshotOf(url: string, schema: string): Promise<{ schema: string; sql: string } | undefined> {
  try {
    const { stdout } = await promisify(execFile)(
      'pg_dump',
      ['--dbname', url, '--schema', schema, '--no-owner', '--no-privileges', '--inserts'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // psql's meta-commands (\restrict) are not SQL
    const sql = stdout
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n');
    return { schema, sql };
  } catch {
    return undefined;
  }
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
