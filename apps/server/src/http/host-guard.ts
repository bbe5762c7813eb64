import net from 'node:net';
import { LANGUAGES, type Language } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { documentT } from '../lib/documents-i18n.js';
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

/** The first of the browser's languages (Accept-Language) that Duka speaks, else English. */
export function pageLanguage(accept: string | undefined): Language {
  for (const part of (accept ?? '').split(',')) {
    const primary = part.split(';')[0]!.trim().toLowerCase().split('-')[0]!;
    const found = LANGUAGES.find((l) => l === primary);
    if (found) return found;
  }
  return 'en';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What a browser shows when a page is asked for by a name the server does not answer to: the web
 * app cannot load there, so the words come from the server's document strings, in the browser's
 * language. Nothing of the request is echoed back.
 */
export function refusedPage(accept: string | undefined): string {
  const lang = pageLanguage(accept);
  const t = documentT(lang);
  const title = escapeHtml(t('host.title'));
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.4rem">${title}</h1><p>${escapeHtml(t('host.notAllowed'))}</p></body></html>`;
}

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
  app.addHook('onRequest', (request, reply, done) => {
    const hostname = hostnameOf(request.host);
    if (hostname !== null && isLocalHostname(hostname, named)) return done();
    // an API call gets its typed code; a page (the browser's address bar) gets words to read
    if (request.method !== 'GET' || request.url.startsWith('/api/')) return done(notAllowed());
    void reply
      .code(421)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(refusedPage(request.headers['accept-language']));
  });
}
