import {
  DEFAULT_STAFF_PRESET,
  type Flag,
  ROLE_PRESETS,
  type User,
  flagsFromRoles,
  isNamePassword,
  type userCreateSchema,
  type userUpdateSchema,
} from '@duka/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { UserPatch } from '../../db/tables.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/context.js';
import { isUniqueViolation, violatedConstraint } from '../../lib/db-errors.js';
import { newId } from '../../lib/ids.js';
import { appendJournal } from '../../lib/journal.js';
import { snapshotRecord, stampRecord } from '../../lib/stamps.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { type Trx, lockBusiness } from '../../lib/tx.js';
import { DEFAULT_AVATAR, type ImageSetter, requireOwnImage } from '../files/files.repository.js';
import { accountKey, claimAttempt, forgetAttempt, throttleRules } from '../auth/login-throttle.js';
import { countNameAnswers } from './name-clashes.js';
import {
  assertLoginNamesFree,
  countActiveAdmins,
  findUser,
  locationIdsOf,
  loginNameKey,
  replaceUserLocations,
  toUser,
} from './users.repository.js';

type CreateInput = z.output<typeof userCreateSchema>;
type UpdateInput = z.output<typeof userUpdateSchema>;

export async function listUsers(db: Db, businessId: string): Promise<User[]> {
  const rows = await db.kysely
    .selectFrom('users')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const locs = await locationIdsOf(
    db.kysely,
    businessId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toUser(r, locs.get(r.id) ?? []));
}

export async function getUser(db: Db, businessId: string, id: string): Promise<User> {
  const row = await findUser(db.kysely, businessId, id);
  if (!row) throw notFound('User');
  const locs = await locationIdsOf(db.kysely, businessId, [id]);
  return toUser(row, locs.get(id) ?? []);
}

/** Checks every location belongs to the business and is active; returns the home and allowed set. */
async function resolveLocations(
  trx: Trx,
  businessId: string,
  home: string | null | undefined,
  allowed: string[] | undefined,
  /** What the user has now: kept as it is even if since deactivated (only a new id is checked). */
  had: { home: string | null; allowed: string[] } = { home: null, allowed: [] },
): Promise<{ home: string | null; allowed: string[] }> {
  const active = await trx
    .selectFrom('locations')
    .select('id')
    .where('business_id', '=', businessId)
    .where('active', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const ids = new Set(active.map((l) => l.id));
  for (const id of allowed ?? []) {
    if (!ids.has(id) && !had.allowed.includes(id))
      throw new AppError('validation_failed', 'Unknown or inactive location', 'location_ids');
  }
  if (home && !ids.has(home) && home !== had.home)
    throw new AppError('validation_failed', 'Unknown or inactive location', 'home_location_id');
  const resolvedHome = home === undefined ? (allowed?.[0] ?? active[0]?.id ?? null) : home;
  const set = new Set(allowed ?? []);
  if (resolvedHome) set.add(resolvedHome);
  return { home: resolvedHome, allowed: [...set] };
}

function conflictFor(err: unknown): AppError | null {
  if (!isUniqueViolation(err)) return null;
  const what = violatedConstraint(err);
  if (what.includes('mobile'))
    return new AppError('mobile_taken', 'Another user has this mobile number', 'mobile');
  return new AppError('username_taken', 'This username is taken', 'username');
}

/** The rights given: those chosen, else a staff user's default preset (an admin has every right anyway). */
function flagsOfNewUser(input: CreateInput): Flag[] {
  if (input.user_roles) return flagsFromRoles(input.user_roles);
  return input.role === 'staff' ? [...ROLE_PRESETS[DEFAULT_STAFF_PRESET]] : [];
}

export async function createUser(db: Db, actor: Actor, input: CreateInput): Promise<User> {
  // counted before the password is hashed: a business at the limit costs no hash
  const names = await countNameAnswers(db, actor.businessId, actor.at, true);
  const passwordHash = await hashPassword(input.password);
  const id = newId();
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await lockBusiness(db, trx, actor.businessId);
      await assertLoginNamesFree(trx, { username: input.username, mobile: input.mobile });
      const locs = await resolveLocations(trx, actor.businessId, input.home_location_id, input.location_ids);
      await trx
        .insertInto('users')
        .values({
          id,
          business_id: actor.businessId,
          name: input.name,
          username: input.username,
          username_key: input.username.toLowerCase(),
          mobile: input.mobile ?? null,
          password_hash: passwordHash,
          role: input.role,
          flags: JSON.stringify(flagsOfNewUser(input)),
          img: DEFAULT_AVATAR,
          home_location_id: locs.home,
          active: 1,
          created_at: actor.at,
          updated_at: actor.at,
          deleted_at: null,
        })
        .execute();
      await replaceUserLocations(trx, actor.businessId, id, locs.allowed, actor.at);
      const { stamp } = await appendJournal(trx, {
        ...actor.journal,
        docType: 'user',
        docId: id,
        action: 'user.create',
        detail: { username: input.username, role: input.role },
      });
      await stampRecord(trx, actor.businessId, 'user', id, stamp, null);
      await names.settle(trx);
    });
  } catch (err) {
    throw await names.refused(conflictFor(err) ?? err);
  }
  return getUser(db, actor.businessId, id);
}

