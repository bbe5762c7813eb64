import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupToFile } from '../backup/backup-job.js';
import { migrate, openDatabase } from '../db/database.js';
import { type Shop, buildShop, postSale } from '../test/sales-factories.js';
import { type TestApp, buildTestApp, testConfig } from '../test/test-app.js';
import { restoreCommand } from './backup-commands.js';

/**
 * The QA: `restore` swapped in another business's backup, or a copy older than the sales made
 * since, and said only "Restored"; the next sale then took receipt 000006 again, a number a
 * customer held on paper. A backup from a newer Duka was restored, and the server would not start.
 */
describe('restore says what it replaces, and refuses what would surprise', () => {
  const dirs: string[] = [];
  const shops: { t: TestApp; s: Shop; file: string }[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-restore-check-'));
    dirs.push(d);
    return d;
  };
  /** A shop on a SQLite file of its own. */
  const shop = async () => {
    const dir = tmp();
    const file = path.join(dir, 'duka.sqlite');
    const db = openDatabase({ sqliteFile: file });
    await migrate(db);
    const t = await buildTestApp({ dataDir: dir }, { db, dispose: () => db.close() });
    const s = await buildShop(t.app);
    shops.push({ t, s, file });
    return { t, s, file };
  };
  const sell = async (x: { t: TestApp; s: Shop }) => {
    const res = await postSale(x.t.app, x.s.admin, {
      id: v7(),
      kind: 'cash',
      location_id: x.s.shop.id,
      lines: [{ product_id: x.s.sugar.id, quantity: 1000 }],
      tendered: 1_000_000,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ receipt_no: string }>().receipt_no;
  };
  /** A data folder holding a copy of `file` as its database, with no server on it. */
  const folderWith = (file: string) => {
    const dir = tmp();
    backupToFile(file, path.join(dir, 'duka.sqlite'));
    return dir;
  };
  const restore = (dir: string, backup: string, force = false) => {
    const out: string[] = [];
    restoreCommand(force ? [backup, '--force'] : [backup], testConfig({ dataDir: dir, mode: 'local' }), (l) =>
      out.push(l),
    );
    return out;
  };
  const counterOf = (dir: string) =>
    new SQLite(path.join(dir, 'duka.sqlite'), { readonly: true })
      .prepare('select max(last_no) from receipt_counters')
      .pluck()
      .get() as number;

  let a: Awaited<ReturnType<typeof shop>>;
  let older: string;
  beforeAll(async () => {
    a = await shop();
    await sell(a);
    older = path.join(tmp(), 'older.sqlite');
    backupToFile(a.file, older);
    await sell(a);
    await sell(a);
  }, 60_000);
  afterAll(async () => {
    for (const x of shops) await x.t.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("refuses another business's backup without --force, naming both, and changes nothing", async () => {
    const b = await shop();
    const bBackup = path.join(tmp(), 'b.sqlite');
    backupToFile(b.file, bBackup);
    const dir = folderWith(a.file);
    const before = fs.readFileSync(path.join(dir, 'duka.sqlite'));
    expect(() => restore(dir, bBackup)).toThrow(
      /Nothing was changed.*holds ".*".*this data folder holds ".*".*--force/,
    );
    expect(fs.readFileSync(path.join(dir, 'duka.sqlite')).equals(before)).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.includes('before-restore'))).toEqual([]);
    const out = restore(dir, bBackup, true);
    expect(out.join('\n')).toMatch(/The backup holds .*0 sales/);
  });

  it('refuses a backup without the sales made since, then with --force keeps their receipt numbers from coming back', () => {
    const dir = folderWith(a.file);
    expect(() => restore(dir, older)).toThrow(/has 2 sales the backup does not hold/);
    const out = restore(dir, older, true);
    expect(out.join('\n')).toMatch(/The backup holds .*: 1 sale, the last at/);
    expect(out.join('\n')).toMatch(/The current database holds .*: 3 sales/);
    expect(out.join('\n')).toMatch(/Receipt numbers go on/);
    // the restored database's next receipt is the fourth: 000002 and 000003 are on paper already
    expect(counterOf(dir)).toBe(3);
  });

  it('refuses a backup made by a newer Duka, even with --force', () => {
    const newer = path.join(tmp(), 'newer.sqlite');
    backupToFile(a.file, newer);
    const db = new SQLite(newer);
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(
      '9999-future',
      '2030-01-01',
    );
    db.close();
    const dir = folderWith(a.file);
    expect(() => restore(dir, newer, true)).toThrow(/made by a newer version of Duka \(it has 9999-future\)/);
  });
});
