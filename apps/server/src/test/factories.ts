import type { SessionData, User, UserCreate } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import { setUpBusiness } from '../modules/setup/setup.service.js';
import { type TestApp, sessionCookie } from './test-app.js';

export const ADMIN_PASSWORD = 'owner-pass-1';
export const STAFF_PASSWORD = 'staff-pass-1';

export interface SignedIn {
  cookie: string;
  session: SessionData;
  /** The device token this sign-in issued (X-Device-Token), for a device seen the first time. */
  deviceToken?: string;
}

/** Sets the business up through the API and returns the admin's session. */
export async function buildBusiness(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/setup',
    payload: {
      business_name: 'Mama Mboga Stores',
      username: 'owner',
      password: ADMIN_PASSWORD,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`setup failed: ${res.statusCode} ${res.body}`);
  return { cookie: sessionCookie(res), session: res.json<SessionData>() };
}

let counter = 0;

/** Adds a user as the admin; username defaults to a unique staff name. */
export async function buildUser(
  app: FastifyInstance,
  adminCookie: string,
  overrides: Partial<UserCreate> = {},
): Promise<User> {
  counter += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { cookie: adminCookie },
    payload: {
      name: `Staff ${counter}`,
      username: `staff${counter}`,
      password: STAFF_PASSWORD,
      // no rights unless a test gives some (the API's default for staff is the cashier preset)
      user_roles: {},
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`user create failed: ${res.statusCode} ${res.body}`);
  return res.json<User>();
}

export async function signIn(
  app: FastifyInstance,
  login: string,
  password: string,
  deviceId?: string,
  deviceToken?: string,
): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: {
      ...(deviceId ? { 'x-device-id': deviceId } : {}),
      ...(deviceToken ? { 'x-device-token': deviceToken } : {}),
    },
    payload: { login, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const issued = res.headers['x-device-token'];
  return {
    cookie: sessionCookie(res),
    session: res.json<SessionData>(),
    ...(typeof issued === 'string' ? { deviceToken: issued } : {}),
  };
}

/**
 * One more business on the test server, made as the hosted CLI makes one (online: it may work on
 * the hosted side), with its owner signed in: a test of what one business may see of another.
 */
export async function signedInBusiness(
  t: TestApp,
  name: string,
  username: string,
  /** The till the owner signs in on (none: a browser). */
  deviceId?: string,
): Promise<{ id: string; cookie: string }> {
  const made = await setUpBusiness(
    t.db,
    t.clock,
    {
      business_name: name,
      username,
      password: ADMIN_PASSWORD,
      currency: 'KES',
      timezone: 'Africa/Nairobi',
      language: 'en',
    },
    { onlyIfNone: false, online: true },
  );
  return { id: made.business.id, cookie: (await signIn(t.app, username, ADMIN_PASSWORD, deviceId)).cookie };
}
