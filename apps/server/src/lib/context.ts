import { ALL_FLAGS, type UserRoles, isAdminRole, rolesFromFlags } from '@duka/domain';
import type { Kysely } from 'kysely';
import { compiledQuery } from '../db/compiled-query.js';
import type { BusinessRow, Database, UserRow } from '../db/tables.js';
import { notFound } from './errors.js';
import { rolesOf } from './user-flags.js';

/**
 * Who is asking, from which device and when: the one description of a caller. The HTTP layer
 * builds it once per request (http/access.ts, from the session and the device headers); the CLI
 * and system jobs build it with `systemContext`. Services take it (or the narrow view they need,
 * `Actor` or `Operator`) and never read the request.
 */
/**
 * What a request holds of its business and user: the rows without what only their own screens
 * and sync read (field stamps, ADR 11; the password hash), which the session's statement then
 * need not read on every request (issue 21). A full row is one of these too.
 */
export type ContextBusiness = Omit<BusinessRow, 'stamps'>;
export type ContextUser = Omit<UserRow, 'password_hash' | 'stamps'>;

export interface Context {
  business: ContextBusiness;
  businessId: string;
  /** The signed-in user; null for the CLI and system jobs. */
  user: ContextUser | null;
  userId: string | null;
  /** The user's role; the CLI and system jobs act as admin. */
  role: string;
  /** The user's rights (flags); all of them for the CLI and system jobs. */
  roles: Readonly<UserRoles>;
  /** The device making this request (X-Device-Id), as the journal records it. */
  deviceId: string | null;
  /** The session of the request; null for the CLI and system jobs. */
  sessionId: string | null;
  /** The device the session was opened on (the approved-device rule checks it, ADR 8). */
  sessionDeviceId: string | null;
  /**
   * The locations the user may work at and read (user_locations); null = every location of the
   * business (an admin, the CLI). Loaded once, on first use, through the executor given then (a
   * write's transaction, so the check reads what the business lock guards).
   */
  locationRights: (q: Kysely<Database>) => Promise<string[] | null>;
  /** When the request is being answered: every write it makes carries this time. */
  at: string;
  /** The journal fields that come from the caller, to spread into `appendJournal`. */
  journal: { businessId: string; userId: string | null; deviceId: string | null; at: string };
}

/** A signed-in request's context: it always has a user and a session. */
export type SignedIn = Context & { user: ContextUser; userId: string; sessionId: string };

/** What a write records of its caller (journal rows, audit fields). */
export type Actor = Pick<Context, 'businessId' | 'userId' | 'deviceId' | 'at' | 'journal'>;

/** What a rule checks of its caller (location rights, admin-only fields). */
export type Operator = Pick<Context, 'businessId' | 'userId' | 'role' | 'locationRights'>;

export interface ContextParts {
  business: ContextBusiness;
  user: ContextUser | null;
  deviceId: string | null;
  sessionId: string | null;
  sessionDeviceId: string | null;
  at: string;
}

/** The CLI's and system jobs' rights: every flag. */
const ALL_ROLES: Readonly<UserRoles> = Object.freeze(rolesFromFlags([...ALL_FLAGS]));

/**
 * Whether an operator may work only at the locations given to them (`user_locations`): a user who
 * is not an admin. `locationRights` answers null for the others.
 */
export function limitedToGivenLocations(op: Pick<Operator, 'userId' | 'role'>): boolean {
  return op.userId !== null && !isAdminRole(op.role);
}

/** The locations a user may use: null for an admin and for the CLI (no user). */
function rightsLoader(user: ContextUser | null, businessId: string): Context['locationRights'] {
  if (!user || !limitedToGivenLocations({ userId: user.id, role: user.role }))
    return () => Promise.resolve(null);
  let loaded: Promise<string[]> | undefined;
  return (q) =>
    (loaded ??= userLocations
      .all(q, { userId: user.id, businessId })
      .then((rows) => rows.map((r) => r.location_id)));
}

const userLocations = compiledQuery((db, a: { userId: string; businessId: string }) =>
  db
    .selectFrom('user_locations')
    .select('location_id')
    .where('user_id', '=', a.userId)
    .where('business_id', '=', a.businessId),
);

// Every request builds one: its fields are written out, because V8 11 (Node 20) makes an object
// spread followed by more properties (`{ ...p, x }`) cost microseconds (issue 21).
export function makeContext(p: ContextParts): Context {
  const userId = p.user?.id ?? null;
  return {
    business: p.business,
    user: p.user,
    deviceId: p.deviceId,
    sessionId: p.sessionId,
    sessionDeviceId: p.sessionDeviceId,
    at: p.at,
    businessId: p.business.id,
    userId,
    role: p.user?.role ?? 'admin',
    locationRights: rightsLoader(p.user, p.business.id),
    roles: p.user ? rolesOf(p.user.flags) : ALL_ROLES,
    journal: { businessId: p.business.id, userId, deviceId: p.deviceId, at: p.at },
  };
}

/** The context of the CLI or a system job acting on one business (as admin, no user, no device). */
export async function systemContext(db: Kysely<Database>, businessId: string, at: string): Promise<Context> {
  const business = await db
    .selectFrom('businesses')
    .selectAll()
    .where('id', '=', businessId)
    .executeTakeFirst();
  if (!business) throw notFound('Business');
  return makeContext({ business, user: null, deviceId: null, sessionId: null, sessionDeviceId: null, at });
}
