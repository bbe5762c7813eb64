import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from './dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */

/**
 * Indexes built on PostgreSQL without stopping the writes to their table (issue 21: a hosted
 * server's migrations run in one transaction, so a `create index` there holds a lock that stops
 * every sale of every business until the build ends, minutes on a table of years).
 *
 * A migration asks for an index with `createIndexOnline`. On SQLite (one shop, its own small
 * tables) and on a PostgreSQL table of fewer than `onlineIndexRows` rows (a new database, the
 * tests) it is built there and then, in the migration's transaction. Otherwise the migration
 * records it in `index_builds`, in its transaction, and `buildPendingIndexes` builds it after the
 * transaction has committed with `create index concurrently`, which lets inserts, updates and
 * deletes go on meanwhile. Reads that want the index are slower until it is valid; nothing reads
 * differently, which is why only non-unique indexes may be built this way.
 *
 * A build that stops half way (the process ends, the build is cancelled, it fails) leaves an
 * invalid index of that name; the next build drops it first, so the record stays until an index
 * is valid. Builds run one at a time per schema (an advisory lock), so several server processes
 * starting together build each index once.
 */

/** An index a migration wants, written as `create index` would take it. */
export interface OnlineIndex {
  name: string;
  table: string;
  columns: readonly string[];
  /** An expression indexed after the columns, written with literals only (no parameters). */
  expression?: RawBuilder<unknown>;
  /** A partial index's condition. */
  where?: RawBuilder<SqlBool>;
  /**
   * An index this one takes the place of, dropped once this one is valid: a big table's reads keep
   * the old one while the new one is built concurrently.
   */
  replaces?: string;
}

/** What a migration knows of where it runs. */
export interface MigrationContext {
  dialect: DialectName;
  /** A PostgreSQL table with at least this many rows has its new indexes built after the migrations (`index_builds`). */
  onlineIndexRows: number;
}

/** The database the builds run on (database.ts `Db`, which imports this file's helpers for its migrations). */
interface Db {
  kysely: Kysely<any>;
  dialect: DialectName;
}

/** Below it an index build is short enough to hold the table's writes for. */
export const ONLINE_INDEX_ROWS = 10_000;

/**
 * The builds recorded and not yet done (PostgreSQL). Created by `migrate` before the migrations,
 * as Kysely creates its own tables; global (docs/scale.md), one row per index in the order recorded.
 */
