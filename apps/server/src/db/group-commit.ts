import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
} from 'kysely';
import type { Database } from './tables.js';
import { TableChanges, schemaOf } from './table-changes.js';

const ARRAY_ROWS = Symbol('rows as arrays');
type ArrayRows = CompiledQuery & { [ARRAY_ROWS]?: true };

/**
 * The query with its rows answered as arrays of values in the order of its columns, on SQLite
 * (a wide row as an array costs half what it costs as an object); PostgreSQL answers objects.
 */
export function rowsAsArrays(query: CompiledQuery): CompiledQuery {
  const { sql, parameters, query: node, queryId } = query;
  return { sql, parameters, query: node, queryId, [ARRAY_ROWS]: true } as ArrayRows;
}

/**
 * Group commit for the shop's SQLite database (issue 21).
 *
 * With `synchronous=FULL` every COMMIT waits for the disk (an fsync of the WAL): about 0.9 ms of a
 * sale's 3 ms at 32 connections. Here the transactions that run one after another while a commit
 * is due share one COMMIT:
 *
 * - the first transaction opens the group (`BEGIN`); each transaction runs in its own savepoint
 *   inside it, and its rollback undoes only its own work (`ROLLBACK TO`);
 * - a transaction that succeeds releases its savepoint and the connection at once, so the next
 *   one can run, but its `commit` resolves only after the group's COMMIT has reached the disk:
 *   the request is answered after that, so a crash or a power cut loses no acknowledged sale;
 * - the group commits at the end of the event loop's turn (`setImmediate`), once the connection
 *   is free: the transactions already waiting for it join the group first, a transaction that
 *   begins after that turn starts the next group; a write outside a transaction commits the group
 *   before it runs;
 * - if the COMMIT fails, or SQLite rolls the whole group back by itself (disk full, I/O error),
 *   every transaction of the group fails with that error: none was acknowledged.
 *
 * A transaction of the group sees the writes of the ones before it (as it would have after their
 * commits), and fails with them if the group fails, so nothing it decided on them survives alone.
 * A read outside a transaction may see a write of the open group a moment (the rest of the turn)
 * before it is on disk; that write's own request is not answered before it is, and if the group
 * fails (the disk is full or failing) every one of its requests gets the error.
 * Other connections (the backup's worker, the CLI) see only what the group has committed.
 */
export class GroupCommitDriver implements Driver {
  readonly #sqlite: SQLite.Database;
  readonly #prepare: (sql: string) => SQLite.Statement;
  readonly #mutex = new FifoMutex();
  /** The connection a query or transaction holds, while one does (not the group's own COMMIT). */
  #holder: GroupConnection | null = null;
  /** The group's BEGIN was issued and its COMMIT not yet. */
  #open = false;
  #waiting: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  #scheduled = false;
  /** The turn that opened the group has ended: the next transaction starts a new group. */
  #due = false;
  /** Statements run here that may change what this connection reads: writes (per table) and rollbacks. */
  readonly #tables: TableChanges;
  /** SQLite's count of commits by other connections (the backup's worker, the CLI, another server). */
  readonly #dataVersion: SQLite.Statement;
  /** Reads kept while their stamp holds (`keptRead`). */
  readonly kept = new Map<string, { stamp: string; value: unknown }>();
  /** Sees the text of every statement run through `execute` (tests: which tables a read names). */
  trace: ((sqlText: string) => void) | undefined;

  constructor(sqlite: SQLite.Database, prepare: (sql: string) => SQLite.Statement) {
    this.#sqlite = sqlite;
    this.#prepare = prepare;
    this.#dataVersion = sqlite.prepare('pragma data_version').pluck();
    this.#tables = new TableChanges(schemaOf(sqlite));
  }

  /**
   * What this connection reads now of `tables` (of every table without them): two equal stamps
   * mean the same rows in between (no statement here wrote them or rolled back, and no other
   * connection committed). A transaction that holds the connection and has not written yet
   * changes nothing a read would see. `dataVersion`: one taken earlier in the same request.
   */
  readStamp(tables?: readonly string[], dataVersion = this.dataVersion()): string {
    return `${this.#tables.stamp(tables)}.${dataVersion}`;
  }

