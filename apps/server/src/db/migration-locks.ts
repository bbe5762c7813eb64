import { type Migration, sql } from 'kysely';

/**
 * Migrations that never stall a hosted server's sales behind them (issue 21).
 *
 * On PostgreSQL the migrations run in one transaction, and a statement that alters a table waits
 * for the locks of every transaction already using it: a long report, a till's open transaction.
 * While it waits, its own request for the lock is queued, and every later sale, search or report
 * on that table queues behind it, whichever business it is for: a migration stuck behind one slow
 * query stops the whole server. So each migration runs with `lock_timeout` (`LOCK_TIMEOUT_MS`):
 * a lock it cannot take in that time fails the attempt, the transaction takes back everything it
 * did, the queue behind it moves on, and `migrate` tries again after a pause (`retryDelay`),
 * until `LOCK_RETRY_FOR_MS` have passed. The first attempt waits 100 ms for a lock, each next one
 * twice as long as the one before, up to `LOCK_TIMEOUT_MS` (`lockTimeoutFor`): most locks in the
 * way are a sale's, gone in milliseconds, and a write queued behind a migration waits no longer
 * than the attempt does.
 *
 * What this does not do: a statement that holds its lock for long once it has it (a rewrite of a
 * big table, a constraint checked over every row) still stops writes for as long as it runs.
 * docs/scale.md ("Writing a migration") says how to write those instead; indexes are built
 * concurrently after the migrations (online-index.ts).
 */

/** The longest one migration statement waits for a lock before its attempt gives up. */
export const LOCK_TIMEOUT_MS = 2_000;

/** The first attempt's wait for a lock. */
const FIRST_LOCK_TIMEOUT_MS = 100;

/** How long `migrate` keeps trying before it fails with the lock's error. */
export const LOCK_RETRY_FOR_MS = 15 * 60_000;

export interface LockWaitOptions {
  /** The longest `lock_timeout` of a migration statement, in ms (default `LOCK_TIMEOUT_MS`). */
  lockTimeoutMs?: number;
  /** Gives up after this long (default `LOCK_RETRY_FOR_MS`). */
  lockRetryForMs?: number;
  /** Told each attempt that gave up waiting for a lock, before its pause. */
  onLockWait?: (wait: { attempt: number; retryInMs: number; message: string }) => void;
}

/** The migrations, each setting the transaction's `lock_timeout` before it runs (PostgreSQL). */
export function withLockTimeout(
  migrations: Record<string, Migration>,
  ms: number,
): Record<string, Migration> {
  const timed: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(migrations)) {
    timed[name] = {
      ...m,
      up: async (db) => {
        // local: for this transaction only; the migrations' connection goes back to the pool after.
        await sql`select set_config('lock_timeout', ${`${Math.max(1, Math.trunc(ms))}ms`}, true)`.execute(db);
        await m.up(db);
      },
    };
  }
  return timed;
}

/** The `lock_timeout` of attempt `attempt` (from 1): 100 ms, doubling, at most `max`. */
export function lockTimeoutFor(attempt: number, max: number = LOCK_TIMEOUT_MS): number {
  return Math.min(max, FIRST_LOCK_TIMEOUT_MS * 2 ** Math.max(0, attempt - 1));
}

/** PostgreSQL's `lock_not_available`: `lock_timeout` ran out (or `nowait` found the lock taken). */
export function isLockTimeout(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '55P03') return true;
  }
  return false;
}

/** The pause before attempt `attempt + 1`: doubling from a quarter second to 8 s, with jitter so that several processes do not retry in step. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(8_000, 250 * 2 ** Math.max(0, attempt - 1));
  return Math.trunc(base * (0.5 + random() / 2));
}

/** Runs `attempt` until it does not fail on a lock's timeout, or until the options' time is up. */
export async function retryingLockTimeouts(
  attempt: (n: number) => Promise<void>,
  options: LockWaitOptions,
): Promise<void> {
  const until = Date.now() + (options.lockRetryForMs ?? LOCK_RETRY_FOR_MS);
  for (let n = 1; ; n++) {
    try {
      await attempt(n);
      return;
    } catch (err) {
      const retryInMs = retryDelay(n);
      if (!isLockTimeout(err) || Date.now() + retryInMs > until) throw err;
      options.onLockWait?.({ attempt: n, retryInMs, message: (err as Error).message });
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
    }
  }
}

/** The server's and the CLI's `onLockWait`: a line on stderr for the operator, who may want to find the transaction in the way. */
export function logLockWait(wait: { attempt: number; retryInMs: number; message: string }): void {
  process.stderr.write(
    `Migrations: a table's lock was not free (${wait.message}); attempt ${wait.attempt} undone, trying again in ${wait.retryInMs} ms\n`,
  );
}
