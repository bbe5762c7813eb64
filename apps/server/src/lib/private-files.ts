import fs from 'node:fs';
import path from 'node:path';

/** Files that hold the business's data (database, backups, exports, keys): owner only. */
export const PRIVATE_FILE_MODE = 0o600;
/** Folders that hold them: owner only. */
export const PRIVATE_DIR_MODE = 0o700;
/** The sticky bit of a shared folder such as /tmp. */
const STICKY_BIT = 0o1000;
/** Set first thing by the server and the CLI, so whatever they create is owner-only too. */
export const PRIVATE_UMASK = 0o077;

/**
 * chmod that tolerates file systems without Unix modes (a FAT USB drive as BACKUP_DIR answers
 * EPERM or ENOTSUP): there the mode cannot be kept anyway, and the backup must still be made.
 */
function chmodIfSupported(target: string, mode: number): void {
  try {
    fs.chmodSync(target, mode);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EROFS') throw err;
  }
}

/**
 * Creates a folder (and its missing parents) readable by the owner only; an existing one loses its
 * group and other bits. A shared folder (sticky, like /tmp) or a file system's root is never
 * touched: DATA_DIR or BACKUP_DIR set to one of those must not lock others out of it.
 */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const st = fs.statSync(dir);
  if (st.mode & STICKY_BIT || path.dirname(path.resolve(dir)) === path.resolve(dir)) return;
  chmodIfSupported(dir, st.mode & 0o700);
}

/** Makes existing files readable by the owner only; a path that does not exist is skipped. */
export function makePrivate(...files: string[]): void {
  for (const f of files) if (fs.existsSync(f)) chmodIfSupported(f, PRIVATE_FILE_MODE);
}

/** A database file and its `-wal`/`-shm`/`-journal` companions, owner only. */
export function makeDatabasePrivate(file: string): void {
  makePrivate(file, `${file}-wal`, `${file}-shm`, `${file}-journal`);
}

/**
 * Creates a folder the user named (`--to`) when it is missing, owner only, with its missing
 * parents; a folder that is already there is the user's and is left as it is.
 */
export function makePrivateDirOnlyIfNew(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !fs.existsSync(d); d = path.dirname(d)) missing.push(d);
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  for (const d of missing) chmodIfSupported(d, PRIVATE_DIR_MODE);
}
