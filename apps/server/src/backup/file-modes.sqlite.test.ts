import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreCommand, runBackupCommand } from '../cli/backup-commands.js';
import { migrate, openDatabase } from '../db/database.js';
import { type Shop, buildShop, postSale } from '../test/sales-factories.js';
import { type TestApp, buildTestApp, testConfig } from '../test/test-app.js';
import { backupOnce } from './backup-job.js';

/** The permission bits of a file or folder. */
const mode = (p: string) => fs.statSync(p).mode & 0o777;

/**
 * The database, its backups and exports hold the whole business: owner only (600, folders 700),
 * even when the process umask would make them world-readable (vitest runs with the usual 022).
 */
describe('files that hold the business are readable by their owner only (SQLite)', () => {
  let t: TestApp;
  let s: Shop;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-modes-'));
  const dataDir = path.join(root, 'data'); // does not exist yet: the server makes it
  const backupDir = path.join(root, 'backups');
  const businessId = async () =>
    (await t.db.kysely.selectFrom('businesses').select('id').executeTakeFirstOrThrow()).id;
  const config = () => testConfig({ dataDir, backupDir, mode: 'local' });

  beforeAll(async () => {
    expect(process.umask() & 0o077).not.toBe(0o077); // the test proves the chmods, not the umask
    const db = openDatabase({ sqliteFile: path.join(dataDir, 'duka.sqlite') });
    await migrate(db);
    t = await buildTestApp({ dataDir, backupDir }, { db, dispose: () => db.close() });
    s = await buildShop(t.app);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('the data folder is 700; the database and its -wal and -shm are 600', async () => {
    const res = await postSale(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.bread.id, quantity: 1000 }],
      tendered: 10_000,
    });
    expect(res.statusCode).toBe(201);
    expect(mode(dataDir)).toBe(0o700);
    const file = path.join(dataDir, 'duka.sqlite');
    for (const f of [file, `${file}-wal`, `${file}-shm`]) {
      expect(fs.existsSync(f)).toBe(true);
      expect(mode(f).toString(8)).toBe('600');
    }
  });

  it('an existing world-readable database is tightened when opened', async () => {
    const dir = path.join(root, 'old');
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    const file = path.join(dir, 'duka.sqlite');
    const first = openDatabase({ sqliteFile: file });
    await migrate(first);
    await first.close();
    fs.chmodSync(file, 0o644);
    const again = openDatabase({ sqliteFile: file });
    await migrate(again);
    await again.close();
    expect(mode(dir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
  });

  it('a shared folder (sticky, like /tmp) holding the database is left as it is', async () => {
    const shared = path.join(root, 'shared');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    const db = openDatabase({ sqliteFile: path.join(shared, 'duka.sqlite') });
    await migrate(db);
    await db.close();
    expect((fs.statSync(shared).mode & 0o7777).toString(8)).toBe('1777');
    expect(mode(path.join(shared, 'duka.sqlite'))).toBe(0o600);
  });

  it('BACKUP_DIR, its tiers and every backup copy are 700 and 600', async () => {
    const o = await backupOnce({ db: t.db, dataDir, backupDir, now: () => new Date() }, { force: true });
    expect(o.kind).toBe('done');
    expect(mode(backupDir)).toBe(0o700);
    for (const tier of ['5min', 'hourly', 'daily']) {
      const dir = path.join(backupDir, tier);
      expect(mode(dir)).toBe(0o700);
      const files = fs.readdirSync(dir);
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(mode(path.join(dir, f))).toBe(0o600);
    }
  });

  it('`backup --to` and `export --to` into a missing folder create it (700) and write 600 files', async () => {
    const out: string[] = [];
    const copy = path.join(root, 'usb', 'copies', 'duka.sqlite');
    await runBackupCommand(
      'backup',
      ['--to', copy],
      t.db,
      config(),
      () => businessId(),
      (l) => out.push(l),
    );
    expect(mode(copy)).toBe(0o600);
    expect(mode(path.dirname(copy))).toBe(0o700);
    expect(mode(path.join(root, 'usb'))).toBe(0o700);

    const archive = path.join(root, 'exports', 'today', 'shop.duka.gz');
    await runBackupCommand(
      'export',
      ['--to', archive],
      t.db,
      config(),
      () => businessId(),
      (l) => out.push(l),
    );
    expect(out.at(-1)).toContain('Exported business');
    expect(mode(archive)).toBe(0o600);
    expect(mode(path.dirname(archive))).toBe(0o700);
    expect(mode(path.join(root, 'exports'))).toBe(0o700);

    // A folder the user already has keeps its own mode; only the archive in it is private.
    const mine = path.join(root, 'desktop');
    fs.mkdirSync(mine);
    fs.chmodSync(mine, 0o755);
    const second = path.join(mine, 'shop.duka.gz');
    await runBackupCommand(
      'export',
      ['--to', second],
      t.db,
      config(),
      () => businessId(),
      () => undefined,
    );
    expect(mode(mine)).toBe(0o755);
    expect(mode(second)).toBe(0o600);
  });

  it("restore's new database and the set-aside copy are 600", () => {
    const backup = path.join(root, 'usb', 'copies', 'duka.sqlite');
    const dir = path.join(root, 'restore-into');
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    const current = path.join(dir, 'duka.sqlite');
    fs.copyFileSync(backup, current);
    fs.chmodSync(current, 0o644);
    restoreCommand([backup], testConfig({ dataDir: dir, mode: 'local' }), () => undefined);
    const aside = fs.readdirSync(dir).find((f) => f.startsWith('duka.sqlite.before-restore-'));
    expect(aside).toBeTruthy();
    expect(mode(path.join(dir, aside!))).toBe(0o600);
    expect(mode(current)).toBe(0o600);
    expect(mode(dir)).toBe(0o700);
  });
});
