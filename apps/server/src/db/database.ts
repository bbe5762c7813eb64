import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, sql, type Migration } from 'kysely';
import { GroupCommitSqliteDialect } from './group-commit.js';
import pg from 'pg';
import { PRIVATE_FILE_MODE, makeDatabasePrivate, makePrivateDir } from '../lib/private-files.js';
import type { Database } from './tables.js';
import { OwnSchemaPostgresDialect } from './pg-introspector.js';
import { PgKept, registerPgKept } from './pg-kept.js';
import { PreparingClient } from './pg-prepared.js';
import {
  lockTimeoutFor,
  type LockWaitOptions,
  retryingLockTimeouts,
  withLockTimeout,
} from './migration-locks.js';
import { foundation } from './migrations/0001-foundation.js';
import { stock } from './migrations/0002-stock.js';
import { stockCounts } from './migrations/0003-stock-counts.js';
import { selling } from './migrations/0004-selling.js';
import { printing } from './migrations/0005-printing.js';
import { reportSummaries } from './migrations/0006-report-summaries.js';
import { deviceTokens } from './migrations/0007-device-tokens.js';
import { requestHashes } from './migrations/0008-request-hashes.js';
import { sync } from './migrations/0009-sync.js';
import { syncIndexes } from './migrations/0010-sync-indexes.js';
import { workDrafts } from './migrations/0011-work-drafts.js';
import { drawerOpenings } from './migrations/0012-drawer-openings.js';
import { reversalDiscounts } from './migrations/0013-reversal-discounts.js';
import { clocks } from './migrations/0014-clocks.js';
import { receiptSeries } from './migrations/0015-receipt-series.js';
import { keptSeries } from './migrations/0019-kept-series.js';
import { fieldStamps } from './migrations/0016-field-stamps.js';
import { buyingPrice } from './migrations/0017-buying-price.js';
import { pull } from './migrations/0018-pull.js';
import { businessKeys } from './migrations/0020-business-keys.js';
import { lineReferences } from './migrations/0021-line-references.js';
import { movementIndex } from './migrations/0022-movement-index.js';
import { keptNotices } from './migrations/0023-kept-notices.js';
import { saleIndexWrites } from './migrations/0024-sale-index-writes.js';
import { transferTotals } from './migrations/0025-transfer-totals.js';
import { levelsByBusiness } from './migrations/0026-levels-by-business.js';
import { levelsBelowZero } from './migrations/0027-levels-below-zero.js';
import { unconfirmedTransfers } from './migrations/0028-unconfirmed-transfers.js';
import { reorderIndex } from './migrations/0029-reorder-index.js';
import { keptSyncNotices } from './migrations/0030-kept-sync-notices.js';
import { countMoved } from './migrations/0031-count-moved.js';
import { debtorEntryOrder } from './migrations/0032-debtor-entry-order.js';
import { receiptPrints } from './migrations/0033-receipt-prints.js';
import { documentDrawerOpenings } from './migrations/0034-document-drawer-openings.js';
import { receiptColumns } from './migrations/0035-receipt-columns.js';
import { taxNameWeekStart } from './migrations/0036-tax-name-week-start.js';
import { keptMeNotices } from './migrations/0037-kept-me-notices.js';
import { movementDays } from './migrations/0038-movement-days.js';
import { syncClockBigint } from './migrations/0039-sync-clock-bigint.js';
import { countEntryLevels } from './migrations/0040-count-entry-levels.js';
import { paymentVoids } from './migrations/0041-payment-voids.js';
import { transferReferenceKey } from './migrations/0042-transfer-reference-key.js';
import { journalTimeOrder } from './migrations/0043-journal-time-order.js';

import type { DialectName } from './dialect.js';
import {
  type MigrationContext,
  ONLINE_INDEX_ROWS,
  buildPendingIndexes,
  ensureIndexBuildsTable,
} from './online-index.js';

export type { DialectName };

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** Where the SQLite file lives (undefined on PostgreSQL). */
  file: string | undefined;
  /** The SQLite connection itself (undefined on PostgreSQL). */
  sqlite: SQLite.Database | undefined;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres:// URL; when absent, SQLite at `sqliteFile`. */
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  pgSchema?: string;
  /**
   * SQLite's durability: FULL (default) syncs the WAL at every commit, so an acknowledged sale
   * survives a power cut, not only a crash; NORMAL (for the benchmark's baseline) may lose the
   * last commits when the power goes.
   */
  sqliteSynchronous?: 'FULL' | 'NORMAL';
  /** PostgreSQL: the most connections the pool opens (default `PG_POOL_MAX_DEFAULT`). */
  pgPoolMax?: number;
  /** PostgreSQL: how long a statement waits for a lock, and a request for a connection (tests set less). */
  pgWaits?: Partial<PgWaits>;
}

