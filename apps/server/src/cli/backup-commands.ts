import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { exportBusiness, importArchive } from '../backup/archive.js';
import { backupOnce, backupToFile } from '../backup/backup-job.js';
import { DataDirLockedError, lockDataDir } from '../backup/server-lock.js';
import { checkDatabaseFile, removeSidecars, settleCopy, snapshotCopy } from '../backup/sqlite-copy.js';
import { readStatus, writeStatus } from '../backup/backup-status.js';
import SQLite from 'better-sqlite3';
import { systemClock } from '../lib/clock.js';
import { durableRename, syncDir, syncFile } from '../lib/durable-files.js';
import { makeDatabasePrivate, makePrivateDir } from '../lib/private-files.js';
import { describe, keepReceiptNumbers, restoreRefusal, summarize } from './restore-checks.js';

export class BackupCliError extends Error {}

export const BACKUP_USAGE = `  backup [--to FILE]                 a checked copy of the SQLite database now (into BACKUP_DIR's
                                     rotation, or to FILE)
  restore FILE [--force]             replace the SQLite database with a backup (server stopped;
                                     the current database is kept aside; --force for another
                                     business's backup, or one without sales made since)
  export [--business-id ID] --to FILE  the whole business as one portable archive
  import FILE                        a business from an archive into this (empty of it) database`;

function args(argv: string[], spec: Record<string, true>, positionals: number) {
  const { values, positionals: pos } = parseArgs({
    args: argv,
    options: Object.fromEntries(Object.keys(spec).map((k) => [k, { type: 'string' as const }])),
    allowPositionals: true,
    strict: true,
  });
  if (pos.length > positionals) throw new BackupCliError(`Unexpected argument: ${pos[positionals]}`);
  return { values: values as Record<string, string | undefined>, pos };
}

const sqliteFileOf = (config: Config) => path.join(config.dataDir, 'duka.sqlite');
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * `restore` runs before the database is opened: it refuses while a server uses this data
 * folder, checks the backup, keeps the current database aside and puts the backup in its place.
 */
export function restoreCommand(argv: string[], config: Config, out: (l: string) => void): void {
  if (config.mode !== 'local')
    throw new BackupCliError('restore is for a local server (SQLite); unset DATABASE_URL');
  const force = argv.includes('--force');
  const { pos } = args(
    argv.filter((a) => a !== '--force'),
    {},
    1,
  );
  const from = pos[0];
  if (!from) throw new BackupCliError('Which backup? npm run duka -- restore FILE');
  const target = sqliteFileOf(config);
  if (fs.existsSync(from) && fs.existsSync(target) && fs.realpathSync(from) === fs.realpathSync(target))
    throw new BackupCliError(`${from} is the database in use itself: name a backup file`);
  // Held while the files move: no server can start on this folder meanwhile, and a running one
  // (which holds it for its whole life) makes restore refuse, naming it.
  let lock;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new BackupCliError(`Not restored: ${err.message}`);
    throw err;
  }
  try {
    restoreLocked(from, target, config, out, force);
  } finally {
    lock.release();
  }
}