  /**
   * SQLite's count of commits by other connections (the backup's worker, the CLI, another
   * server): a read of the WAL's index, 5 µs under load (16 % of `GET /api/me`'s CPU), so it is
   * read once per turn of the event loop and shared by every request that starts in that turn
   * (many, under load). Those requests arrived together: a commit by another process during the
   * turn is seen from the next one, as a commit during a request is seen by the next request.
   */
  dataVersion(): number {
    if (this.#turnDataVersion !== undefined) return this.#turnDataVersion;
    const v = this.#dataVersion.get() as number;
    this.#turnDataVersion = v;
    setImmediate(this.#endTurn);
    return v;
  }

  #turnDataVersion: number | undefined;
  readonly #endTurn = () => {
    this.#turnDataVersion = undefined;
  };

  /** The tables a read's text names (`TableChanges.tablesIn`); null when it names none. */
  tablesIn(sqlText: string): string[] | null {
    return this.#tables.tablesIn(sqlText);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    const conn = new GroupConnection(this);
    this.#holder = conn;
    return conn;
  }

  beginTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as GroupConnection;
    if (this.#due) this.commitGroup();
    if (!this.#open) {
      this.#run('begin');
      this.#open = true;
    }
    this.#run('savepoint duka_group');
    conn.inTransaction = true;
    return Promise.resolve();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as GroupConnection;
    this.#run('release duka_group');
    conn.inTransaction = false;
    conn.released = true;
    const durable = new Promise<void>((resolve, reject) => this.#waiting.push({ resolve, reject }));
    this.#schedule();
    this.#holder = null;
    this.#mutex.unlock();
    await durable;
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as GroupConnection;
    // Its commit failed with the group: the group is already rolled back.
    if (conn.released) return Promise.resolve();
    conn.inTransaction = false;
    if (!this.#sqlite.inTransaction) {
      // SQLite rolled the whole group back by itself (SQLITE_FULL, SQLITE_IOERR…): the
      // transactions that finished before this one are gone too.
      this.#failGroup(new Error('SQLite rolled back the transaction group'));
      return Promise.resolve();
    }
    this.#run('rollback to duka_group');
    this.#run('release duka_group');
    // The group's own transaction still holds SQLite's write lock: it ends with this turn, as for
    // a commit (another process, the CLI or a restore, would otherwise wait for the next write).
    this.#schedule();
    return Promise.resolve();
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    const conn = connection as GroupConnection;
    if (!conn.released) {
      conn.released = true;
      this.#holder = null;
      this.#mutex.unlock();
    }
    return Promise.resolve();
  }

  async destroy(): Promise<void> {
    await this.#mutex.lock();
    this.commitGroup();
    this.#sqlite.close();
  }

  /** Commits the open group now and answers its transactions. Only while holding the connection. */
  commitGroup(): void {
    this.#due = false;
    if (!this.#open) return;
    const waiting = this.#waiting;
    this.#waiting = [];
    this.#open = false;
    try {
      this.#run('commit');
    } catch (err) {
      this.#tables.any(); // taken back, by the ROLLBACK below or by SQLite itself
      try {
        if (this.#sqlite.inTransaction) this.#run('rollback');
      } finally {
        for (const w of waiting) w.reject(err);
      }
      return;
    }
    for (const w of waiting) w.resolve();
  }

  /** Runs one statement on the connection, for a query outside the group's transactions. */
  execute(compiledQuery: CompiledQuery, inTransaction: boolean): QueryResult<unknown> {
    const stmt = this.#prepare(compiledQuery.sql);
    this.trace?.(compiledQuery.sql);
    // `reader` is also true of a write with RETURNING: what may change rows is not `readonly`
    if (!stmt.readonly) this.#tables.wrote(compiledQuery.sql);
    if (!inTransaction && !stmt.readonly) this.commitGroup();
    try {
      return this.#executeStatement(stmt, compiledQuery);
    } catch (err) {
      this.#tables.any(); // SQLite may have taken the open group back by itself (SQLITE_IOERR, SQLITE_FULL…)
      throw err;
    }
  }

  #executeStatement(stmt: SQLite.Statement, compiledQuery: CompiledQuery): QueryResult<unknown> {
    const parameters = compiledQuery.parameters as unknown[];
    if (stmt.reader) {
      if (!(compiledQuery as ArrayRows)[ARRAY_ROWS]) return { rows: stmt.all(parameters) };
      stmt.raw(true);
      try {
        return { rows: stmt.all(parameters) };
      } finally {
        stmt.raw(false);
      }
    }
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  /**
   * Runs a query at once, without Kysely's round of promises through the connection (issue 21:
   * about 13 µs of each statement's ~20 on `GET /api/me`), when that is what the round would end
   * in: outside a transaction, when no query or transaction holds the connection (the statement
   * runs to completion before anything else can take it); inside one, while its transaction holds
   * the connection. Undefined when the query must wait its turn: the caller then goes through
   * Kysely as usual.
   */
  executeNow(compiledQuery: CompiledQuery, inTransaction: boolean): QueryResult<unknown> | undefined {
    if (inTransaction ? !this.#holder?.inTransaction : this.#mutex.held) return undefined;
    return this.execute(compiledQuery, inTransaction);
  }

  /** A read, row by row: like any read, it does not wait for the group. */
  stream(compiledQuery: CompiledQuery): Iterable<unknown> {
    if (!SelectQueryNode.is(compiledQuery.query))
      throw new Error('Sqlite driver only supports streaming of select queries');
    return this.#prepare(compiledQuery.sql).iterate(compiledQuery.parameters);
  }

  #failGroup(err: unknown): void {
    this.#tables.any(); // SQLite took the group back by itself
    this.#due = false;
    const waiting = this.#waiting;
    this.#waiting = [];
    this.#open = false;
    for (const w of waiting) w.reject(err);
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      if (!this.#open) return;
      this.#due = true;
      // Behind the transactions already waiting for the connection: they join the group.
      void this.#mutex.lock().then(() => {
        try {
          this.commitGroup();
        } finally {
          this.#mutex.unlock();
        }
      });
    });
  }

  #run(sqlText: string): void {
    if (sqlText.startsWith('rollback')) this.#tables.any();
    this.#prepare(sqlText).run();
  }
}

