import { switchesOnline } from '@duka/domain';
import { ApiError } from './api-error';
import { reportNoAnswer, reportStatus } from './connection';
import { isKeptByShop, readShopDetails } from './session-storage';

/** Retries after the first try for requests that are safe to repeat (seed spec §7, §9). */
export const API_RETRIES = 2;
const RETRY_DELAYS_MS = [250, 750];
const HEALTH_CACHE_MS = 15_000;

type Mode = 'local' | 'hosted';

interface ClientState {
  deviceId: string | null;
  /** Device tokens the server issued, by device id (X-Device-Token, ADR 8). */
  deviceTokens: Map<string, string>;
  onDeviceToken: (deviceId: string, token: string) => void;
  mode: Mode;
  onUnauthorized: () => void;
  onNotActive: () => void;
}

const state: ClientState = {
  deviceId: null,
  deviceTokens: new Map(),
  onDeviceToken: () => undefined,
  mode: 'local',
  onUnauthorized: () => undefined,
  onNotActive: () => undefined,
};

export function setDeviceHeader(id: string | null): void {
  state.deviceId = id;
}
export function getDeviceHeader(): string | null {
  return state.deviceId;
}
/** The token the server issued to a device, as saved by the till (sent as X-Device-Token). */
export function setDeviceToken(deviceId: string, token: string | null): void {
  if (token) state.deviceTokens.set(deviceId, token);
  else state.deviceTokens.delete(deviceId);
}
/** Where a token the server issues at sign-in goes (the device store). */
export function setDeviceTokenHandler(handler: (deviceId: string, token: string) => void): void {
  state.onDeviceToken = handler;
}
/** X-Device-Id and X-Device-Token of this till (or of `deviceId`), for any request to the server. */
export function deviceHeaders(deviceId: string | null = state.deviceId): Record<string, string> {
  if (!deviceId) return {};
  const token = state.deviceTokens.get(deviceId);
  return { 'X-Device-Id': deviceId, ...(token ? { 'X-Device-Token': token } : {}) };
}
/** Keeps a device token the server issued in this response (a new till's first sign-in). */
export function takeDeviceToken(res: Response, deviceId: string | null): void {
  const issued = res.headers.get('X-Device-Token');
  if (!issued || !deviceId) return;
  state.deviceTokens.set(deviceId, issued);
  state.onDeviceToken(deviceId, issued);
}
export function setServerMode(mode: Mode): void {
  state.mode = mode;
}

/**
 * The app starts before it knows this till's device (IndexedDB) and the server's mode (health):
 * requests sent with this till's device wait for the first, writes for the second, and nothing
 * else waits (the page paints and reads start at once).
 */
let deviceKnown: Promise<unknown> = Promise.resolve();
let modeKnown: Promise<unknown> = Promise.resolve();
export function whenDeviceKnown(p: Promise<unknown>): void {
  deviceKnown = p.catch(() => undefined);
}
export function whenModeKnown(p: Promise<unknown>): void {
  modeKnown = p.catch(() => undefined);
}
export function getServerMode(): Mode {
  return state.mode;
}
export function setApiHandlers(h: { onUnauthorized: () => void; onNotActive: () => void }): void {
  state.onUnauthorized = h.onUnauthorized;
  state.onNotActive = h.onNotActive;
}

/**
 * What checks an answer: a zod schema of `@duka/domain`, or a check compiled from one at build time
 * (lib/answer-checks.ts: the till's start reads its answers without zod).
 */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  form?: FormData;
  /**
   * Checks the answer: a schema, or a function that loads one (the sign-in page's answers are
   * checked with checks fetched beside the page, so they are not part of its first load).
   */
  schema?: AnswerSchema<T> | (() => Promise<AnswerSchema<T>>);
  /** Safe to repeat: reads, PUT/DELETE, and writes that carry their own id. */
  retry?: boolean;
  /** A 401 here is an answer (sign-in, "who am I"), not an expired session. */
  expectUnauthorized?: boolean;
  /** Overrides the device id header (sign-in with a freshly read device). */
  deviceId?: string | null;
  signal?: AbortSignal;
}

/**
 * Writes that stay possible when a hosted shop is not online-capable: signing in and out, setup,
 * and the Sync screens' own routes (a business kept on the shop's PC is local only; ADR 11 §8).
 */
