import { type Kysely, sql } from 'kysely';
import { type DialectName, dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { addressForLimits } from '../../lib/address-for-limits.js';
import { AppError } from '../../lib/errors.js';
import { deviceTokenMatches } from '../../lib/device-tokens.js';
import { newId } from '../../lib/ids.js';
import type { Trx } from '../../lib/tx.js';
import { loginNameKey } from '../users/users.repository.js';

/**
 * Failed sign-ins (and wrong current passwords) are counted in `login_failures` under three keys,
 * so one address cannot lock an account out for everyone else:
 * - per (account, address): 10 in 15 minutes → that address may not try that account;
 * - per address: 30 in 15 minutes → that address may not try any account;
 * - per account: 100 in an hour, from anywhere → nobody may try that account, except from a till
 *   the user has signed in on before that proves it with the token the server issued it
 *   (`knownTill`), which has a ceiling of 100 of its own: on a hosted server anyone can fail a
 *   user's name 100 times from a few addresses, and the shop's own tills are not locked out with
 *   the attacker.
 * One address can fail an account at most 40 times an hour, under the account's ceiling of 100.
 * The rows live in the database, so the limits hold across server instances. An attempt is
 * counted before its password is checked (claimAttempt), under a lock per key on PostgreSQL, so
 * a burst of attempts at once, to one process or spread over several, gets no more through.
 */
export interface ThrottleRule {
  key: string;
  max: number;
  windowMs: number;
}

export const PAIR_MAX = 10;
export const PAIR_WINDOW_MS = 15 * 60_000;
export const ADDRESS_MAX = 30;
export const ADDRESS_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_MAX = 100;
export const ACCOUNT_WINDOW_MS = 60 * 60_000;
/** Rows older than the longest window count for nothing and are pruned. */
export const LONGEST_WINDOW_MS = Math.max(PAIR_WINDOW_MS, ADDRESS_WINDOW_MS, ACCOUNT_WINDOW_MS);

/**
 * The account is the user id when the name is known, else the name as sign-in matches it
 * (`loginNameKey`: any case, a leading + ignored), so an unknown name is limited the same way,
 * and the forms of one name share one counter whether or not it has an account: the counters
 * never tell which names do.
 */
export function accountKey(userId: string | undefined, login: string): string {
  return userId ? `user:${userId}` : `name:${loginNameKey(login)}`;
}

/**
 * The rules of an attempt on `account` from `ip`, an IPv6 address counting as its /64. From a
 * known till (`tillId`: `knownTill`), the account's ceiling is the till's own instead: the shop's
 * till is not locked out with everyone else, and the staff who share its token still get no more
 * than 100 tries an hour at another user's password from it.
 */
export function throttleRules(account: string, ip: string, tillId: string | null = null): ThrottleRule[] {
  const address = addressForLimits(ip);
  return [
    { key: `pair:${account}|${address}`, max: PAIR_MAX, windowMs: PAIR_WINDOW_MS },
    { key: `ip:${address}`, max: ADDRESS_MAX, windowMs: ADDRESS_WINDOW_MS },
    tillId === null
      ? { key: `acct:${account}`, max: ACCOUNT_MAX, windowMs: ACCOUNT_WINDOW_MS }
      : { key: `till:${account}|${tillId}`, max: ACCOUNT_MAX, windowMs: ACCOUNT_WINDOW_MS },
  ];
}

/**
 * Whether a sign-in comes from a till `user` has signed in on before (a session of theirs names
 * it), carrying the device token the server issued that till, which is not blocked. The two reads
 * are made for an unknown name too (no business has the empty id), so an answer takes about as
 * long whichever names are users' (a user's many sessions, read by their user id, take a little
 * longer; argon2's check of the password, tens of milliseconds, hides it).
 */
export async function knownTill(
  db: Kysely<Database>,
  user: { id: string; business_id: string } | undefined,
  deviceId: string | null,
  token: string | null,
): Promise<boolean> {
  if (!deviceId || !token) return false;
  const businessId = user?.business_id ?? '';
  const device = await db
    .selectFrom('devices')
    .select(['status', 'token_hash'])
    .where('business_id', '=', businessId)
    .where('id', '=', deviceId)
    .executeTakeFirst();
  const before = await db
    .selectFrom('sessions')
    .select('id')
    .where('business_id', '=', businessId)
    .where('user_id', '=', user?.id ?? '')
    .where('device_id', '=', deviceId)
    .limit(1)
    .executeTakeFirst();
  return !!user && !!device && device.status !== 'blocked' && deviceTokenMatches(device, token) && !!before;
}

/** Throws 429 with Retry-After while any rule has its maximum of failures inside its window. */
export async function assertNotThrottled(
  db: Kysely<Database>,
  rules: ThrottleRule[],
  now: Date,
  what = 'Too many failed sign-ins',
): Promise<void> {
  let retryAfterMs = 0;
  for (const rule of rules) {
    const since = new Date(now.getTime() - rule.windowMs).toISOString();
    const recent = await db
      .selectFrom('login_failures')
      .select('created_at')
      .where('key', '=', rule.key)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(rule.max)
      .execute();
    const last = recent[rule.max - 1];
    if (last) {
      retryAfterMs = Math.max(
        retryAfterMs,
        new Date(last.created_at).getTime() + rule.windowMs - now.getTime(),
      );
    }
  }
  if (retryAfterMs > 0) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    throw new AppError(
      'rate_limited',
      `${what}; try again in ${Math.ceil(seconds / 60)} minutes`,
      undefined,
      { 'Retry-After': String(seconds) },
    );
  }
}

