import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreCommand } from '../cli/backup-commands.js';
import { migrate, openDatabase } from '../db/database.js';
import { type Shop, buildShop, postSale, stock } from '../test/sales-factories.js';
import { type TestApp, buildTestApp, testConfig } from '../test/test-app.js';
import { backupOnce } from './backup-job.js';
import { readStatus, writeStatus } from './backup-status.js';
import { lockDataDir } from './server-lock.js';
import { checkDatabaseFile } from './sqlite-copy.js';

/** Every stock level equals the sum of its movements, read straight from a database file. */
function ledgerHolds(file: string): { levels: number; mismatched: number } {
  const db = new SQLite(file, { readonly: true });
  try {
    const rows = db
      .prepare(
        `select l.quantity as level, coalesce((select sum(m.quantity) from stock_movements m
          where m.product_id = l.product_id and m.location_id = l.location_id), 0) as moved
         from stock_levels l`,
      )
      .all() as { level: number; moved: number }[];
    return { levels: rows.length, mismatched: rows.filter((r) => r.level !== r.moved).length };
  } finally {
    db.close();
  }
}

describe('local backups (SQLite)', () => {
  let t: TestApp;
  let s: Shop;
  let dataDir: string;
  const backupDir = () => path.join(dataDir, 'backups');
  const target = () => ({ db: t.db, dataDir, backupDir: backupDir(), now: () => new Date() });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-backup-'));
    const db = openDatabase({ sqliteFile: path.join(dataDir, 'duka.sqlite') });
    await migrate(db);
    t = await buildTestApp(
      { dataDir, backupDir: path.join(dataDir, 'backups') },
      { db, dispose: () => db.close() },
    );
    s = await buildShop(t.app);
    await stock(t.app, s.admin, s.supplier, s.shop.id, [
      { product: s.sugar, quantity: 1e9, unit_cost: 15_000 },
      { product: s.bread, quantity: 1e9, unit_cost: 5_000 },
    ]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes a consistent, checked backup while sales stream in; it restores with every level equal to its movements', async () => {
    let selling = true;
    let sold = 0;
    const seller = async () => {
      while (selling) {
        const res = await postSale(t.app, s.admin, {
          kind: 'cash',
          location_id: s.shop.id,
          lines: [
            { product_id: s.sugar.id, quantity: 1000 },
            { product_id: s.bread.id, quantity: 2000 },
          ],
          tendered: 50_000,
        });
        expect(res.statusCode).toBe(201);
        sold += 1;
      }
    };
    const streams = [seller(), seller(), seller()];
    await new Promise((r) => setTimeout(r, 150));
    const before = sold;
    const outcome = await backupOnce(target());
    const during = sold - before;
    selling = false;
    await Promise.all(streams);
    expect(outcome.kind).toBe('done');
    if (outcome.kind !== 'done') return;
    expect(during).toBeGreaterThan(0); // sales really went on while the copy was made
    expect(checkDatabaseFile(outcome.file)).toEqual({ ok: true, message: 'ok' });
    expect(readStatus(dataDir).last_good?.file).toBe(outcome.file);

    const restoreDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-restore-'));
    // the status of the backups made of the database being replaced
    writeStatus(restoreDir, { ...readStatus(dataDir), last_seq: 12_345 });
    const out: string[] = [];
    restoreCommand([outcome.file], testConfig({ dataDir: restoreDir, mode: 'local' }), (l) => out.push(l));
    const restored = path.join(restoreDir, 'duka.sqlite');
    expect(checkDatabaseFile(restored).ok).toBe(true);
    // the next backup copies the restored database, whatever its journal position
    expect(readStatus(restoreDir).last_seq).toBeNull();
    const ledger = ledgerHolds(restored);
    expect(ledger.levels).toBeGreaterThan(0);
    expect(ledger.mismatched).toBe(0);
    const copy = new SQLite(restored, { readonly: true });
    const salesInCopy = (copy.prepare('select count(*) as n from sales').get() as { n: number }).n;
    const linesInCopy = (copy.prepare('select count(*) as n from sale_lines').get() as { n: number }).n;
    copy.close();
    expect(salesInCopy).toBeGreaterThanOrEqual(before);
    expect(salesInCopy).toBeLessThanOrEqual(sold);
    expect(linesInCopy).toBe(salesInCopy * 2); // no sale without its lines
    expect(out.join('\n')).not.toContain('linked');
    // a backup of a shop linked to a hosted server: restoring it says so
    const linked = path.join(restoreDir, 'linked.sqlite');
    fs.copyFileSync(outcome.file, linked);
    const edit = new SQLite(linked);
    edit
      .prepare(
        `insert into sync_links (business_id, hosted_url, credential, credential_prefix, state, linked_at, updated_at)
         values ('b', 'https://duka.example', 'c', 'p', 'active', '2026-01-01', '2026-01-01')`,
      )
      .run();
    edit.close();
    const told: string[] = [];
    restoreCommand([linked], testConfig({ dataDir: restoreDir, mode: 'local' }), (l) => told.push(l));
    expect(told.join('\n')).toContain('linked to https://duka.example');
    fs.rmSync(restoreDir, { recursive: true, force: true });
  });

  it('makes no new backup when nothing was written since the last one', async () => {
    await backupOnce(target(), { force: true });
    expect((await backupOnce(target())).kind).toBe('skipped');
    await postSale(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.milk.id, quantity: 1000 }],
      tendered: 6_000,
    });
    expect((await backupOnce(target())).kind).toBe('done');
    // A parked cart takes no journal entry, and was never backed up: lost to a restore
    const parked = await t.app.inject({
      method: 'PUT',
      url: `/api/work-drafts/${v7()}`,
      headers: { cookie: s.admin },
      payload: { kind: 'parked', name: 'Mama Njeri', body: { lines: [{ i: 0 }] } },
    });
    expect(parked.statusCode, parked.body).toBe(200);
    expect((await backupOnce(target())).kind).toBe('done');
    expect((await backupOnce(target())).kind).toBe('skipped');
    // Each backup is one self-contained file: no -wal, -shm or half-made copy left beside it.
    const files = fs.readdirSync(target().backupDir, { recursive: true, encoding: 'utf8' });
    const stray = files.filter((f) => !/^(5min|hourly|daily)$/.test(f) && !/duka-[\dT-]+Z\.sqlite$/.test(f));
    expect(stray).toEqual([]);
  });

  it('runs one backup at a time (one started meanwhile takes its outcome), and clears copies a killed run left', async () => {
    // a copy half made by a run killed in a power cut, under another process id
    const orphan = path.join(backupDir(), '.in-progress-99999.sqlite');
    fs.writeFileSync(orphan, Buffer.alloc(4096));
    fs.writeFileSync(`${orphan}-wal`, Buffer.alloc(64));
    const [one, two] = await Promise.all([
      backupOnce(target(), { force: true }),
      backupOnce(target(), { force: true }),
    ]);
    expect(one.kind).toBe('done');
    expect(two).toEqual(one);
    const left = fs.readdirSync(backupDir()).filter((f) => f.startsWith('.in-progress-'));
    expect(left).toEqual([]);
  });

  it("leaves alone the copy another live process is making (the CLI's backup beside the schedule)", async () => {
    const theirs = path.join(backupDir(), `.in-progress-${process.ppid}.sqlite`);
    fs.writeFileSync(theirs, Buffer.alloc(4096));
    expect((await backupOnce(target(), { force: true })).kind).toBe('done');
    expect(fs.existsSync(theirs)).toBe(true);
    fs.rmSync(theirs);
  });

  it('records a failure for the profile page and keeps the last good backup', async () => {
    const good = readStatus(dataDir).last_good;
    const blocked = path.join(dataDir, 'not-a-dir');
    fs.writeFileSync(blocked, 'a file where the backup folder should be');
    const o = await backupOnce({ ...target(), backupDir: blocked }, { force: true });
    expect(o.kind).toBe('failed');
    const status = readStatus(dataDir);
    // the file system's words stay in the status file (and the log); the screens get a code
    expect(status.last_error?.message).toBeTruthy();
    expect(status.last_error?.code).toBe('folder_missing');
    expect(status.last_good).toEqual(good);
    const res = await t.app.inject({ url: '/api/backups/status', headers: { cookie: s.admin } });
    expect(res.json()).toMatchObject({
      enabled: true,
      last_good: good,
      last_error: { at: status.last_error!.at, code: 'folder_missing' },
    });
    expect(res.body).not.toContain(status.last_error!.message);
  });

  it('restore refuses a corrupt file and a running server, and keeps the current database aside', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-restore-'));
    const config = testConfig({ dataDir: dir, mode: 'local' });
    const corrupt = path.join(dir, 'corrupt.sqlite');
    fs.writeFileSync(corrupt, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4096, 7)]));
    expect(() => restoreCommand([corrupt], config, () => undefined)).toThrow(/cannot be restored/);
    const good = readStatus(dataDir).last_good!.file;
    fs.writeFileSync(path.join(dir, 'duka.sqlite'), 'the database in use');
    const lock = lockDataDir(dir); // this test process stands for a live server on that folder
    lock.setPort(3000);
    expect(() => restoreCommand([good], config, () => undefined)).toThrow(
      new RegExp(
        `Not restored: Another Duka server is already running on ${dir} \\(pid ${process.pid}, started .*, port 3000\\)`,
      ),
    );
    lock.release();
    const out: string[] = [];
    restoreCommand([good], config, (l) => out.push(l));
    const aside = fs.readdirSync(dir).find((f) => f.startsWith('duka.sqlite.before-restore-'));
    expect(aside).toBeTruthy();
    expect(fs.readFileSync(path.join(dir, aside!), 'utf8')).toBe('the database in use');
    expect(checkDatabaseFile(path.join(dir, 'duka.sqlite')).ok).toBe(true);
    expect(fs.existsSync(path.join(dir, 'duka.sqlite.restoring'))).toBe(false);
    // The database in use named as the backup: refused, and nothing moved.
    const before = fs.readFileSync(path.join(dir, 'duka.sqlite'));
    expect(() => restoreCommand([path.join(dir, 'duka.sqlite')], config, () => undefined)).toThrow(
      /is the database in use/,
    );
    expect(fs.readFileSync(path.join(dir, 'duka.sqlite')).equals(before)).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('duka.sqlite.before-restore-'))).toHaveLength(1);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
