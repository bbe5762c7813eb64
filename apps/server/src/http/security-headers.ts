import helmet from '@fastify/helmet';
import { qzWebsocketOrigins } from '@duka/domain';
import type { FastifyInstance } from 'fastify';

/**
 * The printer helper's websocket addresses (QZ Tray protocol) that the page may connect to: every
 * host and port the web app's qz-tray client tries (the domain's QZ_HOSTS and QZ_PORTS), so a real
 * QZ Tray that took 8282 because 8181 was busy is reached, and no attempt is a CSP violation.
 */
const PRINTER_HELPER_ORIGINS = qzWebsocketOrigins();

/** Headers every JSON answer carries; fixed strings, set without running helmet per request. */
const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Full helmet (CSP and the rest) on what the browser renders: the app's pages, the API docs.
 * Plain fixed headers on JSON API answers and on the app's files under /assets/: running helmet on
 * each of them halved throughput (bench: 7,000 vs 15,000 req/s on a bare route), CSP means nothing
 * to a JSON body or a script, and its 1 KB on each of the twenty files a page loads slowed the
 * page on a slow link.
 */
export async function registerSecurityHeaders(app: FastifyInstance, secure: boolean): Promise<void> {
  await app.register(helmet, {
    global: false,
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
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if ((url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/assets/'))
      void reply.headers(API_HEADERS);
    else if (!url.startsWith('/api/docs')) reply.helmet(); // synchronous: helmet calls back at once
    done();
  });
}
