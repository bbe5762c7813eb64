import { type UserRoles, rolesFromFlags } from '@duka/domain';

/** A user row's `flags` column (a JSON array of strings); anything unreadable is no flags. */
export function parseFlags(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

const rolesByFlags = new Map<string, Readonly<UserRoles>>();
/** Distinct `flags` texts kept; a server sees a handful (one per set of rights given). */
const MAX_KEPT = 1_000;

/**
 * The rights a `flags` column gives, read once per distinct text (every signed-in request reads
 * them): the answer is frozen, shared by every request with the same flags.
 */
export function rolesOf(json: string): Readonly<UserRoles> {
  let roles = rolesByFlags.get(json);
  if (!roles) {
    if (rolesByFlags.size >= MAX_KEPT) rolesByFlags.clear();
    roles = Object.freeze(rolesFromFlags(parseFlags(json)));
    rolesByFlags.set(json, roles);
  }
  return roles;
}
