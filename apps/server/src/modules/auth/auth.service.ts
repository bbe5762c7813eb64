import { syncedFromShop } from '../sync/synced-from-shop.js';
import { type SessionData, isAdminRole } from '@duka/domain';
import type { AppDeps } from '../../app-deps.js';
import { hashToken, newSessionToken } from '../../lib/session-tokens.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { appendJournal } from '../../lib/journal.js';
import { dummyHash, verifyPassword } from '../../lib/passwords.js';
import type { Trx } from '../../lib/tx.js';
import type { DialectName } from '../../db/dialect.js';
import { findBusiness } from '../business/business.repository.js';
import { deviceTokenMatches } from '../../lib/device-tokens.js';
import { findDevice, touchDevice } from '../devices/devices.service.js';
import { findUserByLogin, locationIdsOf } from '../users/users.repository.js';
import {
  accountKey,
  knownTill,
  claimAttempt,
  clearFailures,
  forgetAttempt,
  recordUnknownFailure,
  throttleRules,
} from './login-throttle.js';
import { sessionData, stockTakingFor } from './session-data.js';
import { type OwnSessionCaller, holdOwnSession, idleSinceOf } from './own-sessions.service.js';
import type { BusinessRow, DeviceRow, UserRow } from '../../db/tables.js';

export interface LoginInput {
  login: string;
  password: string;
  deviceId: string | null;
  /** X-Device-Token: the secret the server issued to this device. */
  deviceToken: string | null;
  ip: string;
  /** Called with a device token issued at this sign-in (also when it is refused: a new till). */
  onDeviceToken?: (token: string) => void;
}

export interface SignedIn {
  token: string;
  expires: Date;
  data: SessionData;
  /** A device token issued at this sign-in, for the till to keep (X-Device-Token). */
  deviceToken: string | null;
}

const INVALID = () => new AppError('invalid_credentials', 'Wrong mobile/username or password');
/** Told only to who gave the account's right password: anyone else learns nothing of it. */
const DEACTIVATED = () => new AppError('user_inactive', 'This account is deactivated: ask your admin');

/** Creates a session for a user whose credentials and device have been checked. */
export async function openSession(
  deps: AppDeps,
  trx: Trx,
  user: UserRow,
  business: BusinessRow,
  deviceId: string | null,
  ip: string | null,
  deviceToken: string | null = null,
): Promise<SignedIn> {
  const now = deps.clock.now();
  const at = now.toISOString();
  const token = newSessionToken();
  const expires = new Date(now.getTime() + deps.config.sessionMaxMs);
  const sessionId = newId();
  const seen = deviceId ? await touchDevice(trx, business.id, deviceId, deviceToken, user.id, at) : null;
  await trx
    .insertInto('sessions')
    .values({
      id: sessionId,
      business_id: business.id,
      user_id: user.id,
      token_hash: hashToken(token),
      device_id: deviceId,
      ip,
      created_at: at,
      last_seen_at: at,
      expires_at: expires.toISOString(),
      revoked_at: null,
    })
    .execute();
  await appendJournal(trx, {
    businessId: business.id,
    userId: user.id,
    deviceId,
    at,
    docType: 'session',
    docId: sessionId,
    action: 'auth.login',
    detail: { ip },
  });
  const locationIds = (await locationIdsOf(trx, user.business_id, [user.id])).get(user.id) ?? [];
  const stockTaking = await stockTakingFor(trx, user, locationIds);
  return {
    token,
    expires,
    data: sessionData(
      user,
      business,
      locationIds,
      deps.config.mode,
      deviceId,
      stockTaking,
      await syncedFromShop(trx, business.id, deps.config.mode),
    ),
    deviceToken: seen?.issued ?? null,
  };
}

/**
 * Signs in by mobile number or username. Wrong name and wrong password give the same 401;
 * too many failures for the account from this address, from this address, or for the account
 * from anywhere give 429 (login-throttle.ts). Staff may need an approved device (seed spec §4);
 * admins never need one (§6).
 */
