import { type User, rolesFromFlags } from '@duka/domain';
import { type Kysely, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import { dialectOf, ofBusiness } from '../../db/dialect.js';
import type { Database, UserRow } from '../../db/tables.js';
import { parseFlags } from '../../lib/user-flags.js';
import { AppError } from '../../lib/errors.js';

export function toUser(row: UserRow, locationIds: string[]): User {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    mobile: row.mobile,
    role: row.role === 'admin' ? 'admin' : 'staff',
    user_roles: rolesFromFlags(parseFlags(row.flags)),
    img: row.img,
    home_location_id: row.home_location_id,
    location_ids: locationIds,
    active: row.active === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const locationsOfUsers = compiledQuery((db, a: { businessId: string; userIds: string[] }) =>
  db
    .selectFrom('user_locations')
    .select(['user_id', 'location_id'])
    .where(ofBusiness(db, 'business_id', a.businessId))
    .where('user_id', 'in', a.userIds)
    .orderBy('user_id')
    .orderBy('location_id'),
);

export async function locationIdsOf(
  db: Kysely<Database>,
  businessId: string,
  userIds: string[],
): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await locationsOfUsers.all(db, { businessId, userIds });
  for (const r of rows) map.get(r.user_id)?.push(r.location_id);
  return map;
}

export function findUser(db: Kysely<Database>, businessId: string, id: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * A user by username (any case) or mobile number, across the server: sign-in needs no business.
 * A mobile matches with or without its leading + (`254712…` finds `+254712…`); should two users
 * hold the two forms (saved before they were one number), the form typed wins.
 */
export function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([eb('username_key', '=', login.toLowerCase()), eb('mobile', 'in', mobileForms(login))]),
    )
    .orderBy(sql`case when mobile = ${login} then 0 else 1 end`)
    .executeTakeFirst();
}

/** How a name is compared across usernames and mobile numbers: any case, a leading + ignored. */
export function loginNameKey(name: string): string {
  return name.trim().toLowerCase().replace(/^\+/, '');
}

/**
 * The two ways one mobile number may be stored: without and with its leading +, its digits only
 * (typed at sign-in as it is written, "0712 345 678", it is still found).
 */
export function mobileForms(mobile: string): [string, string] {
  const key = loginNameKey(mobile).replace(/[\s().-]/g, '');
  return [key, `+${key}`];
}

/**
 * Usernames and mobile numbers are one namespace (sign-in takes either, across the server): a
 * username may not be another user's mobile number, nor a mobile number another user's username.
 * The same user's own username and mobile may be equal. Deleted users do not count.
 */
export async function assertLoginNamesFree(
  db: Kysely<Database>,
  names: { username?: string | undefined; mobile?: string | null | undefined },
  exceptUserId?: string,
): Promise<void> {
  if (!names.username && !names.mobile) return;
  // The namespace is the server's, and a write locks its own business only: on PostgreSQL, where
  // two businesses write at once, the check and the write of one name are held until commit, so
  // two users of two businesses cannot take one name together (SQLite writes one at a time).
  if (dialectOf(db) === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext('duka.login_names'), hashtext(current_schema()))`.execute(
      db,
    );
  const others = () => {
    let q = db.selectFrom('users').select('id').where('deleted_at', 'is', null);
    if (exceptUserId) q = q.where('id', '!=', exceptUserId);
    return q;
  };
  if (names.username) {
    const clash = await others().where('mobile', 'in', mobileForms(names.username)).executeTakeFirst();
    if (clash) {
      throw new AppError('username_is_mobile', "This username is another user's mobile number", 'username');
    }
  }
  if (names.mobile) {
    const clash = await others().where('username_key', '=', loginNameKey(names.mobile)).executeTakeFirst();
    if (clash) {
      throw new AppError('mobile_is_username', "This mobile number is another user's username", 'mobile');
    }
    // one number with or without its +: sign-in takes either form, so it is one user's
    const twin = await others().where('mobile', 'in', mobileForms(names.mobile)).executeTakeFirst();
    if (twin) throw new AppError('mobile_taken', 'Another user has this mobile number', 'mobile');
  }
}

export async function countActiveAdmins(
  db: Kysely<Database>,
  businessId: string,
  except: string | readonly string[] = [],
): Promise<number> {
  const but = typeof except === 'string' ? [except] : except;
  let q = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', businessId)
    .where('role', '=', 'admin')
    .where('active', '=', 1)
    .where('deleted_at', 'is', null);
  if (but.length > 0) q = q.where('id', 'not in', but);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function replaceUserLocations(
  db: Kysely<Database>,
  businessId: string,
  userId: string,
  locationIds: string[],
  at: string,
): Promise<void> {
  await db
    .deleteFrom('user_locations')
    .where('business_id', '=', businessId)
    .where('user_id', '=', userId)
    .execute();
  const unique = [...new Set(locationIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('user_locations')
    .values(
      unique.map((location_id) => ({
        user_id: userId,
        location_id,
        business_id: businessId,
        created_at: at,
      })),
    )
    .execute();
}
