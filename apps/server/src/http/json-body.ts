import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

/**
 * JSON bodies decoded strictly: bytes that are not UTF-8 are refused (422 `validation_failed`),
 * where Fastify's own parser turned each into U+FFFD and a name was saved as "bad��" with no word
 * to the user (the audit of 6 December). Parsing is then Fastify's own (its guard against
 * `__proto__` and `constructor` keys included); each route's body limit still applies.
 */
export function installStrictJson(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(new AppError('validation_failed', 'The body is not valid UTF-8'), undefined);
      return;
    }
    void parse(request, bytes.toString('utf8'), done);
  });
}