export async function login(deps: AppDeps, input: LoginInput): Promise<SignedIn> {
  const { kysely } = deps.db;
  const now = deps.clock.now();
  const at = now.toISOString();
  const user = await findUserByLogin(kysely, input.login);
  const till = (await knownTill(kysely, user, input.deviceId, input.deviceToken)) ? input.deviceId : null;
  const rules = throttleRules(accountKey(user?.id, input.login), input.ip, till);
  const attempt = await claimAttempt(kysely, deps.db.dialect, rules, now);

  let ok = false;
  if (user) ok = await verifyPassword(user.password_hash, input.password);
  else await verifyPassword(await dummyHash(), input.password); // unknown names take as long
  // read for an unknown name too (no business has the empty id): both failures do the same work
  const business = await findBusiness(kysely, user?.business_id ?? '');
  if (!user || !ok || !business || user.active !== 1) {
    // The attempt was counted as a failure already. It is recorded in a write of the same kind
    // whether the name is a user's (the business's journal) or not (recordUnknownFailure), so
    // how long the answer takes does not tell which names are users'.
    await kysely.transaction().execute(async (trx) => {
      if (!user || !business)
        return recordUnknownFailure(trx, attempt, accountKey(undefined, input.login), at);
      await appendJournal(trx, {
        businessId: business.id,
        userId: user.id,
        deviceId: input.deviceId,
        at,
        docType: 'user',
        docId: user.id,
        action: 'auth.login_failed',
        detail: { ip: input.ip, reason: ok ? 'inactive' : 'password' },
      });
    });
    throw ok && user && business ? DEACTIVATED() : INVALID();
  }
  if (business.status !== 'active') {
    await kysely.transaction().execute((trx) => forgetAttempt(trx, attempt));
    throw new AppError('account_inactive', "This business's account is not active");
  }

  const refusal = await deviceRefusal(deps, user, business, input.deviceId, input.deviceToken);
  if (refusal) {
    await kysely.transaction().execute(async (trx) => {
      await forgetAttempt(trx, attempt);
      if (input.deviceId) {
        const seen = await touchDevice(trx, business.id, input.deviceId, input.deviceToken, user.id, at);
        if (seen.issued) input.onDeviceToken?.(seen.issued);
      }
      await appendJournal(trx, {
        businessId: business.id,
        userId: user.id,
        deviceId: input.deviceId,
        at,
        docType: 'user',
        docId: user.id,
        action: 'auth.login_refused',
        detail: { ip: input.ip, reason: refusal.code },
      });
    });
    throw refusal;
  }

  return kysely.transaction().execute(async (trx) => {
    await stillTheSame(trx, deps.db.dialect, user);
    // the device read again where the session is opened, and held: a block that committed while
    // the password was checked refuses this sign-in, and one that commits later waits for the
    // session to be in and revokes it with the others
    const held = input.deviceId ? await findDevice(trx, business.id, input.deviceId, true) : undefined;
    const late = refusalFor(user, business, input.deviceId, input.deviceToken, held);
    if (late) throw late;
    await forgetAttempt(trx, attempt);
    await clearFailures(trx, rules, now);
    const signedIn = await openSession(
      deps,
      trx,
      user,
      business,
      input.deviceId,
      input.ip,
      input.deviceToken,
    );
    if (signedIn.deviceToken) input.onDeviceToken?.(signedIn.deviceToken);
    return signedIn;
  });
}

/**
 * The user as their password was checked, read again where the session is opened: a password
 * reset or a deactivation that committed while the password was being checked (argon2 takes
 * tens of milliseconds) refuses the sign-in. On PostgreSQL the row is held (`for share`) until the
 * session is in, so a reset that commits later waits for it and ends it with the others.
 */
async function stillTheSame(trx: Trx, dialect: DialectName, user: UserRow): Promise<void> {
  const now = await trx
    .selectFrom('users')
    .select(['password_hash', 'active'])
    .where('id', '=', user.id)
    .$if(dialect === 'postgres', (q) => q.forShare())
    .executeTakeFirst();
  if (!now || now.password_hash !== user.password_hash) throw INVALID();
  if (now.active !== 1) throw DEACTIVATED();
}

