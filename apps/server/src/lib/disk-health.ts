/** Codes that mean "no room left": the OS's, SQLite's, PostgreSQL's (53100 disk_full). */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** Whether an error (or one of its causes) says the disk, or the database, is full. */
export function isDiskFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What this server process knows of its disk: since when writes fail for want of space. Set by
 * the error handler when a request fails so, cleared by the next write that succeeds, so the
 * notice goes away by itself once space is freed. Per process on purpose: each hosted instance
 * reports what it saw, and none needs another's.
 */
export class DiskHealth {
  private fullSince: Date | null = null;

  noteFull(now: Date): void {
    this.fullSince ??= now;
  }

  noteWriteSucceeded(): void {
    this.fullSince = null;
  }

  get diskFullSince(): Date | null {
    return this.fullSince;
  }
}
