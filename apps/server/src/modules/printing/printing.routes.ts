import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DRAWER_KICK, OPEN_DRAWER_ACCESS, drawerOpenedSchema, safeText } from '@duka/domain';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { AppError } from '../../lib/errors.js';
import { businessKeys, signForPrinter } from './business-keys.js';
import { recordManualOpening } from './cash-drawer.js';
import { PrinterFailure, printRaw } from './network-printer.js';
import { checkSignRequest } from './sign-request.js';

/**
 * What the page asks to have signed: the JSON text of the qz-tray call (`{call, params,
 * timestamp}`) the client is about to hash, and the algorithm (SHA512 only).
 */
const signBody = z.strictObject({
  request: safeText().min(1).max(1_000_000),
  algorithm: safeText().max(16).default('SHA512'),
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
      const keys = await businessKeys(deps.db.kysely, contextOf(request), deps.config.keyEncryptionKey);
      return reply.type('text/plain').header('Cache-Control', 'private, max-age=3600').send(keys.certificate);
    },
  });

  r.post('/api/print/sign', {
    config: { access: { kind: 'signedIn' } },
    bodyLimit: 2 * 1024 * 1024,
    schema: {
      tags: ['printing'],
      summary:
        "The seed spec's sign-message: the server signs a qz-tray call (SHA512, business key) only when it is one it would make for this user: a read of the helper for users who may print, or printing a receipt they may see, byte for byte",
      body: signBody,
      response: {
        200: z.object({
          hash: z.string().describe('SHA-256 hex of request: what the qz-tray client signs'),
          signature: z.string().describe('base64 RSA signature of hash'),
        }),
        ...errorResponses(401, 403, 404, 422, 503),
      },
    },
    handler: async (request, reply) => {
      const ctx = contextOf(request);
      const hash = await checkSignRequest(ctx, deps, request.body.request, request.body.algorithm);
      const keys = await businessKeys(deps.db.kysely, ctx, deps.config.keyEncryptionKey);
      reply.header('Cache-Control', 'no-store');
      return { hash, signature: signForPrinter(keys.private_key, hash, 'SHA512') };
    },
  });

  r.post('/api/print/drawer', {
    config: { access: OPEN_DRAWER_ACCESS },
    schema: {
      tags: ['printing'],
      summary:
        "Open the cash drawer through the profile's network printer (local server; a till with the printer helper sends the signed pulse itself): for users who may take cash",
      response: { 200: drawerOpenedSchema, ...errorResponses(401, 403, 409, 502, 504) },
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      const business = ctx.business;
      if (deps.config.mode !== 'local' || !business.printer_host)
        throw new AppError('no_printer', 'No network printer is set in the business profile');
      const printer = `${business.printer_host}:${business.printer_port}`;
      try {
        await printRaw(business.printer_host, business.printer_port, Buffer.from(DRAWER_KICK));
      } catch (err) {
        request.log.warn({ err, printer }, 'opening the cash drawer failed');
        if (err instanceof PrinterFailure) throw new AppError(err.code, err.message);
        throw new AppError('printer_unreachable', 'The printer could not be reached');
      }
      await recordManualOpening(deps.db.kysely, ctx);
      return { printer };
    },
  });
}
