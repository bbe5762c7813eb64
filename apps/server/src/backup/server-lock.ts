import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { PRIVATE_FILE_MODE, makePrivateDir } from '../lib/private-files.js';

/**
 * The data folder's lock: one process at a time (a server for its whole life, or `restore`)
 * works on a data folder.
 *
 * The lock is an OS file lock, not a file's contents: `duka.lock` is a small SQLite database
 * whose holder keeps a write transaction open (`BEGIN IMMEDIATE` takes SQLite's RESERVED lock,
 * an fcntl lock on the file). The kernel drops it when the holder's process ends, however it
 * ends (kill -9, a power cut), so a stale lock cannot exist, and nobody can take it over while
 * the holder lives. SQLite is already in the tree (better-sqlite3) and its locks are
 * tracked per file within a process too, so a second attempt in the same process is refused
 * the same way.
 *
 * `duka.pid` only describes the holder (pid, start time, port) for the message a refused process
 * prints; it is written by the lock's holder alone, so it cannot be overwritten by a second one.
 */
export function lockFile(dataDir: string): string {
  return path.join(dataDir, 'duka.lock');
}

export function pidFile(dataDir: string): string {
  return path.join(dataDir, 'duka.pid');
}

export interface LockHolder {
  pid: number;
  started_at: string;
  port: number;
}

/** Thrown when another process holds the data folder; the message names it. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    super(
      holder
        ? `Another Duka server is already running on ${dataDir} (pid ${holder.pid}, started ${holder.started_at}` +
            `${holder.port > 0 ? `, port ${holder.port}` : ''}). Stop it first, or use that one.`
        : `Another Duka process (a server or a restore) is using ${dataDir} right now. Stop it first, or wait for it to finish.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** Records the port the server listens on, for the message others see. */
  setPort(port: number): void;
  /** Releases the lock (and removes `duka.pid`); the process ending releases it too. */
  release(): void;
}

/** What `duka.pid` says, or null when it is missing or unreadable. */
export function readHolder(dataDir: string): LockHolder | null {
  try {
    const h = JSON.parse(fs.readFileSync(pidFile(dataDir), 'utf8')) as Partial<LockHolder>;
    if (!Number.isInteger(h.pid)) return null;
    return { pid: h.pid!, started_at: String(h.started_at ?? '?'), port: Number(h.port ?? 0) };
  } catch {
    return null;
  }
}

const isBusy = (err: unknown) => {
  const code = (err as { code?: string }).code ?? '';
  return code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED';
};

/**
 * Takes the data folder's lock, or throws DataDirLockedError naming the holder. Other failures
 * (a read-only or full folder) are thrown as they are, for the start-up message to explain.
 */
export function lockDataDir(dataDir: string, now = () => new Date()): DataDirLock {
  makePrivateDir(dataDir);
  const file = lockFile(dataDir);
  if (!fs.existsSync(file)) fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  const conn = new SQLite(file);
  try {
    conn.pragma('busy_timeout = 0');
    conn.exec('BEGIN IMMEDIATE');
  } catch (err) {
    conn.close();
    if (isBusy(err)) throw new DataDirLockedError(dataDir, readHolder(dataDir));
    throw err;
  }
  const holder: LockHolder = { pid: process.pid, started_at: now().toISOString(), port: 0 };
  const writeHolder = () =>
    fs.writeFileSync(pidFile(dataDir), JSON.stringify(holder), { mode: PRIVATE_FILE_MODE });
  try {
    writeHolder();
  } catch (err) {
    conn.close();
    throw err;
  }
  let held = true;
  return {
    setPort(port) {
      holder.port = port;
      writeHolder();
    },
    release() {
      if (!held) return;
      held = false;
      fs.rmSync(pidFile(dataDir), { force: true });
      conn.close(); // ends the open transaction: the OS lock goes with it
    },
  };
}
