import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { BackupFailure } from '@duka/domain';
import type { Db } from '../db/database.js';
import { durableRename } from '../lib/durable-files.js';

/** What the profile page shows of the local backups (seed spec §7: failures are never toasted). */
export interface BackupStatus {
  /** The journal position the last good backup holds (sum of every business's sequence). */
  last_seq: number | null;
  last_good: { file: string; at: string; size: number } | null;
  /** `message`: the file system's words, for the log; `code` what the screens word (none before). */
  last_error: { at: string; message: string; code?: BackupFailure } | null;
  last_attempt_at: string | null;
}

const EMPTY: BackupStatus = { last_seq: null, last_good: null, last_error: null, last_attempt_at: null };

/** Why a backup failed, from the file system's error code. */
export function backupFailure(err: unknown): BackupFailure {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') return 'disk_full';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'no_access';
  // EEXIST: a file where the folder should be
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EEXIST') return 'folder_missing';
  return 'failed';
}

/** The last failure as the screens show it: when, and why as a code (a status written before codes: `failed`). */
export function failureView(e: BackupStatus['last_error']): { at: string; code: BackupFailure } | null {
  return e ? { at: e.at, code: e.code ?? 'failed' } : null;
}

export function statusFile(dataDir: string): string {
  return path.join(dataDir, 'backup-status.json');
}

export function readStatus(dataDir: string): BackupStatus {
  try {
    return {
      ...EMPTY,
      ...(JSON.parse(fs.readFileSync(statusFile(dataDir), 'utf8')) as Partial<BackupStatus>),
    };
  } catch {
    return { ...EMPTY };
  }
}

export function writeStatus(dataDir: string, status: BackupStatus): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = statusFile(dataDir);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(status, null, 2));
  durableRename(`${file}.tmp`, file);
}

/** Where the journal stands: it moves with every write, so an unchanged figure means nothing new. */
export async function writePosition(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('journal_counters')
    .select(sql<number>`coalesce(sum(last_seq), 0)`.as('s'))
    .executeTakeFirstOrThrow();
  return Number(row.s);
}
