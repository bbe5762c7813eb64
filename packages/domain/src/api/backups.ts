import { z } from 'zod';
import { lazySchema } from '../lazy-schema.js';

/**
 * Why a backup failed, as the screens word it (the file system's own message stays in the log):
 * the disk is full, the folder may not be written, the folder is gone, anything else.
 */
export const BACKUP_FAILURES = ['disk_full', 'no_access', 'folder_missing', 'failed'] as const;
export type BackupFailure = (typeof BACKUP_FAILURES)[number];

/** A backup's failure: when, and why as a code. */
export const backupFailureSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ at: z.string(), code: z.enum(BACKUP_FAILURES) }),
);

/** The local server's backups as the business profile shows them. */
export const backupStatusSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** False on a hosted server (PostgreSQL is backed up by its operator). */
    enabled: z.boolean(),
    backup_dir: z.string().nullable(),
    interval_minutes: z.number().int(),
    last_good: z.object({ file: z.string(), at: z.string(), size: z.number().int() }).nullable(),
    last_error: backupFailureSchema.nullable(),
    last_attempt_at: z.string().nullable(),
    /** Copies kept in each tier now. */
    kept: z.object({ five_minute: z.number().int(), hourly: z.number().int(), daily: z.number().int() }),
  }),
);
export type BackupStatusView = z.infer<typeof backupStatusSchema>;
