import { type Access, allows, deviceIdSchema, isAdminRole } from '@duka/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import type { DialectName } from '../db/dialect.js';
import type { Database } from '../db/tables.js';
import {
  type Context,
  type ContextBusiness,
  type ContextUser,
  type SignedIn,
  makeContext,
} from '../lib/context.js';
import { deviceTokenMatches } from '../lib/device-tokens.js';
import { AppError } from '../lib/errors.js';
import { hashToken } from '../lib/session-tokens.js';
import { sessionRows } from './session-lookup.js';
import { type ReadAt, readAt } from '../db/kept-read.js';
import { compiledQuery } from '../db/compiled-query.js';
import { dropsItsOwn, keptTag, pgKeptOf } from '../db/pg-kept.js';

export const SESSION_COOKIE = 'duka_session';
/** The device token header: sent by the till, and issued by sign-in to a new device (ADR 8). */
export const DEVICE_TOKEN_HEADER = 'X-Device-Token';
/** last_seen_at is refreshed at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

/** A live session as stored: its user and business rows and the device it was opened on. */
interface LiveSession {
  sessionId: string;
  user: ContextUser;
  business: ContextBusiness;
  /** The device the session was opened on (X-Device-Id at sign-in). */
  deviceId: string | null;
  /** See `SessionRows.keptByShop`. */
  keptByShop: boolean;
  /** The request's moment for its kept reads (`readAt`). */
  readAt: ReadAt | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every /api route must declare it (a test walks them all). */
    access?: Access;
    /**
     * A write a business set to local only may still make on a hosted server (seed spec §4):
     * `true` always (signing out), or a test of the validated body (the profile update that
     * switches "work both online and offline" back on). Every other write is refused there.
     */
    whileLocalOnly?: true | ((body: unknown) => boolean);
    /**
     * A write still allowed on the hosted copy of a business a shop's server keeps (ADR 11 §8):
     * signing out and the sync screens' own routes. Every other write is refused there.
     */
    whileSynced?: true;
  }
  interface FastifyRequest {
    /** Who is asking (lib/context.ts), built once per signed-in request; null on public routes. */
    ctx: Context | null;
    /** The X-Device-Id header, when present and well formed. */
    deviceId: string | null;
    /** The X-Device-Token header, when present and well formed. */
    deviceToken: string | null;
    /**
     * Hosted only: a shop's server keeps this signed-in request's business, so its copy here is
     * read-only (ADR 11 §8); read with the session. Always false on a local server.
     */
    keptByShop: boolean;
    /** The moment this signed-in request's kept reads answer as of (db/kept-read.ts `readAt`). */
    readAt: ReadAt | undefined;
  }
}

/**
 * A cookie the page can read, beside the HttpOnly session, saying only that this browser signed
 * in (never who: it carries no token). Without it the page knows it is signed out and does not ask
 * `/api/me`, whose 401 the browser would log as a console error on every sign-in page load.
 */
export const SIGNED_IN_HINT_COOKIE = 'duka_signed_in';

/**
 * The cookies are Secure when PUBLIC_URL is https, or when this request came over https (a TLS
 * proxy's X-Forwarded-Proto, believed from a proxy TRUST_PROXY names): a cookie set over https
 * never travels over plain http.
 */
function secureFor(reply: FastifyReply, config: Config): boolean {
  return config.secureCookies || reply.request.protocol === 'https';
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expires: Date): void {
  const secure = secureFor(reply, config);
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    expires,
  });
  void reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'strict',
    secure,
    path: '/',
    expires,
  });
}

/**
 * The device token again, as an HttpOnly cookie, for what the browser asks by itself: an
 * `<img>` (a receipt's picture, the logo, product pictures) or a download link carries no
 * X-Device-Token, and a staff session bound to an approved device was refused them (the QA).
 * Read only for GET and HEAD: every write still needs the header. JavaScript cannot read it.
 */
export const DEVICE_COOKIE = 'duka_device';
const DEVICE_TOKEN_TEXT = /^[A-Za-z0-9_-]{20,100}$/;
const DEVICE_COOKIE_DAYS = 400; // the longest a browser keeps a cookie