export async function ensureIndexBuildsTable(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{
    found: boolean;
  }>`select exists (select 1 from information_schema.columns where table_schema = current_schema()
       and table_name = 'index_builds' and column_name = 'replaces') as found`.execute(db);
  if (rows[0]?.found) return;
  // Several processes starting together: two `create table if not exists` at once can both try.
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('duka.index_builds.table'), hashtext(current_schema()))`.execute(
      trx,
    );
    await sql`create table if not exists index_builds (
      name text primary key,
      table_name text not null,
      definition text not null,
      recorded_at timestamptz not null default now(),
      seq bigserial not null
    )`.execute(trx);
    // the index a build takes the place of (`OnlineIndex.replaces`, migration 0038)
    await sql`alter table index_builds add column if not exists replaces text`.execute(trx);
  });
}

function createStatement(db: Kysely<any>, index: OnlineIndex) {
  const builder = db.schema
    .createIndex(index.name)
    .on(index.table)
    .columns([...index.columns]);
  const withExpression = index.expression ? builder.expression(index.expression) : builder;
  return index.where ? withExpression.where(index.where) : withExpression;
}

/** Builds `index` now, or records it to be built concurrently after the migrations (see above). */
export async function createIndexOnline(
  db: Kysely<any>,
  index: OnlineIndex,
  ctx: MigrationContext,
): Promise<void> {
  if (ctx.dialect !== 'postgres' || (await rowsAtLeast(db, index.table, ctx.onlineIndexRows)) === false) {
    await createStatement(db, index).execute();
    if (index.replaces) await db.schema.dropIndex(index.replaces).ifExists().execute();
    return;
  }
  const { sql: text } = createStatement(db, index).ifNotExists().compile();
  if (!text.startsWith('create index if not exists ') || /\$\d/.test(text))
    throw new Error(`Cannot build ${index.name} concurrently: ${text}`);
  const definition = text.replace(/^create index /, 'create index concurrently ');
  const replaces = index.replaces ?? null;
  await sql`insert into index_builds (name, table_name, definition, replaces)
    values (${index.name}, ${index.table}, ${definition}, ${replaces})
    on conflict (name) do update set table_name = excluded.table_name, definition = excluded.definition,
      replaces = excluded.replaces`.execute(db);
}

/** Whether `table` holds at least `rows` rows, read without counting past them. */
async function rowsAtLeast(db: Kysely<any>, table: string, rows: number): Promise<boolean> {
  if (rows <= 0) return true;
  const { rows: found } = await sql<{
    n: number;
  }>`select count(*)::int as n from (select 1 from ${sql.table(table)} limit ${rows}) s`.execute(db);
  return Number(found[0]?.n ?? 0) >= rows;
}

/** The advisory lock's two keys: this feature's, and the schema's (tests keep a schema each). */
const LOCK = sql`hashtext('duka.index_builds'), hashtext(current_schema())`;

export interface IndexBuildsOptions {
  /** Wait for another process's builds to end (the CLI, tests); else leave them to it (a server starting). */
  wait: boolean;
  /** Told the backend's process id as each build starts (its drop of a half-built index too), so that it can be cancelled. */
  onBuilding?: (pid: number) => void;
  /** Told each index built. */
  onBuilt?: (name: string) => void;
  /** Asked before each build: true ends the builds there. */
  stopped?: () => boolean;
}

/**
 * Builds the recorded indexes, one at a time, on a connection of its own outside any transaction;
 * a build's record goes once its index is valid. Returns how many were built (0 on SQLite).
 */
export async function buildPendingIndexes(db: Db, options: IndexBuildsOptions): Promise<number> {
  if (db.dialect !== 'postgres') return 0;
  const pending = await sql`select 1 from index_builds limit 1`.execute(db.kysely);
  if (pending.rows.length === 0) return 0;
  return db.kysely.connection().execute(async (c) => {
    // A build waits for every transaction already writing the table, and for another process's
    // builds: no lock_timeout on this session (database.ts PgWaits); reset when it goes back.
    await sql`set lock_timeout = 0`.execute(c);
    try {
      return await buildWithLock(c, options);
    } finally {
      await sql`reset lock_timeout`.execute(c);
    }
  });
}

/** The builds, one process at a time (an advisory lock), on the connection `c`. */
async function buildWithLock(c: Kysely<any>, options: IndexBuildsOptions): Promise<number> {
  if (options.wait) await sql`select pg_advisory_lock(${LOCK})`.execute(c);
  else {
    const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_lock(${LOCK}) as got`.execute(c);
    if (!rows[0]?.got) return 0;
  }
  try {
    const { rows: pid } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(c);
    let built = 0;
    for (;;) {
      // Read one at a time: another process may have built some while this one waited.
      const { rows } = await sql<{ name: string; definition: string; replaces: string | null }>`
          select name, definition, replaces from index_builds order by seq limit 1`.execute(c);
      const next = rows[0];
      if (!next || options.stopped?.()) return built;
      options.onBuilding?.(pid[0]!.pid);
      const { rows: found } = await sql<{ valid: boolean }>`
          select i.indisvalid as valid from pg_index i
          join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relname = ${next.name}`.execute(c);
      if (found[0] && !found[0].valid)
        await sql`drop index concurrently if exists ${sql.id(next.name)}`.execute(c);
      await sql.raw(next.definition).execute(c);
      // the index it replaces, now that this one serves (a stop here leaves the record: done again)
      if (next.replaces) await sql`drop index concurrently if exists ${sql.id(next.replaces)}`.execute(c);
      await sql`delete from index_builds where name = ${next.name} and definition = ${next.definition}`.execute(
        c,
      );
      options.onBuilt?.(next.name);
      built++;
    }
  } finally {
    await sql`select pg_advisory_unlock(${LOCK})`.execute(c);
  }
}

/**
 * A server's builds, in the background while it serves: `stop` cancels the one under way (its
 * invalid index is dropped and built again at the next start) and waits for the builder to end.
 */
export function startIndexBuilds(
  db: Db,
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
): { done: Promise<number>; stop: () => Promise<void> } {
  let building: number | null = null;
  let stopping = false;
  const done = buildPendingIndexes(db, {
    wait: false,
    stopped: () => stopping,
    onBuilding: (pid) => {
      building = pid;
    },
    onBuilt: (name) => {
      building = null;
      log.info({ index: name }, 'index built');
    },
  }).catch((err: unknown) => {
    log.warn(
      { err },
      stopping
        ? 'index build stopped; it starts again at the next start'
        : 'index build failed; it is tried again at the next start',
    );
    return 0;
  });
  return {
    done,
    async stop() {
      stopping = true;
      if (building !== null) await sql`select pg_cancel_backend(${building})`.execute(db.kysely);
      await done;
    },
  };
}
