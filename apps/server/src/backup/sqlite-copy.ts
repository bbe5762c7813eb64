import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { makeDatabasePrivate } from '../lib/private-files.js';

/** Pages copied per step of an online backup (4 MB at SQLite's 4 KB pages) before yielding. */
const PAGES_PER_STEP = 1000;

/**
 * Copies a live database through SQLite's online backup API on the server's own connection:
 * requests keep being served between steps, and writes made on this connection during the copy
 * reach the copy too, so it is consistent when it finishes.
 */
export async function onlineCopy(sqlite: SQLite.Database, dest: string): Promise<void> {
  await sqlite.backup(dest, { progress: () => PAGES_PER_STEP });
  makeDatabasePrivate(dest);
}

/**
 * A consistent copy taken from another process (the CLI while the server runs): `VACUUM INTO`
 * reads one snapshot of the WAL database, whatever the server writes meanwhile.
 */
export function snapshotCopy(source: string, dest: string): void {
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(dest);
  } finally {
    db.close();
  }
  makeDatabasePrivate(dest);
}

/**
 * Makes a fresh copy a single self-contained file: a copy of a WAL database is in WAL mode too,
 * and opening it (even read-only, for the integrity check) would leave `-wal` and `-shm` files
 * beside it in the backup folder. Rollback-journal mode has neither; the server turns WAL back on
 * when it opens a restored file.
 */
export function settleCopy(file: string): void {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
  removeSidecars(file);
  makeDatabasePrivate(file);
}

/** Removes a database file's `-wal`, `-shm` and `-journal` companions, if any. */
export function removeSidecars(file: string): void {
  for (const ext of ['-wal', '-shm', '-journal']) fs.rmSync(file + ext, { force: true });
}

export interface IntegrityResult {
  ok: boolean;
  /** 'ok', or what SQLite found wrong (or why the file could not be read). */
  message: string;
}

/**
 * `PRAGMA integrity_check` on a database file, and that it is a Duka database (its migrations
 * table and businesses are there). A backup only counts when this passes.
 */
export function checkDatabaseFile(file: string): IntegrityResult {
  if (!fs.existsSync(file)) return { ok: false, message: `${file} does not exist` };
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const problems = rows.map((r) => r.integrity_check).filter((m) => m !== 'ok');
    if (problems.length > 0) return { ok: false, message: problems.slice(0, 5).join('; ') };
    const tables = new Set(
      (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    for (const t of ['kysely_migration', 'businesses', 'journal'])
      if (!tables.has(t)) return { ok: false, message: `not a Duka database (no ${t} table)` };
    return { ok: true, message: 'ok' };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  } finally {
    db?.close();
  }
}
