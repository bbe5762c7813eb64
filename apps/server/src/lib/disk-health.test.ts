import { describe, expect, it } from 'vitest';
import { DiskHealth, isDiskFull } from './disk-health.js';

describe('disk full', () => {
  it("knows the OS's, SQLite's and PostgreSQL's way of saying it, also as a cause", () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100'])
      expect(isDiskFull(coded(code)), code).toBe(true);
    expect(isDiskFull(new Error('Migration failed', { cause: coded('SQLITE_FULL') }))).toBe(true);
    for (const code of ['SQLITE_BUSY', 'EACCES', '23505']) expect(isDiskFull(coded(code)), code).toBe(false);
    expect(isDiskFull(new Error('database or disk is full'))).toBe(false);
    expect(isDiskFull(null)).toBe(false);
  });

  it('keeps the first time it saw it until a write succeeds', () => {
    const h = new DiskHealth();
    h.noteFull(new Date('2026-01-01T10:00:00Z'));
    h.noteFull(new Date('2026-01-01T10:05:00Z'));
    expect(h.diskFullSince?.toISOString()).toBe('2026-01-01T10:00:00.000Z');
    h.noteWriteSucceeded();
    expect(h.diskFullSince).toBeNull();
  });
});