/**
 * How long a hosted process waits on PostgreSQL before it answers `server_busy` (503), so one
 * business whose rows stay locked (a process paused in its transaction, a long import) cannot
 * take every connection of the pool with its waiting requests and stop every other business:
 * - `lockMs`, the session's `lock_timeout`: a statement waiting longer for a row or table lock
 *   fails (a sale waits for its business's lock behind the sales in progress: milliseconds);
 * - `connectMs`: a request that waits longer for a connection of the pool fails;
 * - `idleInTransactionMs`: PostgreSQL ends a session that left its transaction open and idle for
 *   longer (a process that stopped mid-transaction), so its locks go.
 * Migrations, index builds and a sync apply set their own waits for their transaction or session.
 */
export interface PgWaits {
  lockMs: number;
  connectMs: number;
  idleInTransactionMs: number;
}

export const PG_WAITS_DEFAULT: PgWaits = { lockMs: 5_000, connectMs: 10_000, idleInTransactionMs: 30_000 };

/** A PostgreSQL pool's size unless PG_POOL_MAX says otherwise. */
export const PG_POOL_MAX_DEFAULT = 10;

/** pg returns int8 (counts, sums, bigint counters) and numeric as strings; read them as numbers here, once. */
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID || oid === NUMERIC_OID
      ? (value: string) => Number(value)
      : (pg.types.getTypeParser(oid, format) as (
          value: string,
        ) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
};

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) {
    const connection: pg.ClientConfig = {
      connectionString: options.databaseUrl,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    };
    const kept = new PgKept(connection);
    const waits = { ...PG_WAITS_DEFAULT, ...options.pgWaits };
    const settings = [
      ...(options.pgSchema ? [`-c search_path=${options.pgSchema}`] : []),
      `-c lock_timeout=${waits.lockMs}`,
      `-c idle_in_transaction_session_timeout=${waits.idleInTransactionMs}`,
    ];
    const pool = new pg.Pool({
      ...connection,
      options: settings.join(' '),
      connectionTimeoutMillis: waits.connectMs,
      max: options.pgPoolMax ?? PG_POOL_MAX_DEFAULT,
      types: pgTypes,
      Client: PreparingClient,
      dukaKept: kept,
    } as pg.PoolConfig);
    const kysely = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
    registerPgKept(kysely, kept);
    return {
      kysely,
      dialect: 'postgres',
      file: undefined,
      sqlite: undefined,
      close: async () => {
        await kept.close();
        await kysely.destroy();
      },
    };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') {
    makePrivateDir(path.dirname(file));
    // Created owner-only before SQLite opens it: SQLite gives its -wal and -shm the main file's mode.
    if (!fs.existsSync(file)) fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
    makeDatabasePrivate(file);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // The journals a transaction keeps to roll back one statement or one savepoint (group commit
  // runs each transaction in a savepoint) held in memory (issue 21). With temp files, SQLite moves
  // the savepoints' journal to a file once it passes 64 KiB, and from then on until the group's
  // COMMIT writes each page a savepoint first changes to that file (it truncates only an in-memory
  // one): half the CPU of a sale's inserts. These journals are not the WAL: a crash needs none of
  // them, so nothing acknowledged depends on them. Sorts and temporary tables stay in memory too.
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma(`synchronous = ${options.sqliteSynchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  if (file !== ':memory:') makeDatabasePrivate(file);
  const kysely = new Kysely<Database>({
    dialect: new GroupCommitSqliteDialect(sqlite, withStatementCache(sqlite)),
  });
  return {
    kysely,
    dialect: 'sqlite',
    file,
    sqlite,
    async close() {
      await kysely.destroy();
    },
  };
}

/** Stands for a ROLLBACK statement when SQLite has already rolled the transaction back. */
const NOTHING_TO_ROLL_BACK = {
  reader: false,
  readonly: false,
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
} as unknown as SQLite.Statement;

/** Most prepared statements kept per database; the oldest unused goes first. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every statement anew (a fifth of a request's time in the
 * checkout benchmark); the same SQL text reuses its prepared statement here. Safe because the
 * driver runs one statement at a time to completion (`all`/`run`) on the single connection, and
 * SQLite re-prepares a statement by itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database): (sqlText: string) => SQLite.Statement {
  const cache = new Map<string, SQLite.Statement>();
  return (sqlText: string) => {
    // SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR,
    // SQLITE_NOMEM…); Kysely's ROLLBACK after it would fail with "cannot rollback - no
    // transaction is active" and that error would replace the real one in the log and the
    // answer. With no transaction left, there is nothing to roll back.
    if (sqlText === 'rollback' && !sqlite.inTransaction) return NOTHING_TO_ROLL_BACK;
    let stmt = cache.get(sqlText);
    if (stmt) {
      cache.delete(sqlText);
    } else {
      stmt = sqlite.prepare(sqlText);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sqlText, stmt);
    return stmt;
  };
}

export function migrationsFor(
  dialect: DialectName,
  ctx: MigrationContext = { dialect, onlineIndexRows: ONLINE_INDEX_ROWS },
): Record<string, Migration> {
  return {
    '0001-foundation': foundation(dialect),
    '0002-stock': stock(dialect),
    '0003-stock-counts': stockCounts(dialect),
    '0004-selling': selling(dialect),
    '0005-printing': printing(dialect),
    '0006-report-summaries': reportSummaries(dialect),
    '0007-device-tokens': deviceTokens(dialect),
    '0008-request-hashes': requestHashes(dialect),
    '0009-sync': sync(dialect),
    '0010-sync-indexes': syncIndexes(dialect),
    '0011-work-drafts': workDrafts(dialect),
    '0012-drawer-openings': drawerOpenings(dialect),
    '0013-reversal-discounts': reversalDiscounts(dialect),
    '0014-clocks': clocks(dialect),
    '0015-receipt-series': receiptSeries(dialect),
    '0016-field-stamps': fieldStamps(dialect),
    '0017-buying-price': buyingPrice(dialect),
    '0018-pull': pull(dialect),
    '0019-kept-series': keptSeries(dialect),
    '0020-business-keys': businessKeys(dialect),
    '0021-line-references': lineReferences(dialect),
    '0022-movement-index': movementIndex(),
    '0023-kept-notices': keptNotices(dialect),
    '0024-sale-index-writes': saleIndexWrites(ctx),
    '0025-transfer-totals': transferTotals(dialect),
    '0026-levels-by-business': levelsByBusiness(ctx),
    '0027-levels-below-zero': levelsBelowZero(),
    '0028-unconfirmed-transfers': unconfirmedTransfers(),
    '0029-reorder-index': reorderIndex(ctx),
    '0030-kept-sync-notices': keptSyncNotices(dialect),
    '0031-count-moved': countMoved(),
    '0032-debtor-entry-order': debtorEntryOrder(),
    '0033-receipt-prints': receiptPrints(),
    '0034-document-drawer-openings': documentDrawerOpenings(),
    '0035-receipt-columns': receiptColumns(),
    '0036-tax-name-week-start': taxNameWeekStart(),
    '0037-kept-me-notices': keptMeNotices(dialect),
    '0038-movement-days': movementDays(ctx),
    '0039-sync-clock-bigint': syncClockBigint(dialect),
    '0040-count-entry-levels': countEntryLevels(dialect),
    '0041-payment-voids': paymentVoids(ctx),
    '0042-transfer-reference-key': transferReferenceKey(ctx),
    '0043-journal-time-order': journalTimeOrder(ctx),
  };
}

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema: check search_path');
  return schema;
}

export interface MigrateOptions extends LockWaitOptions {
  /** PostgreSQL: a table with at least this many rows has a new index built after the migrations, concurrently (`online-index.ts`). */
  onlineIndexRows?: number;
  /**
   * What to do with those builds: `wait` builds them before returning (the CLI, tests), waiting
   * for another process's; `later` leaves them to the caller (a server starts them in the
   * background, `startIndexBuilds`, and serves meanwhile).
   */
  indexBuilds?: 'wait' | 'later';
}

/**
 * Runs every pending migration (or those up to `upTo`, for tests of an upgrade); throws with the
 * failing migration's error. On PostgreSQL a migration that waits too long for a table's lock
 * gives up and the whole run is tried again later (`migration-locks.ts`), so that the sales
 * queued behind it go on.
 */
export async function migrate(db: Db, upTo?: string, options: MigrateOptions = {}): Promise<void> {
  if (db.dialect === 'postgres') await ensureIndexBuildsTable(db.kysely);
  const ctx = { dialect: db.dialect, onlineIndexRows: options.onlineIndexRows ?? ONLINE_INDEX_ROWS };
  const migrations = migrationsFor(db.dialect, ctx);
  let lockTimeoutMs = 0;
  const migrator = new Migrator({
    db: db.kysely,
    // Kysely looks for its migration tables in every schema unless told which: with another
    // schema's tables on the same database (tests, several shops) it would skip creating its own.
    ...(db.dialect === 'postgres' ? { migrationTableSchema: await currentSchema(db) } : {}),
    provider: {
      getMigrations: () =>
        Promise.resolve(db.dialect === 'postgres' ? withLockTimeout(migrations, lockTimeoutMs) : migrations),
    },
  });
  await retryingLockTimeouts(async (attempt) => {
    lockTimeoutMs = lockTimeoutFor(attempt, options.lockTimeoutMs);
    const { error, results } = await (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest());
    if (error) {
      const failed = results?.find((r) => r.status === 'Error');
      const reason = error instanceof Error ? error.message : JSON.stringify(error);
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
    }
  }, options);
  if ((options.indexBuilds ?? 'wait') === 'wait') await buildPendingIndexes(db, { wait: true });
}
