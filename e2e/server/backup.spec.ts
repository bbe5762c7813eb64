import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { duka, exited, startServer, tempDir } from '../support/server-process';

// Backups, restore and moving a shop, through the CLI a shop owner runs, beside the real server.

async function signIn(url: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'boss', password: 'boss-pass-1' }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

async function productCount(url: string, cookie: string): Promise<number> {
  const res = await fetch(`${url}/api/products?limit=500`, { headers: { cookie } });
  return ((await res.json()) as unknown[]).length;
}

async function addProduct(url: string, cookie: string, code: string) {
  const res = await fetch(`${url}/api/products`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: `Product ${code}`, code, price: 1000 }),
  });
  expect(res.status).toBe(201);
}

test.describe('backups and moving a shop (CLI)', () => {
  test('backup while serving, restore refused while running and done when stopped, export and import elsewhere', async () => {
    test.setTimeout(120_000);
    const dataDir = tempDir();
    const init = duka(dataDir, [
      'init',
      '--business',
      'Kiosk',
      '--admin-username',
      'boss',
      '--admin-password',
      'boss-pass-1',
    ]);
    expect(init.status, init.stderr).toBe(0);

    let s = await startServer({ DATA_DIR: dataDir });
    let cookie = await signIn(s.url);
    await addProduct(s.url, cookie, 'ONE');
    const file = path.join(dataDir, 'by-hand.sqlite');
    const backup = duka(dataDir, ['backup', '--to', file]);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('integrity checked');
    const rotating = duka(dataDir, ['backup']);
    expect(rotating.status, rotating.stderr).toBe(0);
    // Filed in the five-minute tier (the server's own first backup, 5 s after it starts, may be
    // there beside it on a slow machine).
    const made = /Backup written to (\S+) /.exec(rotating.stdout)?.[1];
    expect(made && path.dirname(made)).toBe(path.join(dataDir, 'backups', '5min'));
    expect(fs.readdirSync(path.join(dataDir, 'backups', '5min'))).toContain(path.basename(made!));
    await addProduct(s.url, cookie, 'TWO');
    expect(await productCount(s.url, cookie)).toBe(2);

    const refused = duka(dataDir, ['restore', file]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(
      /Not restored: Another Duka server is already running on .* \(pid \d+, started .*, port \d+\)\. Stop it first/,
    );

    s.child.kill('SIGTERM');
    expect(await exited(s.child)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'duka.pid'))).toBe(false);

    const corrupt = path.join(dataDir, 'corrupt.sqlite');
    fs.writeFileSync(corrupt, 'not a database');
    const bad = duka(dataDir, ['restore', corrupt]);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('cannot be restored');

    const restored = duka(dataDir, ['restore', file]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('kept as');
    s = await startServer({ DATA_DIR: dataDir });
    cookie = await signIn(s.url);
    expect(await productCount(s.url, cookie)).toBe(1); // the state of the backup

    const archive = path.join(dataDir, 'kiosk.duka.gz');
    const exported = duka(dataDir, ['export', '--to', archive]);
    expect(exported.status, exported.stderr).toBe(0);
    s.child.kill('SIGTERM');
    await exited(s.child);

    const elsewhere = tempDir();
    const imported = duka(elsewhere, ['import', archive]);
    expect(imported.status, imported.stderr).toBe(0);
    const again = duka(elsewhere, ['import', archive]);
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain('already holds Kiosk');
    s = await startServer({ DATA_DIR: elsewhere });
    try {
      cookie = await signIn(s.url);
      expect(await productCount(s.url, cookie)).toBe(1);
    } finally {
      s.child.kill('SIGTERM');
      await exited(s.child);
    }
  });
});
