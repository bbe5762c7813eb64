import { healthSchema } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';

export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { access: { kind: 'public' } },
    schema: {
      tags: ['system'],
      summary: 'Liveness and mode of this server',
      response: { 200: healthSchema },
    },
    handler: () => ({ status: 'ok' as const, mode: deps.config.mode, version: deps.version }),
  });
}
