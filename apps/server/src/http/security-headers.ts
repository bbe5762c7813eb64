import helmet from '@fastify/helmet';
import { qzWebsocketOrigins } from '@duka/domain';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The printer helper's websocket addresses (QZ Tray protocol) that the page may connect to: every
 * host and port the web app's qz-tray client tries (the domain's QZ_HOSTS and QZ_PORTS), so a real
 * QZ Tray that took 8282 because 8181 was busy is reached, and no attempt is a CSP violation.
 */
const PRINTER_HELPER_ORIGINS = qzWebsocketOrigins();

/** Headers every JSON answer and app file carries; fixed strings, set without running helmet per request. */
const PLAIN_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};
/**
 * An API answer is a shop's own data (its sales, stock, debtors, who is signed in): no cache, the
 * browser's disk cache or a proxy on the shop's line, keeps a copy (OWASP ASVS 8.2.1). A route
 * whose answer may be kept says so itself (a stored file by its content hash, a receipt's image).
 */
const API_HEADERS = { ...PLAIN_HEADERS, 'cache-control': 'no-store' };

/**
 * Full helmet (CSP and the rest, worked out once: `pageHeaders`) on the app's pages.
 * Plain fixed headers on JSON API answers and on the app's files under /assets/: running helmet on
 * each of them halved throughput (bench: 7,000 vs 15,000 req/s on a bare route), CSP means nothing
 * to a JSON body or a script, and its 1 KB on each of the twenty files a page loads slowed the
 * page on a slow link.
 * A page gets HSTS (and upgrade-insecure-requests) when the server is behind HTTPS: PUBLIC_URL is
 * https (`secure`), or the request itself came over https (a TLS proxy that TRUST_PROXY names).
 */
export async function registerSecurityHeaders(app: FastifyInstance, secure: boolean): Promise<void> {
  const page = await pageHeaders(secure);
  const httpsPage = await pageHeaders(true);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (url.startsWith('/api/docs')) return done();
    if (url.startsWith('/api/')) void reply.headers(API_HEADERS);
    else if (url.startsWith('/assets/')) void reply.headers(PLAIN_HEADERS);
    else void reply.headers(request.protocol === 'https' ? httpsPage : page);
    done();
  });
}

/** Headers of every answer, not helmet's. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
const pageHeadersBy = new Map<boolean, Promise<Record<string, string>>>();

/**
 * helmet's headers for a page, as helmet writes them, worked out once per process: they are
 * fixed (no CSP nonces), and helmet registered on the app ran two hooks on every request, API
 * calls included (issue 21).
 */
function pageHeaders(secure: boolean): Promise<Record<string, string>> {
  let headers = pageHeadersBy.get(secure);
  if (!headers) {
    headers = helmetsOwn(secure);
    pageHeadersBy.set(secure, headers);
  }
  return headers;
}

async function helmetsOwn(secure: boolean): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...PRINTER_HELPER_ORIGINS],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    hsts: secure,
  });
  probe.get('/', () => '');
  try {
    const res = await probe.inject('/');
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers))
      if (!NOT_HELMETS.has(name) && value !== undefined) out[name] = String(value);
    return out;
  } finally {
    await probe.close();
  }
}
