import { sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Trx } from '../../lib/tx.js';
import type { ThrottleRule } from '../auth/login-throttle.js';
import { nameClashRules } from '../users/name-clashes.js';
import { loginNameKey, mobileForms } from '../users/users.repository.js';
import { type AnyDb, type SyncDocument, docKey } from './documents.js';
import { namedUsers } from './foreign-users.js';

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

/** What the names' answers need of the apply (`ApplyTarget`, apply-documents.ts). */
export interface NameTarget {
  businessId: string;
  dialect: 'sqlite' | 'postgres';
  at: string;
  countsNames?: boolean;
  journal?: readonly { doc_type: string; doc_id: string }[];
}

/** What a push may answer about its users' names, and what waits for a later batch. */
export interface NameAnswers {
  /** The taken answers given (counted), by user id: those users are set aside. */
  taken: Map<string, 'username_taken' | 'mobile_taken'>;
  /** Users whose names are not answered in this batch, taken or not: neither written nor set aside. */
  deferred: Set<string>;
  /**
   * With deferred users: how many of the batch's entries are accepted, those before the first
   * deferred user's first entry (the shop sends the rest again once the count allows).
   */
  accepted: number | null;
}

/**
 * A push's answers that a user's name is another business's (`takenLogins`) are counted with the
 * users API's (`names:<business>`, users/name-clashes.ts), in the push's own transaction: a
 * linked shop could otherwise make users of any names and learn, batch after batch, which of them
 * other businesses hold. Only users that ask something count (new here, or a name or mobile
 * changed): an edit of a user already here with the same names never waits.
 *
 * The asking users are walked in the order of their first entry in the batch. While answers are
 * left in the hour, each is answered (a taken one is counted and set aside, a free one written);
 * once none are left, every later asking user is deferred, taken or not, as the users API refuses
 * every name past the limit: what a push learns is never more than the count allows, and a
 * refusal never tells a taken name from a free one. The batch is then accepted up to the first
 * deferred user's entry (the rest of its documents are written, those users not), and the shop
 * sends the rest again: when that starts with a deferred user, it is refused 429
 * `sync_names_limited` with Retry-After (when the oldest counted answer leaves the hour).
 * Before, a batch whose answers would pass the count was refused whole, so one with more than 20
 * taken names never went through, and the refusal itself told whether its names were taken.
 */
export async function answerNames(
  trx: Trx,
  dialect: 'sqlite' | 'postgres',
  businessId: string,
  at: string,
  asking: readonly { id: string; mention: number }[],
  taken: ReadonlyMap<string, 'username_taken' | 'mobile_taken'>,
): Promise<NameAnswers> {
  const out: NameAnswers = { taken: new Map(), deferred: new Set(), accepted: null };
  if (asking.length === 0) return out;
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
  let left = Math.max(0, rule.max - recent.length);
  let first: { id: string; mention: number } | null = null;
  for (const u of [...asking].sort((a, b) => a.mention - b.mention)) {
    if (left === 0) {
      out.deferred.add(u.id);
      first ??= u;
      continue;
    }
    const reason = taken.get(u.id);
    if (reason) {
      out.taken.set(u.id, reason);
      left -= 1;
    }
  }
  if (first) {
    out.accepted = Math.max(0, first.mention);
    if (out.accepted === 0) {
      // when the oldest counted answer leaves the hour (one of this batch's own: a whole hour)
      const freed = recent[recent.length - rule.max];
      const waitMs = freed ? new Date(freed.created_at).getTime() + rule.windowMs - now : rule.windowMs;
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw new AppError(
        'sync_names_limited',
        `The hosted server answers no more user names this hour; try again in ${Math.ceil(seconds / 60)} minutes`,
        undefined,
        { 'Retry-After': String(seconds) },
      );
    }
  }
  if (out.taken.size > 0)
    await trx
      .insertInto('login_failures')
      .values([...out.taken.keys()].map(() => ({ id: newId(), key: rule.key, created_at: at })))
      .execute();
  return out;
}

/**
 * Which of the batch's users are set aside as taken, and, on a push, which wait: a user asks when
 * it is new here or its name or mobile changed (an edit of one already here never waits).
 */
export async function nameAnswers(
  trx: Trx,
  t: NameTarget,
  docs: SyncDocument[],
  stored: Map<string, SyncDocument>,
): Promise<NameAnswers> {
  const taken = await takenLogins(trx as unknown as AnyDb, t.businessId, docs);
  if (!t.countsNames) return { taken, deferred: new Set(), accepted: null };
  const mention = new Map<string, number>();
  t.journal?.forEach((e, i) => {
    if (e.doc_type === 'user' && !mention.has(e.doc_id)) mention.set(e.doc_id, i);
  });
  const asking: { id: string; mention: number }[] = [];
  for (const doc of docs) {
    if (doc.type !== 'user') continue;
    const u = doc.body.users?.[0];
    const was = stored.get(docKey('user', doc.id))?.body.users?.[0];
    const names = (r: Record<string, unknown> | undefined) => [r?.username_key ?? null, r?.mobile ?? null];
    const [key, mobile] = names(u);
    const [wasKey, wasMobile] = names(was);
    // a name or mobile it did not have here asks (one let go of, a mobile removed, asks nothing)
    const asks = (key !== null && key !== wasKey) || (mobile !== null && mobile !== wasMobile);
    if (asks || taken.has(doc.id)) asking.push({ id: doc.id, mention: mention.get(doc.id) ?? -1 });
  }
  return answerNames(trx, t.dialect, t.businessId, t.at, asking, taken);
}

/**
 * The documents a push leaves for the shop to send again (`answerNames`): the users waiting for
 * a name answer, and the documents after the accepted entries that name one of them (a file keeps
 * its maker by a foreign key). Those before name none: a waiting user's first entry comes after.
 */
export function waiting(t: NameTarget, names: NameAnswers): (doc: SyncDocument) => boolean {
  if (names.deferred.size === 0) return () => false;
  const accepted = new Set<string>();
  for (const e of t.journal?.slice(0, names.accepted ?? 0) ?? []) accepted.add(docKey(e.doc_type, e.doc_id));
  return (doc) =>
    doc.type === 'user'
      ? names.deferred.has(doc.id)
      : !accepted.has(docKey(doc.type, doc.id)) &&
        namedUsers(doc.body).some((id) => names.deferred.has(id as string));
}
