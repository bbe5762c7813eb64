import type { Db } from '../../db/database.js';
import { isAppError } from '../../lib/errors.js';
import type { Trx } from '../../lib/tx.js';
import { type ThrottleRule, claimAttempt, forgetAttempt } from '../auth/login-throttle.js';

/**
 * Usernames and mobile numbers are one namespace across the server: sign-in takes a name and a
 * password, no business (users.repository.ts `assertLoginNamesFree`, `findUserByLogin`). So a
 * name another business's user holds is refused as taken, and on a hosted server an admin could
 * ask name after name to list another business's users. The answers that a name is taken are
 * counted per business (in `login_failures`, as failed sign-ins are: the count holds across
 * server processes and is pruned with them): past `NAME_CLASHES_MAX` in `NAME_CLASHES_WINDOW_MS`,
 * every request that sets a name is refused (429 `rate_limited`, Retry-After) until the oldest
 * count is out of the window, whether its names are taken or not (refusing only the taken ones
 * would answer the same question). An admin who mistypes a few names never meets the limit.
 */
export const NAME_CLASHES_MAX = 20;
export const NAME_CLASHES_WINDOW_MS = 60 * 60_000;

/** The refusals that tell a name is some user's, in this business or another. */
const TAKEN = new Set<string>(['username_taken', 'mobile_taken', 'username_is_mobile', 'mobile_is_username']);

export function nameClashRules(businessId: string): ThrottleRule[] {
  return [{ key: `names:${businessId}`, max: NAME_CLASHES_MAX, windowMs: NAME_CLASHES_WINDOW_MS }];
}

/** A write's count of its names' answer: taken back when it goes through, or is refused otherwise. */
export interface NameAnswer {
  /** In the write's transaction, when it goes through: the count is taken back with it. */
  settle(trx: Trx): Promise<void>;
  /** The write's refusal, answered back once the count is settled: kept for a taken name only. */
  refused(err: unknown): Promise<unknown>;
}

const UNCOUNTED: NameAnswer = { settle: () => Promise.resolve(), refused: (err) => Promise.resolve(err) };

/**
 * Counts the answer a write that sets a user's username or mobile number (`setsNames`; else
 * nothing is counted) will get, before its names are checked: 429 when the business is at the
 * limit. The count and its check are one transaction, locked per business on PostgreSQL as
 * sign-in's are, so a burst of requests at once gets no more answers. The write takes the count
 * back in its own transaction (`settle`) when it goes through, and so does a refusal that is not
 * about a taken name (`refused`); a taken name keeps it.
 */
export async function countNameAnswers(
  db: Db,
  businessId: string,
  at: string,
  setsNames: boolean,
): Promise<NameAnswer> {
  if (!setsNames) return UNCOUNTED;
  const attempt = await claimAttempt(
    db.kysely,
    db.dialect,
    nameClashRules(businessId),
    new Date(at),
    'Too many names found taken',
  );
  return {
    settle: (trx) => forgetAttempt(trx, attempt),
    async refused(err) {
      if (!(isAppError(err) && TAKEN.has(err.code)))
        await db.kysely.transaction().execute((trx) => forgetAttempt(trx, attempt));
      return err;
    },
  };
}