export async function updateUser(db: Db, actor: Actor, id: string, input: UpdateInput): Promise<User> {
  // counted only when a name changes: the user form sends the user's own username and mobile
  // with every save, and an unchanged name is never another user's
  const was = await findUser(db.kysely, actor.businessId, id);
  const changes = (name: string | null | undefined, now: string | null | undefined) =>
    name != null && (now == null || loginNameKey(name) !== loginNameKey(now));
  const setsNames = changes(input.username, was?.username) || changes(input.mobile, was?.mobile);
  const names = await countNameAnswers(db, actor.businessId, actor.at, setsNames);
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await lockBusiness(db, trx, actor.businessId);
      const current = await findUser(trx, actor.businessId, id);
      if (!current) throw notFound('User');
      const before = await snapshotRecord(trx, actor.businessId, 'user', id);
      await assertLoginNamesFree(trx, { username: input.username, mobile: input.mobile }, id);
      const losesAdmin =
        current.role === 'admin' &&
        current.active === 1 &&
        ((input.role !== undefined && input.role !== 'admin') || input.active === false);
      if (losesAdmin && (await countActiveAdmins(trx, actor.businessId, id)) === 0) {
        throw new AppError('last_admin', 'The last active admin cannot be deactivated or demoted');
      }
      // signed out at once and never back in until another admin acts: refused (the QA)
      if (input.active === false && current.active === 1 && id === actor.userId)
        throw new AppError('own_account', 'You cannot deactivate your own account; another admin can');
      const set: UserPatch = { updated_at: actor.at };
      if (input.name !== undefined) set.name = input.name;
      if (input.username !== undefined) {
        set.username = input.username;
        set.username_key = input.username.toLowerCase();
      }
      if (input.mobile !== undefined) set.mobile = input.mobile;
      if (input.role !== undefined) set.role = input.role;
      if (input.active !== undefined) set.active = input.active ? 1 : 0;
      if (input.user_roles !== undefined) {
        const merged = { ...toUser(current, []).user_roles, ...input.user_roles };
        set.flags = JSON.stringify(flagsFromRoles(merged));
      }
      if (input.home_location_id !== undefined || input.location_ids !== undefined) {
        const existing = (await locationIdsOf(trx, actor.businessId, [id])).get(id) ?? [];
        const locs = await resolveLocations(
          trx,
          actor.businessId,
          input.home_location_id === undefined ? current.home_location_id : input.home_location_id,
          input.location_ids ?? existing,
          // a location deactivated since it was given is kept, not refused (a staff user whose
          // home was deactivated is moved to another without restating every location)
          { home: current.home_location_id, allowed: existing },
        );
        set.home_location_id = locs.home;
        await replaceUserLocations(trx, actor.businessId, id, locs.allowed, actor.at);
      }
      await trx.updateTable('users').set(set).where('id', '=', id).execute();
      if (input.active === false) await revokeSessions(trx, id, actor.at);
      const { stamp } = await appendJournal(trx, {
        ...actor.journal,
        docType: 'user',
        docId: id,
        action: input.active === false ? 'user.deactivate' : 'user.update',
        detail: { fields: Object.keys(input) },
      });
      await stampRecord(trx, actor.businessId, 'user', id, stamp, before);
      await names.settle(trx);
    });
  } catch (err) {
    throw await names.refused(conflictFor(err) ?? err);
  }
  return getUser(db, actor.businessId, id);
}

export async function revokeSessions(
  trx: Trx,
  userId: string,
  at: string,
  exceptSessionId?: string,
): Promise<void> {
  let q = trx
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}

