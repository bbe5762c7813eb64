import type { Kysely } from 'kysely';
import { type GroupCommitDriver, groupDriverOf } from './group-commit.js';
import type { Database } from './tables.js';

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
 * stamp) it is always read. The value is frozen: whoever gets it must not change it.
 */
export async function keptRead<T, DB = Database>(
  db: Kysely<DB>,
  key: string,
  tables: readonly (keyof DB & string)[],
  read: () => Promise<T>,
): Promise<T> {
  const driver = groupDriverOf(db);
  if (!driver) return read();
  const stamp = stampOf(driver, tables);
  const kept = stamp === undefined ? undefined : driver.kept.get(key);
  if (kept && kept.stamp === stamp) return kept.value as T;
  const value = deepFreeze(await read());
  // kept only if nothing changed while it was read (a read that waited for a transaction)
  if (stamp !== undefined && stampOf(driver, tables) === stamp) {
    if (kept) driver.kept.delete(key);
    else if (driver.kept.size >= KEPT_READS) driver.kept.delete(driver.kept.keys().next().value!);
    driver.kept.set(key, { stamp, value });
  }
  return value;
}

/** The driver's read stamp; undefined when the connection cannot answer now (a read streaming). */
function stampOf(driver: GroupCommitDriver, tables: readonly string[]): string | undefined {
  try {
    return driver.readStamp(tables);
  } catch {
    return undefined;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
