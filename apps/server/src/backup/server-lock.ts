import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, makePrivateDir } from '../lib/private-files.js';

/** The file a running local server keeps in its data folder, so tools know it is there. */
export function pidFile(dataDir: string): string {
  return path.join(dataDir, 'duka.pid');
}

export function writePidFile(dataDir: string, port: number): void {
  makePrivateDir(dataDir);
  fs.writeFileSync(pidFile(dataDir), JSON.stringify({ pid: process.pid, port }), { mode: PRIVATE_FILE_MODE });
}

export function removePidFile(dataDir: string): void {
  try {
    const mine =
      (JSON.parse(fs.readFileSync(pidFile(dataDir), 'utf8')) as { pid?: number }).pid === process.pid;
    if (mine) fs.rmSync(pidFile(dataDir));
  } catch {
    // already gone
  }
}

/** The pid of a server running on this data folder, or null (no file, or its process is gone). */
export function runningServer(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number((JSON.parse(fs.readFileSync(pidFile(dataDir), 'utf8')) as { pid?: number }).pid);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: it exists but belongs to someone else; still running.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