class GroupConnection implements DatabaseConnection {
  inTransaction = false;
  /** The connection went back to the driver (at its transaction's commit, before it is durable). */
  released = false;
  readonly #driver: GroupCommitDriver;

  constructor(driver: GroupCommitDriver) {
    this.#driver = driver;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return Promise.resolve(this.#driver.execute(compiledQuery, this.inTransaction) as QueryResult<R>);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const rows = this.#driver.stream(compiledQuery)[Symbol.iterator]();
    const iterator: AsyncIterableIterator<QueryResult<R>> = {
      [Symbol.asyncIterator]: () => iterator,
      next: () => {
        const next = rows.next();
        return Promise.resolve(
          next.done ? { done: true, value: undefined } : { done: false, value: { rows: [next.value as R] } },
        );
      },
    };
    return iterator;
  }
}

/** One holder at a time, in the order they asked. */
class FifoMutex {
  #held = false;
  readonly #queue: (() => void)[] = [];

  get held(): boolean {
    return this.#held;
  }

  lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  unlock(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** The group-commit driver of each Kysely instance's adapter (shared by its transactions). */
const driversByAdapter = new WeakMap<DialectAdapter, GroupCommitDriver>();

/** Kysely's SQLite dialect with the group-commit driver in place of its own. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly driver: GroupCommitDriver;

  constructor(sqlite: SQLite.Database, prepare: (sql: string) => SQLite.Statement) {
    super({ database: { close: () => sqlite.close(), prepare } });
    this.driver = new GroupCommitDriver(sqlite, prepare);
  }

  override createDriver(): Driver {
    return this.driver;
  }

  override createAdapter(): DialectAdapter {
    const adapter = super.createAdapter();
    driversByAdapter.set(adapter, this.driver);
    return adapter;
  }
}

/**
 * Runs a compiled query: on the shop's SQLite at once when the connection is free for it
 * (`GroupCommitDriver.executeNow`), else, and on PostgreSQL, through Kysely. The same rows and
 * errors either way; a Kysely instance with plugins always goes through Kysely (they may change
 * the query or its rows).
 */
export function executeCompiled<R, DB = Database>(
  db: Kysely<DB>,
  query: CompiledQuery,
): Promise<QueryResult<R>> {
  const driver = groupDriverOf(db);
  if (driver) {
    try {
      const now = driver.executeNow(query, db.isTransaction);
      if (now) return Promise.resolve(now as QueryResult<R>);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }
  return db.executeQuery<R>(query);
}

/** The group-commit driver behind a Kysely instance, when it has no plugins (they may change rows). */
export function groupDriverOf<DB>(db: Kysely<DB>): GroupCommitDriver | undefined {
  const executor = db.getExecutor();
  return executor.plugins.length === 0 ? driversByAdapter.get(executor.adapter) : undefined;
}
