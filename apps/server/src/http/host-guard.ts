import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../lib/errors.js';

/**
 * Name endings no public DNS answers for, so no outside site can own one: mDNS (`.local`), the
 * home network's (`.home.arpa`, RFC 8375), private networks' (`.internal`) and routers' (`.lan`).
 */
const LOCAL_SUFFIXES = ['.local', '.lan', '.home.arpa', '.internal'];

/** `name`, `name:port`, `[v6]` or `[v6]:port`: the host name part, or null for anything else. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::[0-9]{1,5})?$/;

const notAllowed = () =>
  new AppError('host_not_allowed', 'This server does not answer to this host name; use its address');

/** The host name of a Host header (lower case, an IPv6 literal in its brackets), or null. */
export function hostnameOf(host: string | undefined): string | null {
  if (!host) return null;
  const m = HOST_HEADER.exec(host.toLowerCase());
  return m?.[1] ?? null;
}

/**
 * Whether a local server answers to this host name: an IP literal (v4, or v6 in brackets),
 * `localhost`, a single-label name (a PC's name), a name of the local network (LOCAL_SUFFIXES), or
 * one of `named` (PUBLIC_URL's host and ALLOWED_HOSTS).
 */
export function isLocalHostname(hostname: string, named: ReadonlySet<string>): boolean {
  if (hostname.startsWith('[')) return hostname.endsWith(']') && net.isIPv6(hostname.slice(1, -1));
  if (net.isIPv4(hostname) || hostname === 'localhost' || !hostname.includes('.')) return true;
  return LOCAL_SUFFIXES.some((suffix) => hostname.endsWith(suffix)) || named.has(hostname);
}

/**
 * DNS rebinding guard of the local server, on every request (GET too, before anything is read):
 * a page of another site whose name its owner points at the shop's PC sends a Host (and an
 * Origin) of that name, which the CSRF guard (request-guard.ts) takes for the server's own. So a
 * local server answers only the names it can be reached by on the shop's network, and the ones
 * it is told (PUBLIC_URL, ALLOWED_HOSTS); any other Host, or none, is refused 421
 * `host_not_allowed`. The Host checked is the browser's: X-Forwarded-Host from a proxy that
 * TRUST_PROXY names. A hosted server answers its public name, so it has no such guard.
 */
export function installHostGuard(app: FastifyInstance, config: Config): void {
  if (config.mode !== 'local') return;
  const named = new Set(config.allowedHosts);
  if (config.publicUrl) named.add(new URL(config.publicUrl).hostname.toLowerCase());
  app.addHook('onRequest', (request, _reply, done) => {
    const hostname = hostnameOf(request.host);
    if (hostname !== null && isLocalHostname(hostname, named)) done();
    else done(notAllowed());
  });
}
