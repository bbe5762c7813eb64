import { notificationsSchema } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { failureView, readStatus } from '../../backup/backup-status.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { notifications } from './notifications.service.js';

export function notificationsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/notifications', {
    config: { access: { kind: 'admin' } },
    schema: {
      tags: ['notifications'],
      summary:
        'What needs attention: low and negative stock, old unconfirmed transfers, days not closed, a failing backup, tills waiting',
      response: { 200: notificationsSchema, ...errorResponses(401, 403) },
    },
    handler: (request) => {
      const ctx = contextOf(request);
      const local = deps.config.mode === 'local' && deps.db.dialect === 'sqlite';
      const s = local ? readStatus(deps.config.dataDir) : null;
      // A failure counts until a backup succeeds after it.
      const failing =
        s?.last_error && (!s.last_good || s.last_good.at < s.last_error.at)
          ? failureView(s.last_error)
          : null;
      return notifications(deps.db.kysely, ctx.business, deps.clock.now(), failing);
    },
  });
}
