import fs from 'node:fs';
import path from 'node:path';

/**
 * Files that must survive a power cut once written: a backup, a restored database, the backup
 * status, an export. A rename is atomic but not durable: until the folder itself reaches the disk,
 * a cut can bring back the old name (a restore undone, or the database missing from its place),
 * and a file renamed before its own contents reached the disk can come back empty or torn.
 */

/** Writes a file's contents to the disk (`fsync`). */
export function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes a folder's entries (the names its renames and new files gave) to the disk. Windows
 * cannot open a folder to sync it (NTFS keeps its own log of them): skipped there.
 */
export function syncDir(dir: string): void {
  if (process.platform === 'win32') return;
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } catch (err) {
    // some file systems (a FAT USB drive as BACKUP_DIR) cannot sync a folder: nothing more to do there
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'ENOTSUP' && code !== 'EPERM') throw err;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * `rename`, durable: the file's contents are on the disk before it takes the new name, and the
 * folders holding the old and the new names are synced after.
 */
export function durableRename(from: string, to: string): void {
  syncFile(from);
  fs.renameSync(from, to);
  const target = path.dirname(path.resolve(to));
  syncDir(target);
  const source = path.dirname(path.resolve(from));
  if (source !== target) syncDir(source);
}