export function setDeviceCookie(reply: FastifyReply, config: Config, token: string): void {
  if (!DEVICE_TOKEN_TEXT.test(token) || reply.request.cookies[DEVICE_COOKIE] === token) return;
  void reply.setCookie(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secureFor(reply, config),
    path: '/',
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

/** The device token a request proves: its header, or on a read its cookie. */
function deviceTokenOf(request: FastifyRequest): string | null {
  if (request.deviceToken) return request.deviceToken;
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const cookie = request.cookies[DEVICE_COOKIE];
  return cookie && DEVICE_TOKEN_TEXT.test(cookie) ? cookie : null;
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  const secure = secureFor(reply, config);
  void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure });
  void reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'strict', secure });
}

/** Loads a live session by its cookie token, or null (expired, revoked, user gone). */
export async function loadSession(
  db: Kysely<Database>,
  dialect: DialectName,
  clock: Clock,
  config: Config,
  token: string,
): Promise<LiveSession | null> {
  const at = readAt(db);
  const tokenHash = hashToken(token);
  const found = await sessionRows(db, dialect, tokenHash, at);
  if (!found) return null;
  const { session, user, business } = found;
  if (session.revoked_at) return null;
  const now = clock.now();
  if (new Date(session.expires_at) <= now) return null;
  if (now.getTime() - new Date(session.last_seen_at).getTime() > config.sessionIdleMs) return null;
  if (!user.active || user.deleted_at) return null;
  if (now.getTime() - new Date(session.last_seen_at).getTime() > TOUCH_INTERVAL_MS)
    await touchSession(db, dialect, session.id, tokenHash, now);
  return {
    sessionId: session.id,
    user,
    business,
    deviceId: session.device_id,
    keptByShop: found.keptByShop,
    readAt: at,
  };
}

const touch = compiledQuery((db, a: { id: string; at: string }) =>
  db.updateTable('sessions').set({ last_seen_at: a.at }).where('id', '=', a.id),
);

/**
 * Moves a session's last_seen_at. On PostgreSQL it drops that session's kept read itself (and
 * its notice drops it in the other processes): as any other write to the sessions table, it
 * would drop every kept session of this process (`PgKept`).
 */
async function touchSession(
  db: Kysely<Database>,
  dialect: DialectName,
  id: string,
  tokenHash: string,
  now: Date,
) {
  const args = { id, at: now.toISOString() };
  const pgKept = dialect === 'postgres' ? pgKeptOf(db) : undefined;
  if (!pgKept) return touch.run(db, args);
  dropsItsOwn(touch.compile(db, args).sql);
  try {
    return await touch.run(db, args);
  } finally {
    pgKept.changed(keptTag.session(tokenHash));
  }
}

export interface AccessPluginOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  config: Config;
}

/**
 * When the business requires approved devices, a staff session works only from the approved
 * device it was opened on: every request carries that device's token (a session cookie, or a
 * device id that is only a MAC address, is not enough). Admins are never held to devices.
 */
async function assertSessionDevice(
  db: Kysely<Database>,
  auth: LiveSession,
  token: string | null,
): Promise<boolean> {
  if (!auth.business.require_approved_devices || isAdminRole(auth.user.role)) return false;
  const device = auth.deviceId
    ? await db
        .selectFrom('devices')
        .select(['status', 'token_hash'])
        .where('business_id', '=', auth.business.id)
        .where('id', '=', auth.deviceId)
        .executeTakeFirst()
    : undefined;
  if (device?.status !== 'approved' || !deviceTokenMatches(device, token)) {
    throw new AppError('device_not_approved', 'This device is waiting for approval by the admin');
  }
  return true;
}