function restoreLocked(
  from: string,
  target: string,
  config: Config,
  out: (l: string) => void,
  force: boolean,
): void {
  const check = checkDatabaseFile(from);
  if (!check.ok) throw new BackupCliError(`${from} cannot be restored: ${check.message}`);
  const backup = summarize(from)!;
  const current = fs.existsSync(target) ? summarize(target) : null;
  const refused = restoreRefusal({ backup: from, current: target }, backup, current, force);
  if (refused) throw new BackupCliError(`Nothing was changed: ${from} was not restored: ${refused}.`);
  out(describe('The backup', backup));
  if (current) out(describe('The current database', current));
  makePrivateDir(config.dataDir);
  // The backup is copied next to the database and checked before anything is moved: a failed
  // copy (a full disk) leaves the current database where it was. Read through SQLite, so a WAL
  // file beside the backup is part of what is restored.
  const staged = `${target}.restoring`;
  fs.rmSync(staged, { force: true });
  removeSidecars(staged);
  try {
    snapshotCopy(from, staged);
    settleCopy(staged);
    const again = checkDatabaseFile(staged);
    if (!again.ok) throw new Error(`the copy failed its integrity check: ${again.message}`);
  } catch (err) {
    fs.rmSync(staged, { force: true });
    removeSidecars(staged);
    throw new BackupCliError(
      `Nothing was changed: the backup could not be copied into ${config.dataDir} (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  let aside: string | null = null;
  if (fs.existsSync(target)) {
    aside = `${target}.before-restore-${new Date().toISOString().replaceAll(':', '-')}`;
    setAside(target, aside);
    makeDatabasePrivate(aside);
    out(`The current database is kept as ${aside}`);
  }
  // The backup takes the database's place in one rename, its contents and the folder's new entry
  // on the disk before the owner is told: a power cut then leaves the old database or the
  // restored one in place, never none (the server would start on a new, empty one).
  durableRename(staged, target);
  makeDatabasePrivate(target);
  if (aside && current && keepReceiptNumbers(target, aside))
    out("Receipt numbers go on from the current database's last one: none printed before is given again.");
  // The journal position the last backup held is not this database's: the next run must copy it
  // (it was skipped as "nothing written" once new sales brought the position back to that number).
  writeStatus(config.dataDir, { ...readStatus(config.dataDir), last_seq: null });
  out(`Restored ${from} to ${target}. Start the server to use it.`);
  for (const line of linkWarning(target)) out(line);
}

/**
 * Keeps the database in use as `aside` before a restore. One that opens has its WAL folded into it
 * and is kept by a second name (a hard link, or a copy where the file system has none), so it never
 * leaves its place until the restored file replaces it. One that does not open (often why it is
 * being restored) is moved aside with its WAL, as it is.
 */
function setAside(target: string, aside: string): void {
  if (foldedWal(target)) {
    fs.rmSync(target + '-shm', { force: true });
    try {
      fs.linkSync(target, aside);
    } catch {
      fs.copyFileSync(target, aside);
      syncFile(aside);
    }
  } else {
    fs.renameSync(target, aside);
    for (const ext of ['-wal', '-shm'])
      if (fs.existsSync(target + ext)) fs.renameSync(target + ext, aside + ext);
  }
  syncDir(path.dirname(path.resolve(target)));
}

/** Whether the database opened and now holds everything its WAL had (the WAL file is gone). */
function foldedWal(file: string): boolean {
  try {
    const db = new SQLite(file, { fileMustExist: true });
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.pragma('journal_mode = DELETE');
    } finally {
      db.close();
    }
  } catch {
    return false;
  }
  return !fs.existsSync(file + '-wal');
}

/**
 * What to tell the owner of a restored shop linked to a hosted server: the hosted copy may hold
 * what was sold after this backup, and selling on before syncing makes the two diverge (ADR 11).
 */
function linkWarning(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const link = db
      .prepare("select hosted_url from sync_links where state in ('copying', 'active') limit 1")
      .get() as { hosted_url: string } | undefined;
    if (!link) return [];
    return [
      `This shop is linked to ${link.hosted_url}: the hosted copy may hold sales made after this backup.`,
      'Start the server and open the sync page before selling: its first contact checks the link, and if the hosted copy has records this PC lost, the page says how to get them back.',
    ];
  } finally {
    db.close();
  }
}

/** `backup`, `export` and `import`: they need the configured database open. */
export async function runBackupCommand(
  command: string,
  argv: string[],
  db: Db,
  config: Config,
  businessFor: (id: string | undefined) => Promise<string>,
  out: (l: string) => void,
): Promise<void> {
  if (command === 'backup') {
    const { values } = args(argv, { to: true }, 0);
    if (db.dialect !== 'sqlite' || !db.file)
      throw new BackupCliError(
        'backup copies the local SQLite database; on PostgreSQL use pg_dump or `export`',
      );
    if (values.to) {
      const { size } = backupToFile(db.file, values.to);
      out(`Backup written to ${values.to} (${mb(size)}), integrity checked.`);
      return;
    }
    const o = await backupOnce(
      { db, dataDir: config.dataDir, backupDir: config.backupDir, now: () => systemClock.now() },
      { force: true },
    );
    if (o.kind === 'failed') throw new BackupCliError(`Backup failed: ${o.message}`);
    if (o.kind === 'done') out(`Backup written to ${o.file} (${mb(o.size)}), integrity checked.`);
    return;
  }
  if (command === 'export') {
    const { values } = args(argv, { to: true, 'business-id': true }, 0);
    if (!values.to) throw new BackupCliError('Where to? --to FILE');
    if (fs.existsSync(values.to)) throw new BackupCliError(`${values.to} already exists`);
    const businessId = await businessFor(values['business-id']);
    // Progress on the terminal (one line, rewritten); nothing when the output is a file or a pipe.
    const progress = process.stderr.isTTY
      ? (done: number, total: number, table: string) => {
          process.stderr.write(`\rExporting: ${done}/${total} tables (${table})`.padEnd(60));
          if (done === total) process.stderr.write('\n');
        }
      : undefined;
    const { rows } = await exportBusiness(
      db,
      businessId,
      values.to,
      systemClock.now(),
      progress,
      config.keyEncryptionKey,
    );
    out(`Exported business ${businessId} (${rows} records) to ${values.to}.`);
    return;
  }
  if (command === 'import') {
    const { pos } = args(argv, {}, 1);
    if (!pos[0]) throw new BackupCliError('Which archive? npm run duka -- import FILE');
    if (config.mode === 'local') {
      const any = await db.kysely.selectFrom('businesses').select('name').executeTakeFirst();
      if (any)
        throw new BackupCliError(
          `This local server already holds ${any.name}; import into an empty data folder`,
        );
    }
    try {
      const r = await importArchive(db, pos[0], config.keyEncryptionKey);
      out(`Imported business ${r.business_id} (${r.rows} records).`);
    } catch (err) {
      throw new BackupCliError(err instanceof Error ? err.message : String(err));
    }
    return;
  }
  throw new BackupCliError(`Unknown command: ${command}`);
}