async function deviceRefusal(
  deps: AppDeps,
  user: UserRow,
  business: BusinessRow,
  deviceId: string | null,
  deviceToken: string | null,
): Promise<AppError | null> {
  if (isAdminRole(user.role)) return null;
  const device = deviceId ? await findDevice(deps.db.kysely, business.id, deviceId) : undefined;
  return refusalFor(user, business, deviceId, deviceToken, device);
}

/** Why this device may not sign this user in, given the device's row as read, or null. */
function refusalFor(
  user: UserRow,
  business: BusinessRow,
  deviceId: string | null,
  deviceToken: string | null,
  device: DeviceRow | undefined,
): AppError | null {
  if (isAdminRole(user.role)) return null;
  if (device?.status === 'blocked') return new AppError('device_blocked', 'This device is blocked');
  if (!business.require_approved_devices) return null;
  if (!deviceId) return new AppError('device_required', 'Device not detected!');
  // Approved means this till: its id and the token the server issued it, not an id alone.
  if (device?.status !== 'approved' || !deviceTokenMatches(device, deviceToken)) {
    return new AppError('device_not_approved', 'This device is waiting for approval by the admin');
  }
  return null;
}

export async function logout(
  deps: AppDeps,
  token: string | undefined,
  deviceId: string | null,
): Promise<void> {
  if (!token) return;
  const at = deps.clock.now().toISOString();
  await deps.db.kysely.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom('sessions')
      .select(['id', 'business_id', 'user_id', 'revoked_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!session || session.revoked_at) return;
    await trx.updateTable('sessions').set({ revoked_at: at }).where('id', '=', session.id).execute();
    await appendJournal(trx, {
      businessId: session.business_id,
      userId: session.user_id,
      deviceId,
      at,
      docType: 'session',
      docId: session.id,
      action: 'auth.logout',
    });
  });
}

/**
 * Signs the user out on their other devices (a lost phone, a shared PC): every other live session
 * of this user in this business ends, the one asking stays; answers how many ended (0 when none
 * was open, so a second call changes nothing). One transaction holds the user's row (PostgreSQL:
 * `for no key update`, which sales' references to the user do not wait for), so two devices that
 * ask at once take turns: the second finds itself ended and is refused as its next request would
 * be, rather than both ending each other. An ended session's open cart is left as it is: it comes
 * back to the user's next till as any signed-out till's does (work-drafts/till-carts.ts).
 */
export async function logoutOthers(deps: AppDeps, ctx: OwnSessionCaller): Promise<number> {
  const { at } = ctx;
  const idleSince = idleSinceOf(deps, at);
  return deps.db.kysely.transaction().execute(async (trx) => {
    await holdOwnSession(trx, deps.db.dialect, ctx);
    // the live ones: a session already expired or idle past the limit has ended by itself
    const res = await trx
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('business_id', '=', ctx.businessId)
      .where('user_id', '=', ctx.userId)
      .where('id', '!=', ctx.sessionId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .where('last_seen_at', '>=', idleSince)
      .executeTakeFirst();
    const ended = Number(res.numUpdatedRows);
    // the entry is what ends the user's sessions on the business's other servers (sync's
    // entry-effects.ts): written whenever there are any, even with none ended here
    if (ended > 0 || (await hasOtherServers(trx, ctx.businessId)))
      await appendJournal(trx, {
        ...ctx.journal,
        docType: 'session',
        docId: ctx.sessionId,
        action: 'auth.logout_others',
        detail: { ended },
      });
    return ended;
  });
}

/** Whether the business has another server its journal reaches by sync (a link here, or shops linked here). */
async function hasOtherServers(trx: Trx, businessId: string): Promise<boolean> {
  const link = await trx
    .selectFrom('sync_links')
    .select('business_id')
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (link) return true;
  const server = await trx
    .selectFrom('sync_servers')
    .select('id')
    .where('business_id', '=', businessId)
    .where('revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return server !== undefined;
}
