import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { makeDatabasePrivate } from '../lib/private-files.js';

export interface IntegrityResult {
  ok: boolean;
  /** 'ok', or what SQLite found wrong (or why the file could not be read). */
  message: string;
}

/** Work on a database file that does not touch the server's own connection. */
export type FileTask =
  /** A consistent copy: `VACUUM INTO` reads one snapshot of the WAL database, whatever is written meanwhile. */
  | { kind: 'snapshot'; source: string; dest: string }
  /**
   * A fresh copy made a single self-contained file: a copy of a WAL database is in WAL mode too,
   * and opening it (even read-only, for the integrity check) would leave `-wal` and `-shm` files
   * beside it in the backup folder. Rollback-journal mode has neither; the server turns WAL back
   * on when it opens a restored file.
   */
  | { kind: 'settle'; file: string }
  /**
   * `PRAGMA integrity_check`, and that it is a Duka database (its migrations table and
   * businesses are there). A backup only counts when this passes.
   */
  | { kind: 'check'; file: string }
  /** The three above in turn: what a backup does. */
  | { kind: 'backup'; source: string; dest: string };

/**
 * Does a file task. Self-contained on purpose (no imports, no closures: SQLite and fs come in as
 * arguments): the server runs it in a worker thread from its source text (`offThread`), so a
 * backup of a year's database — seconds of `integrity_check` — never holds up a sale.
 */
export function fileTask(Sqlite: typeof SQLite, files: typeof fs, task: FileTask): IntegrityResult {
  const removeSidecars = (file: string) => {
    for (const ext of ['-wal', '-shm', '-journal']) files.rmSync(file + ext, { force: true });
  };
  const snapshot = (source: string, dest: string) => {
    const db = new Sqlite(source, { readonly: true, fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare('VACUUM INTO ?').run(dest);
    } finally {
      db.close();
    }
  };
  const settle = (file: string) => {
    const db = new Sqlite(file, { fileMustExist: true });
    try {
      db.pragma('journal_mode = DELETE');
    } finally {
      db.close();
    }
    removeSidecars(file);
    // VACUUM INTO never syncs the file it writes: its pages reach the disk here, before the copy is
    // checked, named a backup or renamed into the database's place
    const fd = files.openSync(file, 'r+');
    try {
      files.fsyncSync(fd);
    } finally {
      files.closeSync(fd);
    }
  };
  const check = (file: string): IntegrityResult => {
    if (!files.existsSync(file)) return { ok: false, message: `${file} does not exist` };
    let db: SQLite.Database | undefined;
    try {
      db = new Sqlite(file, { readonly: true, fileMustExist: true });
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
  };
  switch (task.kind) {
    case 'snapshot':
      snapshot(task.source, task.dest);
      return { ok: true, message: 'ok' };
    case 'settle':
      settle(task.file);
      return { ok: true, message: 'ok' };
    case 'check':
      return check(task.file);
    case 'backup':
      snapshot(task.source, task.dest);
      settle(task.dest);
      return check(task.dest);
  }
}

const betterSqlitePath = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Runs a file task in a worker thread (its own SQLite connection): the server keeps answering
 * meanwhile. A task that throws (a full disk while copying) rejects.
 */
export function offThread(task: FileTask): Promise<IntegrityResult> {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const __name = (f) => f;
    const fileTask = ${fileTask.toString()};
    try {
      parentPort.postMessage({ done: fileTask(require(workerData.sqlite), require('node:fs'), workerData.task) });
    } catch (err) {
      parentPort.postMessage({ failed: err instanceof Error ? err.message : String(err), code: err && err.code });
    }`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: { sqlite: betterSqlitePath, task } });
    let answer: { done: IntegrityResult } | { failed: string; code?: unknown } | undefined;
    worker.once('message', (m: typeof answer) => (answer = m));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (answer && 'done' in answer) resolve(answer.done);
      // the error's code (SQLITE_FULL, EACCES…) goes with it: it tells the owner why (backupFailure)
      else
        reject(
          Object.assign(new Error(answer?.failed ?? `the backup worker stopped (exit code ${code})`), {
            code: answer?.code,
          }),
        );
    });
  });
}

/** A consistent copy taken beside a running server (the CLI's backup and restore), owner only. */
export function snapshotCopy(source: string, dest: string): void {
  fileTask(SQLite, fs, { kind: 'snapshot', source, dest });
  makeDatabasePrivate(dest);
}

export function settleCopy(file: string): void {
  fileTask(SQLite, fs, { kind: 'settle', file });
  makeDatabasePrivate(file);
}

export function checkDatabaseFile(file: string): IntegrityResult {
  return fileTask(SQLite, fs, { kind: 'check', file });
}

/** Removes a database file's `-wal`, `-shm` and `-journal` companions, if any. */
export function removeSidecars(file: string): void {
  for (const ext of ['-wal', '-shm', '-journal']) fs.rmSync(file + ext, { force: true });
}
