import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import { isErrorCode, type ErrorCode } from '@duka/domain';
import { AppError } from '../../lib/errors.js';
import { wireJson } from './documents.js';

/**
 * The local server's calls to the hosted one (ADR 11 §3.4, §6): https only (loopback, or
 * SYNC_ALLOW_HTTP=1 for tests, may use http), redirects refused so a credential never goes
 * anywhere else, bodies gzipped, every call bounded by a time-out.
 */

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function allowHttp(): boolean {
  return process.env.SYNC_ALLOW_HTTP === '1';
}

/** The hosted address as calls use it (no trailing slash); refused when it is not safe to send a credential to. */
export function checkedHostedUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('validation_failed', 'Not an address', 'hosted_url');
  }
  if (url.username || url.password || url.search || url.hash)
    throw new AppError(
      'validation_failed',
      'The address may not carry a user, a query or a fragment',
      'hosted_url',
    );
  const plainOk = LOOPBACK.test(url.hostname) || allowHttp();
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && plainOk))
    throw new AppError('sync_insecure_url', 'The hosted address must use https', 'hosted_url');
  return url.href.replace(/\/+$/, '');
}

/** A refusal or failure of a call, with the hosted server's error code when it gave one. */
export class SyncCallError extends Error {
  constructor(
    readonly code: ErrorCode | 'network',
    readonly status: number,
    message: string,
    readonly params: Record<string, unknown> | undefined,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
}

const gzipAsync = promisify(gzip);
const GZIP_LEVEL = 6;

/** A request body written and gzipped ahead of its call (a push batch, while the one before is applied). */
export class GzippedJson {
  constructor(readonly bytes: Buffer) {}
}

/** The body as callHosted sends it, gzipped off the event loop. */
export async function gzippedJson(body: unknown): Promise<GzippedJson> {
  return new GzippedJson(await gzipAsync(Buffer.from(wireJson(body)), { level: GZIP_LEVEL }));
}

export interface CallOptions {
  credential?: string;
  timeoutMs: number;
  headers?: Record<string, string>;
  /** Ends the call early (the server is stopping). */
  signal?: AbortSignal;
}

/** One call; answers the parsed JSON of a 2xx, throws a SyncCallError otherwise. */
export async function callHosted<T>(
  base: string,
  path: string,
  body: unknown,
  opts: CallOptions,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.credential) headers.authorization = `Bearer ${opts.credential}`;
  let payload: Buffer | undefined;
  if (body !== undefined) {
    payload =
      body instanceof GzippedJson ? body.bytes : gzipSync(Buffer.from(wireJson(body)), { level: GZIP_LEVEL });
    headers['content-type'] = 'application/json';
    headers['content-encoding'] = 'gzip';
  }
  let res: Response;
  try {
    res = await fetch(`${checkedHostedUrl(base)}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(payload ? { body: payload } : {}),
      redirect: 'error',
      signal: opts.signal
        ? AbortSignal.any([opts.signal, AbortSignal.timeout(opts.timeoutMs)])
        : AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new SyncCallError('network', 0, err instanceof Error ? err.message : String(err), undefined, null);
  }
  const text = await res.text().catch(() => '');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (res.ok && json !== null) return json as T;
  const error = (
    json as { error?: { code?: string; message?: string; params?: Record<string, unknown> } } | null
  )?.error;
  const code = error?.code && isErrorCode(error.code) ? error.code : 'network';
  const retryAfter = Number(res.headers.get('retry-after'));
  throw new SyncCallError(
    code,
    res.status,
    error?.message ?? `The hosted server answered ${res.status}`,
    error?.params,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
  );
}
