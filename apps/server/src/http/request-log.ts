import type { FastifyInstance } from 'fastify';

/** A request slower than this is logged at warn, whatever the level. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * One log line per request, after the answer, instead of Fastify's two at info (issue 21: at a
 * hosted server's rate they cost more CPU than the sale's SQL). Every request at debug; a slow one
 * at warn; a 5xx at error (its cause is logged by the error handler). The route's pattern is
 * logged, not the URL, so ids and search words stay out of the log.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : ms >= SLOW_REQUEST_MS ? 'warn' : 'debug';
    // Most requests: nothing to write at the default level, so nothing to put together.
    if (level === 'debug' && request.log.level !== 'debug' && request.log.level !== 'trace') return done();
    // pino's methods for a level that is off do nothing
    request.log[level](
      {
        method: request.method,
        route: request.routeOptions.url ?? '(no route)',
        status,
        ms: Number(ms.toFixed(1)),
      },
      status >= 500 ? 'request failed' : ms >= SLOW_REQUEST_MS ? 'slow request' : 'request',
    );
    done();
  });
}