/** An admin sets a user's password; the user's sessions end. */
export async function resetPassword(db: Db, actor: Actor, id: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.kysely.transaction().execute(async (trx) => {
    const user = await findUser(trx, actor.businessId, id);
    if (!user) throw notFound('User');
    // the schema cannot see the user name (userCreateSchema's check, for a password set later)
    if (isNamePassword(password, user.username))
      throw new AppError('validation_failed', 'The password is mostly the user name', 'password');
    const before = await snapshotRecord(trx, actor.businessId, 'user', id);
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: actor.at })
      .where('id', '=', id)
      .execute();
    await revokeSessions(trx, id, actor.at);
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'user',
      docId: id,
      action: 'user.reset_password',
    });
    await stampRecord(trx, actor.businessId, 'user', id, stamp, before);
  });
}

/**
 * A user changes their own password; their other sessions end, this one stays. A wrong current
 * password counts as a failed sign-in of that account from that address (same limits, 429).
 */
export async function changeOwnPassword(
  db: Db,
  actor: Actor & { userId: string },
  sessionId: string,
  current: string,
  next: string,
  ip: string,
): Promise<void> {
  const user = await findUser(db.kysely, actor.businessId, actor.userId);
  if (!user) throw notFound('User');
  const rules = throttleRules(accountKey(user.id, user.username), ip);
  const attempt = await claimAttempt(db.kysely, db.dialect, rules, new Date(actor.at));
  if (!(await verifyPassword(user.password_hash, current))) {
    throw new AppError('validation_failed', 'The current password is wrong', 'current_password');
  }
  if (next === current)
    throw new AppError('validation_failed', 'The new password is the current one', 'new_password');
  if (isNamePassword(next, user.username))
    throw new AppError('validation_failed', 'The new password is mostly the user name', 'new_password');
  const passwordHash = await hashPassword(next);
  await db.kysely.transaction().execute(async (trx) => {
    await stillSignedInAs(trx, db.dialect, user, sessionId);
    const before = await snapshotRecord(trx, actor.businessId, 'user', actor.userId);
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: actor.at })
      .where('id', '=', actor.userId)
      .where('business_id', '=', actor.businessId)
      .execute();
    await revokeSessions(trx, actor.userId, actor.at, sessionId);
    await forgetAttempt(trx, attempt);
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'user',
      docId: actor.userId,
      action: 'user.change_password',
    });
    await stampRecord(trx, actor.businessId, 'user', actor.userId, stamp, before);
  });
}

/**
 * The user and session as the current password was checked, read again where the new one is
 * written: an admin's reset, a deactivation or a sign-out that committed while the password was
 * checked and hashed (argon2 takes tens of milliseconds) stands, and the change is refused as the
 * session's next request would be. On PostgreSQL the row is held until the change commits, so a
 * reset that commits later waits for it and then replaces it.
 */
async function stillSignedInAs(
  trx: Trx,
  dialect: Db['dialect'],
  user: { id: string; business_id: string; password_hash: string },
  sessionId: string,
): Promise<void> {
  const now = await trx
    .selectFrom('users')
    .select(['password_hash', 'active', 'deleted_at'])
    .where('id', '=', user.id)
    .where('business_id', '=', user.business_id)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  const session = await trx
    .selectFrom('sessions')
    .select('revoked_at')
    .where('id', '=', sessionId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (
    !now ||
    now.password_hash !== user.password_hash ||
    now.active !== 1 ||
    now.deleted_at !== null ||
    !session ||
    session.revoked_at !== null
  )
    throw new AppError('session_expired', 'Your session has ended: sign in again');
}

/** Sets (a stored image name) or deletes (null → profile.png) the signed-in user's picture. */
export async function setOwnImage(
  db: Db,
  actor: Actor & ImageSetter & { userId: string },
  img: string | null,
): Promise<User> {
  await db.kysely.transaction().execute(async (trx) => {
    if (img !== null) await requireOwnImage(trx, actor, img);
    const before = await snapshotRecord(trx, actor.businessId, 'user', actor.userId);
    await trx
      .updateTable('users')
      .set({ img: img ?? DEFAULT_AVATAR, updated_at: actor.at })
      .where('id', '=', actor.userId)
      .execute();
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'user',
      docId: actor.userId,
      action: img ? 'user.image_set' : 'user.image_delete',
      detail: img ? { img } : {},
    });
    await stampRecord(trx, actor.businessId, 'user', actor.userId, stamp, before);
  });
  return getUser(db, actor.businessId, actor.userId);
}
