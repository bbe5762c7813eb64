import type { LoginBody, SessionData } from '@duka/domain';
import { api } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { noteKeptByShop, storeShopDetails } from '../../lib/session-storage';
import { SIGNED_IN_HINT, signedInHintIn } from '../../lib/signed-in-files';

export const ME_QUERY_KEY = ['me'] as const;

/**
 * The checks of the answers the sign-in page asks for, loaded beside the page rather than before
 * it: the page paints and takes input without them. The session's and the health's are compiled
 * from their schemas (lib/answer-checks.ts); the set-up status's is zod's.
 */
const authSchemas = () => import('./auth-schemas');
const sessionDataSchema = () => import('../../lib/answer-checks').then((m) => m.answerCheck('session'));

export const hasSignedInHint = (): boolean => signedInHintIn(document.cookie);

/**
 * The signed-in session, or null when signed out. A browser without the server's signed-in hint
 * has no session to ask about, so the sign-in page makes no request that would answer 401 (the
 * browser logs every 401 as a console error); a 401 drops the hint for the next load.
 */
export async function fetchMe(): Promise<SessionData | null> {
  if (!hasSignedInHint()) return null;
  try {
    const me = await api('/api/me', { schema: sessionDataSchema, expectUnauthorized: true });
    // a setting changed elsewhere (another till, the owner's phone) reaches this app's rules
    storeShopDetails(me.shop_details);
    noteKeptByShop(me.synced_from_shop);
    return me;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      document.cookie = `${SIGNED_IN_HINT}=; path=/; max-age=0; SameSite=Strict`;
      return null;
    }
    throw err;
  }
}

export function loginRequest(body: LoginBody, deviceId: string | null): Promise<SessionData> {
  return api('/api/auth/login', {
    method: 'POST',
    body,
    schema: sessionDataSchema,
    expectUnauthorized: true,
    deviceId,
  });
}

export async function logoutRequest(): Promise<void> {
  // The cart and drafts typed a moment ago are saved while the session still lets them be.
  // (the drafts' module is loaded by the screens that keep drafts: without it nothing is waiting)
  await import('../../lib/work-drafts').then((m) => m.flushDraftWriters());
  await api('/api/auth/logout', { method: 'POST', expectUnauthorized: true, retry: true });
}

/**
 * Whether this server waits to be set up (a fresh local install), for the sign-in page. The answer
 * is checked against its schema only when it says so, the one case the page acts on: otherwise the
 * page stays as it is, and zod is not part of its load (issue 21).
 */
export async function fetchSetupRequired(): Promise<boolean> {
  const answer = await api<unknown>('/api/setup');
  if (typeof answer !== 'object' || answer === null || !('setup_required' in answer)) return false;
  if (answer.setup_required !== true) return false;
  const schema = await authSchemas().then((m) => m.setupStatusSchema);
  return schema.parse(answer).setup_required;
}

export function fetchSetupStatus() {
  return api('/api/setup', { schema: () => authSchemas().then((m) => m.setupStatusSchema) });
}

/** The server's health and mode; public, so it does not wait for this till's device. */
export function fetchHealth() {
  return api('/api/health', {
    schema: () => import('../../lib/answer-checks').then((m) => m.answerCheck('health')),
    deviceId: null,
  });
}
