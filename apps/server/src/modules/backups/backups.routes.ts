import path from 'node:path';
import { backupStatusSchema } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { BACKUP_INTERVAL_MS } from '../../backup/backup-job.js';
import { failureView, readStatus } from '../../backup/backup-status.js';
import { listBackups } from '../../backup/rotation.js';
import { errorResponses } from '../../http/errors.js';

export function backupsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/backups/status', {
    config: { access: { kind: 'admin' } },
    schema: {
      tags: ['backups'],
      summary: "The local server's last good backup, its last failure, and the copies kept",
      response: { 200: backupStatusSchema, ...errorResponses(401, 403) },
    },
    handler: () => {
      const local = deps.config.mode === 'local' && deps.db.dialect === 'sqlite';
      const s = local ? readStatus(deps.config.dataDir) : null;
      const count = (tier: string) =>
        local ? listBackups(path.join(deps.config.backupDir, tier)).length : 0;
      return {
        enabled: local,
        backup_dir: local ? deps.config.backupDir : null,
        interval_minutes: BACKUP_INTERVAL_MS / 60_000,
        last_good: s?.last_good ?? null,
        last_error: failureView(s?.last_error ?? null),
        last_attempt_at: s?.last_attempt_at ?? null,
        kept: { five_minute: count('5min'), hourly: count('hourly'), daily: count('daily') },
      };
    },
  });
}
