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
