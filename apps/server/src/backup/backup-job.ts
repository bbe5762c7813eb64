import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import {
  type BackupStatus,
  backupFailure,
  readStatus,
  writePosition,
  writeStatus,
  writesStamp,
} from './backup-status.js';
import { fileBackup, makeRoom } from './rotation.js';
import { makePrivateDir, makePrivateDirOnlyIfNew } from '../lib/private-files.js';
import { checkDatabaseFile, offThread, removeSidecars, settleCopy, snapshotCopy } from './sqlite-copy.js';
import { makeDatabasePrivate } from '../lib/private-files.js';

/** The seed spec's backup interval (§4, §9): five minutes. */
export const BACKUP_INTERVAL_MS = 300_000;

export interface BackupTarget {
  db: Db;
  dataDir: string;
  backupDir: string;
  now: () => Date;
}

export type BackupOutcome =
  | { kind: 'skipped'; reason: string }
  | { kind: 'done'; file: string; size: number }
  | { kind: 'failed'; message: string };

/**
 * One backup: a consistent copy of the SQLite database (images included: they live in it), checked
 * with `PRAGMA integrity_check`, filed into the rotating tiers. Skipped when nothing was written
 * since the last good one unless `force`. A failure is recorded for the profile page and thrown
 * to nobody.
 */
export function backupOnce(t: BackupTarget, opts: { force?: boolean } = {}): Promise<BackupOutcome> {
  // One at a time per folder: a run that starts while one is going (a slow copy past the next
  // tick, the CLI beside the schedule) waits for it and takes its outcome. Two at once wrote the
  // same copy and both failed, and with copies slower than the interval none ever finished.
  const going = inProgress.get(t.backupDir);
  if (going) return going;
  const run = backupRun(t, opts).finally(() => inProgress.delete(t.backupDir));
  inProgress.set(t.backupDir, run);
  return run;
}

const inProgress = new Map<string, Promise<BackupOutcome>>();

/** The half-made copy of a run, and the prefix of every run's: what a run finds of them is left over. */
const IN_PROGRESS = '.in-progress-';

/**
 * Removes the half-made copies a run killed by a power cut or a forced exit left (with their
 * sidecars): each is an orphan as big as the database, which would fill the disk run after run.
 * A copy named after another process that is still alive is that process's run under way (the
 * CLI's `duka backup` beside the server's schedule) and is left to it: removing it failed that
 * backup with ENOENT.
 */
function removeLeftovers(backupDir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(backupDir);
  } catch {
    return; // no folder yet
  }
  for (const name of names)
    if (name.startsWith(IN_PROGRESS) && name.endsWith('.sqlite')) {
      const pid = Number(name.slice(IN_PROGRESS.length, -'.sqlite'.length));
      if (pid !== process.pid && processAlive(pid)) continue;
      const file = path.join(backupDir, name);
      fs.rmSync(file, { force: true });
      removeSidecars(file);
    }
}

function processAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, under another user
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function backupRun(t: BackupTarget, opts: { force?: boolean }): Promise<BackupOutcome> {
  if (t.db.dialect !== 'sqlite' || !t.db.file || t.db.file === ':memory:')
    return { kind: 'skipped', reason: 'not SQLite' };
  const status = readStatus(t.dataDir);
  const position = await writePosition(t.db);
  const writes = await writesStamp(t.db);
  if (
    !opts.force &&
    status.last_seq === position &&
    writes !== null &&
    status.last_writes === writes &&
    status.last_good
  )
    return { kind: 'skipped', reason: 'nothing written since the last backup' };
  const at = t.now();
  const next: BackupStatus = { ...status, last_attempt_at: at.toISOString() };
  const tmp = path.join(t.backupDir, `${IN_PROGRESS}${process.pid}.sqlite`);
  try {
    makePrivateDir(t.backupDir);
    removeLeftovers(t.backupDir);
    // In a worker thread, on its own connection: it reads one committed snapshot (VACUUM INTO),
    // and the integrity check of a year's database (seconds) never holds up a sale.
    const check = await copyMakingRoom(t.db.file, t.backupDir, tmp);
    makeDatabasePrivate(tmp);
    if (!check.ok) throw new Error(`the copy failed its integrity check: ${check.message}`);
    const size = fs.statSync(tmp).size;
    const file = fileBackup(t.backupDir, tmp, at);
    writeStatus(t.dataDir, {
      ...next,
      last_seq: position,
      last_writes: writes,
      last_good: { file, at: at.toISOString(), size },
      last_error: null,
    });
    return { kind: 'done', file, size };
  } catch (err) {
    try {
      fs.rmSync(tmp, { force: true });
      removeSidecars(tmp);
    } catch {
      // the folder itself is the trouble; nothing was left there
    }
    const message = err instanceof Error ? err.message : String(err);
    try {
      writeStatus(t.dataDir, {
        ...next,
        last_error: { at: at.toISOString(), message, code: backupFailure(err, t.backupDir) },
      });
    } catch {
      // the data folder itself is failing: the log below is all there is
    }
    return { kind: 'failed', message };
  }
}

/**
 * The checked copy; on a full disk the oldest copies make room for it (`makeRoom`: the database's
 * size, its -wal's too) and it is made once more.
 */
async function copyMakingRoom(source: string, backupDir: string, tmp: string) {
  try {
    return await offThread({ kind: 'backup', source, dest: tmp });
  } catch (err) {
    if (backupFailure(err) !== 'disk_full') throw err;
    fs.rmSync(tmp, { force: true });
    removeSidecars(tmp);
    const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
    if (makeRoom(backupDir, size(source) + size(`${source}-wal`)) === 0) throw err;
    return await offThread({ kind: 'backup', source, dest: tmp });
  }
}

/** A copy to a file of one's choosing, from another process than the server (the CLI). */
export function backupToFile(sqliteFile: string, dest: string): { size: number } {
  if (fs.existsSync(dest)) throw new Error(`${dest} already exists`);
  makePrivateDirOnlyIfNew(path.dirname(path.resolve(dest)));
  snapshotCopy(sqliteFile, dest);
  settleCopy(dest);
  const check = checkDatabaseFile(dest);
  if (!check.ok) {
    fs.rmSync(dest, { force: true });
    removeSidecars(dest);
    throw new Error(`the copy failed its integrity check: ${check.message}`);
  }
  return { size: fs.statSync(dest).size };
}

/**
 * Runs `backupOnce` now and every five minutes on a local server; failures go to the log (and
 * the status file), never to a user's screen. Answers a stop function that waits for a backup
 * in progress.
 */
export function startBackupSchedule(t: BackupTarget, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped || inProgress.has(t.backupDir)) return; // the run under way is this tick's
    running = backupOnce(t).then(
      (o) => {
        if (o.kind === 'failed') log.error({ backup: o.message }, 'backup failed');
        else if (o.kind === 'done') log.info({ file: o.file, size: o.size }, 'backup made');
      },
      (err: unknown) => log.error({ err }, 'backup failed'),
    );
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, BACKUP_INTERVAL_MS);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
