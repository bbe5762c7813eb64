import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a multipart/form-data upload (else only JSON bodies are accepted). */
    multipart?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const crossSite = () => new AppError('cross_site_request', 'Requests from another site are refused');
const notJson = () => new AppError('unsupported_media_type', 'Send the body as application/json');

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The page's origin is this server: the Host it was asked by, or PUBLIC_URL when set. */
function isOwnOrigin(origin: string, request: FastifyRequest, publicOrigin: string | null): boolean {
  if (publicOrigin !== null && origin === publicOrigin) return true;
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed or privacy-stripped page) and anything unparsable
  }
  // an Origin is a scheme, a host and a port, serialized: one with a path or a user is no page's
  if (page.host === '' || page.username || page.password || page.pathname !== '/' || page.search)
    return false;
  // The Host header as a URL of the page's scheme, so `localhost:80` and `localhost` compare equal.
  return [request.headers.host, request.host].some((host) => {
    if (!host) return false;
    try {
      return new URL(`${page.protocol}//${host}`).host === page.host;
    } catch {
      return false;
    }
  });
}

function hasBody(request: FastifyRequest): boolean {
  const length = headerOf(request, 'content-length');
  return headerOf(request, 'transfer-encoding') !== undefined || (length !== undefined && length !== '0');
}

/**
 * CSRF guard, one hook for every state-changing request (POST/PUT/PATCH/DELETE), before the body
 * is read or the session looked up:
 * - `Sec-Fetch-Site: cross-site`, or an `Origin` that is not this server → 403 cross_site_request;
 * - a body that is not `application/json` → 415 (multipart only on routes with `config.multipart`);
 *   a body-less request (logout, confirm) needs no content type.
 * An HTML form can post only text/plain, urlencoded or multipart, so it never gets through.
 */
export function installRequestGuard(app: FastifyInstance, config: Config): void {
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : null;
  app.addHook('onRequest', (request, _reply, done) => {
    const refusal = refusalOf(request, publicOrigin);
    if (refusal) done(refusal);
    else done();
  });
}

function refusalOf(request: FastifyRequest, publicOrigin: string | null): AppError | null {
  if (!STATE_CHANGING.has(request.method)) return null;
  if (headerOf(request, 'sec-fetch-site')?.toLowerCase() === 'cross-site') return crossSite();
  const origin = headerOf(request, 'origin');
  if (origin !== undefined && !isOwnOrigin(origin, request, publicOrigin)) return crossSite();

  const type = headerOf(request, 'content-type');
  if (type === undefined) return hasBody(request) ? notJson() : null;
  const mime = (type.split(';')[0] ?? '').trim().toLowerCase();
  if (mime === 'application/json') return null;
  if (mime === 'multipart/form-data' && request.routeOptions.config.multipart === true) return null;
  return notJson();
}
