import { locationSchema } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { authOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';

export function locationsRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/locations', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['locations'],
      summary: 'Locations of the business',
      response: { 200: z.array(locationSchema), ...errorResponses(401) },
    },
    handler: async (request) => {
      const rows = await deps.db.kysely
        .selectFrom('locations')
        .select(['id', 'name', 'active'])
        .where('business_id', '=', authOf(request).business.id)
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .execute();
      return rows.map((l) => ({ ...l, active: l.active === 1 }));
    },
  });
}
