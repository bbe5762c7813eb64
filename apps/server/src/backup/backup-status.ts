import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { BackupFailure } from '@duka/domain';
import type { Db } from '../db/database.js';
import { durableRename } from '../lib/durable-files.js';
import { groupDriverOf } from '../db/group-commit.js';
import { randomUUID } from 'node:crypto';

/** What the profile page shows of the local backups (seed spec §7: failures are never toasted). */
export interface BackupStatus {
  /** The journal position the last good backup holds (sum of every business's sequence). */
  last_seq: number | null;
  /** What this server had written when it took it (`writesStamp`); absent in a status written before. */
  last_writes?: string | null;
  last_good: { file: string; at: string; size: number } | null;
  /** `message`: the file system's words, for the log; `code` what the screens word (none before). */
  last_error: { at: string; message: string; code?: BackupFailure } | null;
  last_attempt_at: string | null;
}

const EMPTY: BackupStatus = { last_seq: null, last_good: null, last_error: null, last_attempt_at: null };

/**
 * Why a backup failed, from the file system's (or SQLite's) error code; with the backup folder,
 * a folder that cannot be written to is told as such whatever the error said (on a read-only
 * disk, making a missing folder fails with ENOENT, and SQLite's copy with "unable to open").
 */
export function backupFailure(err: unknown, dir?: string): BackupFailure {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') return 'disk_full';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'SQLITE_READONLY')
    return 'no_access';
  if (dir !== undefined && !writable(dir)) return 'no_access';
  // EEXIST: a file where the folder should be
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EEXIST') return 'folder_missing';
  return 'failed';
}

/** Whether the folder, or the nearest folder above it that exists, may be written to. */
function writable(dir: string): boolean {
  let d = path.resolve(dir);
  while (!fs.existsSync(d) && path.dirname(d) !== d) d = path.dirname(d);
  try {
    if (!fs.statSync(d).isDirectory()) return true; // a file in the way: folder_missing says so
    fs.accessSync(d, fs.constants.W_OK); // EROFS on a read-only disk, EACCES without the right
    return true;
  } catch {
    return false;
  }
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

/** Tables written without anything a restore would miss: sign-ins' sessions and failures, links' contact times. */
const UNBACKED = new Set(['sessions', 'login_failures', 'sync_links', 'sync_servers']);

/** This process's start: `writesStamp` counts from it, so a restart always makes the next run copy. */
const BOOT = randomUUID();

/**
 * What this server has written since it started to every table but `UNBACKED` (and whether another
 * connection committed): it moves with writes that take no journal entry, such as a parked cart,
 * a draft or a device paired, which `writePosition` misses. Null where it cannot be told (no
 * group-commit driver).
 */
export async function writesStamp(db: Db): Promise<string | null> {
  const driver = groupDriverOf(db.kysely);
  if (!driver) return null;
  const { rows } = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely);
  const tables = rows.map((r) => r.name).filter((n) => !UNBACKED.has(n));
  try {
    return `${BOOT}.${driver.readStamp(tables)}`;
  } catch {
    return null; // a read streaming on the connection: taken as changed
  }
}

/** Where the journal stands: it moves with every write, so an unchanged figure means nothing new. */
export async function writePosition(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('journal_counters')
    .select(sql<number>`coalesce(sum(last_seq), 0)`.as('s'))
    .executeTakeFirstOrThrow();
  return Number(row.s);
}
