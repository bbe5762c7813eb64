import fs from 'node:fs';
import { healthSchema, storageStatusSchema } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { errorResponses } from '../../http/errors.js';

export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { access: { kind: 'public' } },
    schema: {
      tags: ['system'],
      summary: 'Liveness and mode of this server',
      response: { 200: healthSchema },
    },
    // The tills' connection light asks this every few seconds: the answer must be the server's
    // own, now, never one a browser or a proxy kept while the server is gone.
    handler: (_request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const, mode: deps.config.mode, version: deps.version };
    },
  });

  app.withTypeProvider<ZodTypeProvider>().get('/api/storage/status', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['system'],
      summary:
        "Whether this server's disk is full (its last write failed for want of space), and the room left",
      response: { 200: storageStatusSchema, ...errorResponses(401) },
    },
    handler: () => ({
      disk_full_since: app.diskHealth.diskFullSince?.toISOString() ?? null,
      free_bytes: deps.config.mode === 'local' ? freeBytes(deps.config.dataDir) : null,
    }),
  });
}

/** Room left for an unprivileged user on the disk of `dir`; null when it cannot be read. */
function freeBytes(dir: string): number | null {
  try {
    const s = fs.statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}
