import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { AppError } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import type { Trx } from '../../lib/tx.js';

/** After this many failures in the window, for a login name or an address, sign-in answers 429. */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;

export function throttleKeys(login: string, ip: string): string[] {
  return [`login:${login.toLowerCase()}`, `ip:${ip}`];
}

/** Throws 429 with Retry-After while either key has MAX_FAILURES failures inside the window. */
export async function assertNotThrottled(db: Kysely<Database>, keys: string[], now: Date): Promise<void> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  let retryAfterMs = 0;
  for (const key of keys) {
    const recent = await db
      .selectFrom('login_failures')
      .select('created_at')
      .where('key', '=', key)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(MAX_FAILURES)
      .execute();
    const tenth = recent[MAX_FAILURES - 1];
    if (tenth) {
      retryAfterMs = Math.max(
        retryAfterMs,
        new Date(tenth.created_at).getTime() + FAILURE_WINDOW_MS - now.getTime(),
      );
    }
  }
  if (retryAfterMs > 0) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    throw new AppError(
      'rate_limited',
      `Too many failed sign-ins; try again in ${Math.ceil(seconds / 60)} minutes`,
      undefined,
      {
        'Retry-After': String(seconds),
      },
    );
  }
}

export async function recordFailure(trx: Trx, keys: string[], at: string): Promise<void> {
  await trx
    .insertInto('login_failures')
    .values(keys.map((key) => ({ id: newId(), key, created_at: at })))
    .execute();
}

export async function clearFailures(trx: Trx, key: string, olderThan: string): Promise<void> {
  await trx
    .deleteFrom('login_failures')
    .where((eb) => eb.or([eb('key', '=', key), eb('created_at', '<', olderThan)]))
    .execute();
}
