import { gettingStartedSchema } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { gettingStarted } from './getting-started.service.js';

export function gettingStartedRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/getting-started', {
    config: { access: { kind: 'admin' } },
    schema: {
      tags: ['business'],
      summary:
        "The owner's getting-started checklist: which first steps the business has done (products, a delivery, a cashier, a printer, transfer providers, a sale)",
      response: { 200: gettingStartedSchema, ...errorResponses(401, 403) },
    },
    handler: (request) => gettingStarted(deps.db.kysely, contextOf(request).business),
  });
}
