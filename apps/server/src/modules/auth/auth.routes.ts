import {
  changePasswordBodySchema,
  endedSessionsSchema,
  imageNameBodySchema,
  loginBodySchema,
  okSchema,
  sessionDataSchema,
  userSchema,
} from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import {
  DEVICE_TOKEN_HEADER,
  SESSION_COOKIE,
  clearSessionCookie,
  contextOf,
  setDeviceCookie,
  setSessionCookie,
} from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { authRateLimit } from './rate-limit.js';
import { changeOwnPassword, setOwnImage } from '../users/users.service.js';
import { login, logout, logoutOthers } from './auth.service.js';
import { sessionData, sessionReads } from './session-data.js';
import { ownSessionRoutes } from './own-sessions.routes.js';

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  sessionRoutes(app, deps);
  profileRoutes(app, deps);
  ownSessionRoutes(app, deps);
}

/** Signing in and out, and what the signed-in user's session holds. */
function sessionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/auth/login', {
    config: { access: { kind: 'public' }, rateLimit: authRateLimit },
    schema: {
      tags: ['auth'],
      summary:
        'Sign in with mobile number or username; the device id travels in X-Device-Id and its token in X-Device-Token (a new device is issued one in the X-Device-Token response header)',
      body: loginBodySchema,
      response: { 200: sessionDataSchema, ...errorResponses(401, 402, 403, 422, 429) },
    },
    handler: async (request, reply) => {
      const signedIn = await login(deps, {
        login: request.body.login,
        password: request.body.password,
        deviceId: request.deviceId,
        deviceToken: request.deviceToken,
        ip: request.ip,
        // Given once, to the till that signed in with the device; it sends it back as X-Device-Token.
        onDeviceToken: (token) => {
          reply.header(DEVICE_TOKEN_HEADER, token);
          setDeviceCookie(reply, deps.config, token);
        },
      });
      setSessionCookie(reply, deps.config, signedIn.token, signedIn.expires);
      if (request.deviceToken && !reply.hasHeader(DEVICE_TOKEN_HEADER))
        setDeviceCookie(reply, deps.config, request.deviceToken);
      return signedIn.data;
    },
  });

  r.post('/api/auth/logout', {
    config: { access: { kind: 'public' } },
    schema: { tags: ['auth'], summary: 'End this session', response: { 200: okSchema } },
    handler: async (request, reply) => {
      await logout(deps, request.cookies[SESSION_COOKIE], request.deviceId);
      clearSessionCookie(reply, deps.config);
      return { ok: true as const };
    },
  });

  r.post('/api/auth/logout-others', {
    // sessions are each server's own, never synced: signing out elsewhere works on a hosted copy
    // a shop keeps, and for a business set to local only, as signing out does
    config: {
      access: { kind: 'signedIn' },
      rateLimit: authRateLimit,
      whileLocalOnly: true,
      whileSynced: true,
    },
    schema: {
      tags: ['auth'],
      summary:
        "Sign out on other devices: every other session of the signed-in user on this server ends, this one stays, and on the business's other servers once sync brings them the entry; answers how many ended here",
      response: { 200: endedSessionsSchema, ...errorResponses(401, 402, 403, 429) },
    },
    handler: async (request) => ({ ended: await logoutOthers(deps, contextOf(request)) }),
  });

  r.get('/api/me', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['auth'],
      summary: 'The session data of the signed-in user',
      response: { 200: sessionDataSchema, ...errorResponses(401, 402) },
    },
    handler: async (request) => {
      const auth = contextOf(request);
      const { locationIds, stockTaking } = await sessionReads(deps.db.kysely, auth.user, request.readAt);
      return sessionData(
        auth.user,
        auth.business,
        locationIds,
        deps.config.mode,
        request.deviceId,
        stockTaking,
        request.keptByShop,
      );
    },
  });
}

/** What users change of their own: password and profile picture. */
function profileRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/me/password', {
    config: { access: { kind: 'signedIn' }, rateLimit: authRateLimit },
    schema: {
      tags: ['auth'],
      summary: 'Change your own password (needs the current one); your other sessions end',
      body: changePasswordBodySchema,
      response: { 200: okSchema, ...errorResponses(401, 422, 429) },
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      await changeOwnPassword(
        deps.db,
        ctx,
        ctx.sessionId,
        request.body.current_password,
        request.body.new_password,
        request.ip,
      );
      return { ok: true as const };
    },
  });

  r.put('/api/me/image', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['auth'],
      summary: 'Use an uploaded image as your profile picture',
      body: imageNameBodySchema,
      response: { 200: userSchema, ...errorResponses(401, 422) },
    },
    handler: async (request) => {
      return setOwnImage(deps.db, contextOf(request), request.body.img);
    },
  });

  r.delete('/api/me/image', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['auth'],
      summary: 'Remove your profile picture (back to profile.png)',
      response: { 200: userSchema, ...errorResponses(401) },
    },
    handler: async (request) => {
      return setOwnImage(deps.db, contextOf(request), null);
    },
  });
}
