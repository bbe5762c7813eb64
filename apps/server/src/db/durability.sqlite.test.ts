import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openDatabase } from './database.js';

describe('SQLite durability', () => {
  it('syncs every commit (synchronous=FULL) unless told NORMAL, which only the benchmark does', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-sync-'));
    const full = openDatabase({ sqliteFile: path.join(dir, 'a.sqlite') });
    // 2 = FULL: the WAL is synced at each commit, so an acknowledged sale survives a power cut.
    expect(full.sqlite!.pragma('synchronous', { simple: true })).toBe(2);
    expect(full.sqlite!.pragma('journal_mode', { simple: true })).toBe('wal');
    await full.close();
    const normal = openDatabase({ sqliteFile: path.join(dir, 'b.sqlite'), sqliteSynchronous: 'NORMAL' });
    expect(normal.sqlite!.pragma('synchronous', { simple: true })).toBe(1);
    await normal.close();
    expect(loadConfig({}).sqliteSynchronous).toBe('FULL');
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'NORMAL' }).sqliteSynchronous).toBe('NORMAL');
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'OFF' })).toThrow(/SQLITE_SYNCHRONOUS/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the statements' and savepoints' rollback journals in memory (temp_store=MEMORY)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-temp-'));
    const db = openDatabase({ sqliteFile: path.join(dir, 'a.sqlite') });
    // 2 = MEMORY: past 64 KiB a savepoint's journal in a temp file is written to until the
    // group's COMMIT, page by page (issue 21: half the CPU of a sale's inserts).
    expect(db.sqlite!.pragma('temp_store', { simple: true })).toBe(2);
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
