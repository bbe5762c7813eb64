import type { Kysely } from 'kysely';
import { type GroupCommitDriver, groupDriverOf } from './group-commit.js';
import type { Database } from './tables.js';

/**
 * One request's view of other processes' commits (SQLite's data_version, taken once when its
 * session is read): the request's kept reads all answer as of that moment, as if the request had
 * run whole at once there; what this server writes meanwhile still counts at once. A commit by
 * another process during the request is seen by the next one. Undefined on PostgreSQL.
 */
export interface ReadAt {
  dataVersion: number;
}

/** Now, for a request's kept reads (`keptRead`'s `at`); undefined when nothing is kept (PostgreSQL). */
export function readAt<DB>(db: Kysely<DB>): ReadAt | undefined {
  const driver = groupDriverOf(db);
  if (!driver) return undefined;
  try {
    return { dataVersion: driver.dataVersion() };
  } catch {
    return undefined; // a read streaming: each kept read asks for itself
  }
}

/** Most reads `keptRead` keeps per database; past it the oldest goes. */
const KEPT_READS = 1000;

/**
 * A read the caller may be answered again without running it while nothing could have changed
 * its rows (issue 21: a signed-in request's session lookup, `GET /api/me`'s rights): on the
 * shop's SQLite, kept under `key` with the connection's read stamp of `tables`
 * (`GroupCommitDriver.readStamp`) and answered again while the stamp is the same; a write to one
 * of `tables` on this connection (or to a table whose foreign keys act on them), any rollback, or
 * a commit by another connection, and it is read again. `tables` must name every table the read
 * reads (`kept-read.test.ts` holds the callers to it). On PostgreSQL (several processes, no such
 * stamp) it is always read. The value is frozen: whoever gets it must not change it. `at`: the
 * request's moment (`readAt`), else now.
 */
export async function keptRead<T, DB = Database>(
  db: Kysely<DB>,
  key: string,
  tables: readonly (keyof DB & string)[],
  read: () => Promise<T>,
  at?: ReadAt,
): Promise<T> {
  const driver = groupDriverOf(db);
  if (!driver) return read();
  const stamp = stampOf(driver, tables, at);
  const kept = stamp === undefined ? undefined : driver.kept.get(key);
  if (kept && kept.stamp === stamp) return kept.value as T;
  const value = deepFreeze(await read());
  // kept only if nothing changed while it was read (a read that waited for a transaction)
  if (stamp !== undefined && stampOf(driver, tables, at) === stamp) {
    if (kept) driver.kept.delete(key);
    else if (driver.kept.size >= KEPT_READS) driver.kept.delete(driver.kept.keys().next().value!);
    driver.kept.set(key, { stamp, value });
  }
  return value;
}

/** The driver's read stamp; undefined when the connection cannot answer now (a read streaming). */
function stampOf(driver: GroupCommitDriver, tables: readonly string[], at?: ReadAt): string | undefined {
  try {
    return driver.readStamp(tables, at?.dataVersion);
  } catch {
    return undefined;
  }
}

/** The value and everything in it made read-only (a kept value is shared by every request). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
