import { idSchema, okSchema, ownSessionSchema } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { endOwnSession, listOwnSessions } from './own-sessions.service.js';
import { authRateLimit } from './rate-limit.js';

/** Where the signed-in user is signed in (Edit Profile), and ending one of those sessions. */
export function ownSessionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/auth/sessions', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['auth'],
      summary:
        'Where you are signed in: your own live sessions in this business on this server, this one first (ids only, never a token)',
      response: { 200: z.array(ownSessionSchema), ...errorResponses(401, 402) },
    },
    handler: (request) => listOwnSessions(deps, contextOf(request)),
  });

  r.post('/api/auth/sessions/:id/end', {
    // sessions are each server's own, never synced: as signing out elsewhere, it works on a
    // hosted copy a shop keeps and for a business set to local only
    config: {
      access: { kind: 'signedIn' },
      rateLimit: authRateLimit,
      whileLocalOnly: true,
      whileSynced: true,
    },
    schema: {
      tags: ['auth'],
      summary:
        'End one of your other sessions (its device goes to the sign-in page at its next step); one already ended answers the same; this one is session_is_current: sign out instead',
      params: z.object({ id: idSchema }),
      response: { 200: okSchema, ...errorResponses(401, 402, 403, 404, 409, 422, 429) },
    },
    handler: async (request) => {
      await endOwnSession(deps, contextOf(request), request.params.id);
      return { ok: true as const };
    },
  });
}