/** Reads the session and device on every request and enforces each route's `access`. */
export const accessPlugin = fp<AccessPluginOptions>((app: FastifyInstance, opts, done) => {
  app.decorateRequest('ctx', null);
  app.decorateRequest('deviceId', null);
  app.decorateRequest('deviceToken', null);
  app.decorateRequest('keptByShop', false);
  app.decorateRequest('readAt', undefined);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['x-device-id'];
    if (header === undefined) request.deviceId = null;
    else {
      const parsed = deviceIdSchema.safeParse(Array.isArray(header) ? header[0] : header);
      request.deviceId = parsed.success ? parsed.data : null;
    }
    const tokenHeader = request.headers['x-device-token'];
    const tokenText = Array.isArray(tokenHeader) ? tokenHeader[0] : tokenHeader;
    request.deviceToken = tokenText && DEVICE_TOKEN_TEXT.test(tokenText) ? tokenText : null;

    const access = request.routeOptions.config.access;
    if (!access) {
      // Deny by default: an /api route that forgot its declaration is closed, not open.
      const url = request.routeOptions.url ?? '';
      if (url.startsWith('/api/') && !url.startsWith('/api/docs'))
        throw new AppError('forbidden', 'Route has no access rule');
      return;
    }
    if (access.kind === 'public') return;
    const token = request.cookies[SESSION_COOKIE];
    const auth = token ? await loadSession(opts.db, opts.dialect, opts.clock, opts.config, token) : null;
    if (!auth) {
      throw new AppError(
        token ? 'session_expired' : 'unauthorized',
        token ? 'Your session has expired; sign in again' : 'Sign in first',
      );
    }
    if (auth.business.status !== 'active') {
      throw new AppError('account_inactive', "This business's account is not active");
    }
    const ctx = makeContext({
      business: auth.business,
      user: auth.user,
      deviceId: request.deviceId,
      sessionId: auth.sessionId,
      sessionDeviceId: auth.deviceId,
      at: opts.clock.now().toISOString(),
    });
    request.ctx = ctx;
    request.keptByShop = opts.config.mode === 'hosted' && auth.keptByShop;
    request.readAt = auth.readAt;
    // a till signed in before the device cookie existed is given it by its next request
    if ((await assertSessionDevice(opts.db, auth, deviceTokenOf(request))) && request.deviceToken)
      setDeviceCookie(reply, opts.config, request.deviceToken);
    if (!allows({ role: ctx.role, roles: ctx.roles }, access)) {
      throw new AppError('forbidden', 'You are not allowed to do this');
    }
  });

  // The hosted copy of a business a shop's server pushes to is read-only (ADR 11 §8): the shop's
  // PC keeps the business, and a write here would never reach it. Checked before the local-only
  // rule below: the shop's PC is why (a business kept by a shop is often local only), and its
  // words say where to make the change instead of blaming the internet.
  app.addHook('preHandler', (request: FastifyRequest, _reply: FastifyReply, next: (err?: Error) => void) => {
    if (!request.keptByShop || !request.ctx) return next();
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return next();
    if (request.routeOptions.config.whileSynced) return next();
    next(
      new AppError(
        'business_synced_from_shop',
        "This business is kept on the shop's PC: make this change there",
      ),
    );
  });

  // The hosted server serves a shop only when it works both online and offline (seed spec §4):
  // a business set to local only may read there, but every write it makes is refused, except
  // the ones its route declares (after validation, so a test may look at the body).
  app.addHook('preHandler', (request: FastifyRequest, _reply: FastifyReply, next: (err?: Error) => void) => {
    if (opts.config.mode !== 'hosted' || !request.ctx || request.ctx.business.online_offline) return next();
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return next();
    const allowed = request.routeOptions.config.whileLocalOnly;
    if (allowed === true || (typeof allowed === 'function' && allowed(request.body))) return next();
    next(
      new AppError(
        'business_offline',
        'This business works locally only: switch "work both online and offline" on to use it here',
      ),
    );
  });

  done();
});

/** Who is asking, on a route that requires sign-in: the context built for this request. */
export function contextOf(request: FastifyRequest): SignedIn {
  if (!request.ctx?.user) throw new AppError('unauthorized', 'Sign in first');
  return request.ctx as SignedIn;
}
