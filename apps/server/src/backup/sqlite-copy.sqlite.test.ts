import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import { setUpBusiness } from '../modules/setup/setup.service.js';
import { fileTask, offThread } from './sqlite-copy.js';

/** The backup's file work, run in a worker thread from its source text (what the server does). */
describe('backup file work off the main thread', () => {
  let dir: string;
  let live: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-copy-'));
    live = path.join(dir, 'duka.sqlite');
    const db = openDatabase({ sqliteFile: live });
    await migrate(db);
    await setUpBusiness(
      db,
      systemClock,
      {
        business_name: 'Kiosk',
        username: 'boss',
        password: 'boss-pass-1',
        currency: 'KES',
        timezone: 'UTC',
        language: 'en',
      },
      { onlyIfNone: true },
    );
    await db.close();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('copies, settles and checks a live database in another thread', async () => {
    const dest = path.join(dir, 'copy.sqlite');
    expect(await offThread({ kind: 'backup', source: live, dest })).toEqual({ ok: true, message: 'ok' });
    // A single rollback-journal file with the data in it, no -wal or -shm beside it.
    expect(['-wal', '-shm'].filter((ext) => fs.existsSync(dest + ext))).toEqual([]);
    const copy = new SQLite(dest, { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(copy.prepare('select name from businesses').pluck().all()).toEqual(['Kiosk']);
    copy.close();
  });

  it('answers what the check found, the same as on the main thread', async () => {
    const stranger = path.join(dir, 'stranger.sqlite');
    const other = new SQLite(stranger);
    other.exec('create table notes (t text)');
    other.close();
    const expected = { ok: false, message: 'not a Duka database (no kysely_migration table)' };
    expect(await offThread({ kind: 'check', file: stranger })).toEqual(expected);
    expect(fileTask(SQLite, fs, { kind: 'check', file: stranger })).toEqual(expected);
  });

  it('rejects when the copy itself fails (nothing to copy from)', async () => {
    await expect(
      offThread({
        kind: 'backup',
        source: path.join(dir, 'missing.sqlite'),
        dest: path.join(dir, 'x.sqlite'),
      }),
    ).rejects.toThrow(/unable to open database/);
  });

  // The QA: a full backup disk read "the copy could not be made, Duka tries again by itself": the
  // worker's error lost SQLite's code (SQLITE_FULL), and with it the words "the disk is full".
  it("rejects with the error's code, which tells the owner why", async () => {
    const text = path.join(dir, 'not-a-database.sqlite');
    fs.writeFileSync(text, 'x'.repeat(4096));
    await expect(
      offThread({ kind: 'backup', source: text, dest: path.join(dir, 'y.sqlite') }),
    ).rejects.toMatchObject({ code: 'SQLITE_NOTADB' });
  });
});
