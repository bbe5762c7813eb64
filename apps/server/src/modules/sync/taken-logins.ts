import { sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Trx } from '../../lib/tx.js';
import type { ThrottleRule } from '../auth/login-throttle.js';
import { nameClashRules } from '../users/name-clashes.js';
import { loginNameKey, mobileForms } from '../users/users.repository.js';
import type { AnyDb, SyncDocument } from './documents.js';

/**
 * Users whose name or mobile another business here already has: sign-in takes either without
 * naming a business, so they must be unique on the hosted server. Such a user is set aside
 * (quarantined) instead of failing the whole batch.
 */
export async function takenLogins(
  k: AnyDb,
  businessId: string,
  docs: SyncDocument[],
): Promise<Map<string, 'username_taken' | 'mobile_taken'>> {
  const out = new Map<string, 'username_taken' | 'mobile_taken'>();
  const users = docs
    .filter((d) => d.type === 'user')
    .map((d) => d.body.users?.[0])
    .filter((u) => !!u);
  if (users.length === 0) return out;
  const clash = async (column: 'username_key' | 'mobile', reason: 'username_taken' | 'mobile_taken') => {
    const values = users.map((u) => u[column]).filter((v): v is string => typeof v === 'string' && v !== '');
    if (values.length === 0) return;
    const rows = await k
      .selectFrom('users')
      .select(column)
      .where(column, 'in', values)
      .where('business_id', '!=', businessId)
      .execute();
    const hit = new Set(rows.map((r) => String(r[column])));
    for (const u of users) if (hit.has(String(u[column]))) out.set(String(u.id), reason);
  };
  await clash('username_key', 'username_taken');
  // and across the two (sign-in takes either: assertLoginNamesFree's rule): a username that is
  // another business's mobile, a mobile that is another business's username
  const across = async (
    mine: 'username_key' | 'mobile',
    theirs: 'username_key' | 'mobile',
    reason: 'username_taken' | 'mobile_taken',
  ) => {
    const keyOf = new Map<string, string[]>();
    for (const u of users) {
      const v = u[mine];
      if (typeof v !== 'string' || v === '') continue;
      const forms = theirs === 'mobile' ? mobileForms(v) : [loginNameKey(v)];
      for (const f of forms) keyOf.set(f, [...(keyOf.get(f) ?? []), String(u.id)]);
    }
    if (keyOf.size === 0) return;
    const rows = await k
      .selectFrom('users')
      .select(theirs)
      .where(theirs, 'in', [...keyOf.keys()])
      .where('business_id', '!=', businessId)
      .execute();
    for (const r of rows) for (const id of keyOf.get(String(r[theirs])) ?? []) out.set(id, reason);
  };
  // a mobile another business holds, with or without its + (sign-in takes either form)
  await across('mobile', 'mobile', 'mobile_taken');
  await across('username_key', 'mobile', 'username_taken');
  await across('mobile', 'username_key', 'mobile_taken');
  return out;
}

/**
 * A push's answers that a user's name is another business's (`takenLogins`) are counted with the
 * users API's (`names:<business>`, users/name-clashes.ts), in the push's own transaction: a
 * linked shop could otherwise make users of any names and learn, batch after batch, which of them
 * other businesses hold. A batch whose taken answers would pass the limit is refused whole (429
 * `rate_limited`, Retry-After: when enough of the counted answers are out of the window) and
 * answers none of them; the shop sends it again then. A shop never meets it unless it sends over
 * 20 users whose names are taken in an hour.
 */
export async function countTakenAnswers(
  trx: Trx,
  dialect: 'sqlite' | 'postgres',
  businessId: string,
  at: string,
  taken: ReadonlyMap<string, unknown>,
): Promise<void> {
  if (taken.size === 0) return;
  const [rule] = nameClashRules(businessId) as [ThrottleRule];
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext('duka.login_failures'), hashtext(${rule.key}))`.execute(
      trx,
    );
  const now = new Date(at).getTime();
  const recent = await trx
    .selectFrom('login_failures')
    .select('created_at')
    .where('key', '=', rule.key)
    .where('created_at', '>', new Date(now - rule.windowMs).toISOString())
    .orderBy('created_at', 'asc')
    .execute();
  const over = recent.length + taken.size - rule.max;
  if (over > 0) {
    // when the `over` oldest answers have left the window (a batch larger than the limit: a whole window)
    const freed = recent[over - 1];
    const waitMs = freed ? new Date(freed.created_at).getTime() + rule.windowMs - now : rule.windowMs;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new AppError(
      'rate_limited',
      `Too many names found taken; try again in ${Math.ceil(seconds / 60)} minutes`,
      undefined,
      { 'Retry-After': String(seconds) },
    );
  }
  await trx
    .insertInto('login_failures')
    .values([...taken.keys()].map(() => ({ id: newId(), key: rule.key, created_at: at })))
    .execute();
}
