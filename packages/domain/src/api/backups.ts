import { z } from 'zod';
import { lazySchema } from '../lazy-schema.js';

/** The local server's backups as the business profile shows them. */
export const backupStatusSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** False on a hosted server (PostgreSQL is backed up by its operator). */
    enabled: z.boolean(),
    backup_dir: z.string().nullable(),
    interval_minutes: z.number().int(),
    last_good: z.object({ file: z.string(), at: z.string(), size: z.number().int() }).nullable(),
    last_error: z.object({ at: z.string(), message: z.string() }).nullable(),
    last_attempt_at: z.string().nullable(),
    /** Copies kept in each tier now. */
    kept: z.object({ five_minute: z.number().int(), hourly: z.number().int(), daily: z.number().int() }),
  }),
);
export type BackupStatusView = z.infer<typeof backupStatusSchema>;
