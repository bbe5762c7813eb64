import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreCommand } from '../cli/backup-commands.js';
import { migrate, openDatabase } from '../db/database.js';
import { testConfig } from '../test/test-app.js';
import { checkDatabaseFile } from './sqlite-copy.js';

/**
 * A restore must survive a power cut at any moment: the database's place never empty (a server
 * started then makes a new, empty database), the restored file's contents on the disk before it
 * takes the place, and the folder synced after its renames. The file calls are watched to see
 * that, in order; a power cut itself cannot be had in a test.
 */
describe('restore, against a power cut', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  async function backupFile(dir: string): Promise<string> {
    const file = path.join(dir, 'backup.sqlite');
    const db = openDatabase({ sqliteFile: file });
    await migrate(db);
    await db.close();
    return file;
  }

  /** The database of a server that stopped dead: a sale still only in its WAL. */
  function crashedDatabase(dir: string): string {
    const live = path.join(dir, 'live.sqlite');
    const db = new SQLite(live);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec("create table sold (what text); insert into sold values ('the last sale')");
    const target = path.join(dir, 'duka.sqlite');
    fs.copyFileSync(live, target);
    fs.copyFileSync(`${live}-wal`, `${target}-wal`);
    db.close();
    fs.rmSync(live);
    return target;
  }

  it('never takes the database from its place, syncs the copy before the rename and the folder after', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-restore-durable-'));
    dirs.push(dir);
    const from = await backupFile(fs.mkdtempSync(path.join(os.tmpdir(), 'duka-restore-from-')));
    dirs.push(path.dirname(from));
    const target = crashedDatabase(dir);

    const calls: string[] = [];
    const opened = new Map<number, string>();
    const realOpen = fs.openSync.bind(fs);
    vi.spyOn(fs, 'openSync').mockImplementation((p: fs.PathLike, flags?: fs.OpenMode) => {
      const fd = realOpen(p, flags ?? 'r');
      opened.set(fd, path.resolve(String(p)));
      return fd;
    });
    const realSync = fs.fsyncSync.bind(fs);
    vi.spyOn(fs, 'fsyncSync').mockImplementation((fd: number) => {
      calls.push(`fsync ${opened.get(fd) ?? '?'}`);
      realSync(fd);
    });
    const realRename = fs.renameSync.bind(fs);
    vi.spyOn(fs, 'renameSync').mockImplementation((a: fs.PathLike, b: fs.PathLike) => {
      calls.push(`rename ${path.resolve(String(a))} -> ${path.resolve(String(b))}`);
      realRename(a, b);
    });

    restoreCommand([from], testConfig({ dataDir: dir, mode: 'local' }), () => undefined);

    const staged = path.resolve(`${target}.restoring`);
    const intoPlace = calls.indexOf(`rename ${staged} -> ${path.resolve(target)}`);
    expect(intoPlace, calls.join('\n')).toBeGreaterThan(-1);
    // the database in use was never renamed away: its place held it until the backup replaced it
    expect(calls.filter((c) => c.startsWith(`rename ${path.resolve(target)} `))).toEqual([]);
    // the copy's contents reached the disk before it took the place, the folder's entry after
    expect(calls.slice(0, intoPlace)).toContain(`fsync ${staged}`);
    expect(calls.slice(intoPlace + 1)).toContain(`fsync ${path.resolve(dir)}`);
    vi.restoreAllMocks();

    expect(checkDatabaseFile(target).ok).toBe(true);
    // the database set aside holds the sale that was only in its WAL
    const aside = fs
      .readdirSync(dir)
      .find((f) => f.startsWith('duka.sqlite.before-restore-') && !/-(wal|shm)$/.test(f));
    expect(aside, fs.readdirSync(dir).join(', ')).toBeTruthy();
    const kept = new SQLite(path.join(dir, aside!), { readonly: true });
    try {
      expect(kept.prepare('select what from sold').all()).toEqual([{ what: 'the last sale' }]);
    } finally {
      kept.close();
    }
    expect(fs.existsSync(`${target}-wal`)).toBe(false);
  });
});