const CONNECTIVITY_EXEMPT = [/^\/api\/auth\//, /^\/api\/setup$/, /^\/api\/sync\//];

/**
 * The business profile update that switches "work both online and offline" on: the server lets
 * it through for a shop set to local only (so the owner can get out), and so does the app.
 */
function switchesOnlineAt(method: string, path: string, body: unknown): boolean {
  return method === 'PATCH' && path === '/api/business/profile' && switchesOnline(body);
}

let health: { ok: boolean; at: number } | null = null;

/** The seed spec's connectivity check (§4): the hosted server answers its health route. */
export async function checkConnectivity(force = false): Promise<boolean> {
  if (!force && health && Date.now() - health.at < HEALTH_CACHE_MS) return health.ok;
  let ok = false;
  try {
    const res = await fetch('/api/health', { cache: 'no-store' });
    reportStatus(res.status);
    ok = res.ok;
  } catch {
    reportNoAnswer();
    ok = false;
  }
  health = { ok, at: Date.now() };
  return ok;
}

export function resetConnectivityCache(): void {
  health = null;
}

/**
 * Hosted mode (§4, §8): writes go to the hosted server only when the shop works both online and
 * offline and the connectivity check passes; otherwise nothing is sent. The server holds the same
 * rule (it answers `business_offline`); this only spares the trip.
 */
async function assertCanWrite(method: string, path: string, body: unknown): Promise<void> {
  await modeKnown;
  if (state.mode !== 'hosted') return;
  if (CONNECTIVITY_EXEMPT.some((re) => re.test(path))) return;
  if (switchesOnlineAt(method, path, body)) return;
  // a business a shop's PC keeps: the server's refusal says so (`business_synced_from_shop`),
  // where this one would blame the internet
  if (isKeptByShop()) return;
  const shop = readShopDetails();
  const capable = shop?.online_offline === '1';
  if (!capable || !(await checkConnectivity())) {
    throw new ApiError({ kind: 'offline', code: 'offline' });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function toApiError(res: Response): Promise<ApiError> {
  let code = 'internal';
  let message: string | undefined;
  let field: string | undefined;
  let params: Record<string, unknown> | undefined;
  try {
    const body = (await res.json()) as {
      error?: { code?: string; message?: string; field?: string; params?: unknown };
    };
    if (body?.error) {
      code = body.error.code ?? code;
      message = body.error.message;
      field = body.error.field;
      const p = body.error.params;
      if (p && typeof p === 'object' && !Array.isArray(p)) params = p as Record<string, unknown>;
    }
  } catch {
    // not JSON: keep the generic code
  }
  const ra = Number(res.headers.get('Retry-After'));
  return new ApiError({
    kind: 'http',
    status: res.status,
    code,
    message,
    field,
    params,
    retryAfter: Number.isFinite(ra) && ra > 0 ? ra : undefined,
  });
}

/**
 * When this page last wrote (a write answered 2xx): a read cached before it may be out of date
 * (a sale made, the dashboard's figures kept), so it is read again the next time it is shown.
 */
export let wroteAt = 0;

/** Calls the API of the origin that served the app. */
export async function api<T = unknown>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const isRead = method === 'GET';
  const repeatable = opts.retry ?? (isRead || method === 'PUT' || method === 'DELETE');
  if (!isRead) await assertCanWrite(method, path, opts.body);
  if (opts.deviceId === undefined) await deviceKnown;

  const device = opts.deviceId !== undefined ? opts.deviceId : state.deviceId;
  const headers: Record<string, string> = { Accept: 'application/json', ...deviceHeaders(device) };
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  const attempts = repeatable ? API_RETRIES + 1 : 1;
  let lastError: ApiError | null = null;
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await sleep(RETRY_DELAYS_MS[i - 1] ?? 750);
    let res: Response;
    try {
      res = await fetch(path, { method, headers, body, credentials: 'same-origin', signal: opts.signal });
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      reportNoAnswer();
      lastError = new ApiError({ kind: 'network', code: 'network' });
      continue;
    }
    reportStatus(res.status);
    takeDeviceToken(res, device);
    if (res.ok) {
      if (!isRead) wroteAt = Date.now();
      if (res.status === 204) return undefined as T;
      const json: unknown = await res.json().catch(() => undefined);
      if (!opts.schema) return json as T;
      const schema = typeof opts.schema === 'function' ? await opts.schema() : opts.schema;
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        console.error('Unexpected response from', path, parsed.error);
        throw new ApiError({ kind: 'bad_response', status: res.status, code: 'bad_response' });
      }
      return parsed.data;
    }
    const err = await toApiError(res);
    if (res.status >= 500 && i < attempts - 1) {
      lastError = err;
      continue;
    }
    if (res.status === 401 && !opts.expectUnauthorized) state.onUnauthorized();
    if (res.status === 402) state.onNotActive();
    throw err;
  }
  throw lastError ?? new ApiError({ kind: 'network', code: 'network' });
}
