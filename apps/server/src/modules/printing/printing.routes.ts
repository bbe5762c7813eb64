import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { authOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { SIGN_ALGORITHMS, businessKeys, signForPrinter } from './business-keys.js';

/** What the qz-tray client asks the site to sign: the SHA-256 hex of the call it is about to send. */
const signQuery = z.strictObject({
  request: z.string().min(1).max(10_000),
  algorithm: z.enum(Object.keys(SIGN_ALGORITHMS) as [keyof typeof SIGN_ALGORITHMS]).default('SHA512'),
});

export function printingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/print/certificate', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['printing'],
      summary: "The business's printing certificate (PEM), for the qz-tray client and for pairing a helper",
      produces: ['text/plain'],
      response: { 200: z.string().describe('PEM certificate'), ...errorResponses(401, 503) },
    },
    handler: async (request, reply) => {
      const b = authOf(request).business;
      const keys = await businessKeys(
        deps.db.kysely,
        b,
        deps.clock.now().toISOString(),
        deps.config.keyEncryptionKey,
      );
      return reply.type('text/plain').header('Cache-Control', 'private, max-age=3600').send(keys.certificate);
    },
  });

  r.get('/api/print/sign', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['printing'],
      summary:
        "The seed spec's sign-message: an RSA signature (base64) of a qz-tray request with the business key",
      querystring: signQuery,
      produces: ['text/plain'],
      response: { 200: z.string().describe('base64 signature'), ...errorResponses(401, 422, 503) },
    },
    handler: async (request, reply) => {
      const b = authOf(request).business;
      const keys = await businessKeys(
        deps.db.kysely,
        b,
        deps.clock.now().toISOString(),
        deps.config.keyEncryptionKey,
      );
      const signature = signForPrinter(keys.private_key, request.query.request, request.query.algorithm);
      return reply.type('text/plain').header('Cache-Control', 'no-store').send(signature);
    },
  });
}