/** An attempt counted as a failure until it succeeds: its rows, one per rule. */
export interface Attempt {
  ids: string[];
}

/**
 * Counts an attempt before its password is checked (429 when a rule is at its maximum): the
 * check and the count in one transaction, each key locked on PostgreSQL (SQLite runs one write
 * transaction at a time), so two attempts at once never both see the last free place. The
 * attempt stays a failure unless forgetAttempt takes it back (a success, or a refusal that is
 * not about the password).
 */
export async function claimAttempt(
  db: Kysely<Database>,
  dialect: DialectName,
  rules: ThrottleRule[],
  now: Date,
  /** What the 429's message says there were too many of. */
  what?: string,
): Promise<Attempt> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      for (const key of rules.map((r) => r.key).sort())
        await sql`select pg_advisory_xact_lock(hashtext('duka.login_failures'), hashtext(${key}))`.execute(
          trx,
        );
    }
    await assertNotThrottled(trx, rules, now, what);
    const at = now.toISOString();
    const rows = rules.map((r) => ({ id: newId(), key: r.key, created_at: at }));
    await trx.insertInto('login_failures').values(rows).execute();
    return { ids: rows.map((r) => r.id) };
  });
}

/** Takes back an attempt's count: it succeeded, or was refused for a reason other than its password. */
export async function forgetAttempt(trx: Trx, attempt: Attempt): Promise<void> {
  await trx.deleteFrom('login_failures').where('id', 'in', attempt.ids).execute();
}

/**
 * An unknown name's failed sign-in, recorded as the same kind of write as a known user's failure
 * is journaled (`appendJournal`: a counter row updated and a row inserted, in a transaction of
 * their own, one statement on PostgreSQL): the attempt's first row touched and a row of the
 * failure inserted. A wrong password for a real name did one write more than an unknown name, and
 * the time it took told which names are users'. The row is under a key no rule counts, no
 * business sees it, it is pruned with the rest (`clearFailures`), and there is one per attempt
 * counted: never more of them than the limits let attempts through.
 */
export async function recordUnknownFailure(
  trx: Trx,
  attempt: Attempt,
  account: string,
  at: string,
): Promise<void> {
  const row = { id: newId(), key: `unknown:${account}`, created_at: at };
  const touched = attempt.ids[0] ?? '';
  if (dialectOf(trx) === 'postgres') {
    await sql`with "touched" as (update "login_failures" set "created_at" = "created_at" where "id" = ${touched} returning "id")
      insert into "login_failures" ("id", "key", "created_at")
      select ${row.id}, ${row.key}, ${row.created_at} from "touched" returning "id"`.execute(trx);
    return;
  }
  await trx
    .updateTable('login_failures')
    .set((eb) => ({ created_at: eb.ref('created_at') }))
    .where('id', '=', touched)
    .returning('id')
    .execute();
  await trx.insertInto('login_failures').values(row).execute();
}

/**
 * After a success: forgets this address's failures for this account (the address and account
 * ceilings keep counting) and prunes rows older than every window.
 */
export async function clearFailures(trx: Trx, rules: ThrottleRule[], now: Date): Promise<void> {
  const olderThan = new Date(now.getTime() - LONGEST_WINDOW_MS).toISOString();
  const pair = rules[0]?.key ?? '';
  await trx
    .deleteFrom('login_failures')
    .where((eb) => eb.or([eb('key', '=', pair), eb('created_at', '<', olderThan)]))
    .execute();
}
