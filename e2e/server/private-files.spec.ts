import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { duka, exited, root, startServer, tempDir } from '../support/server-process';

// Issue 15: what the server and the CLI write holds the whole business; it is the owner's alone,
// whatever the umask of the shell that started them. And a hosted server needs its key.

const mode = (p: string) => (fs.statSync(p).mode & 0o777).toString(8);

test.describe('files the server and the CLI write are private', () => {
  test.beforeAll(() => {
    // The shell's usual umask would leave them world-readable without the server's own care.
    expect(process.umask() & 0o077).not.toBe(0o077);
  });

  test('a new data folder is 700, the database, its -wal, -shm and the pid file 600', async () => {
    const dataDir = path.join(tempDir(), 'shop-data');
    const s = await startServer({ DATA_DIR: dataDir });
    try {
      const res = await fetch(`${s.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'nobody', password: 'not-a-password' }),
      });
      expect(res.status).toBe(401);
      expect(mode(dataDir)).toBe('700');
      for (const f of ['duka.sqlite', 'duka.sqlite-wal', 'duka.sqlite-shm', 'duka.pid', 'duka.lock'])
        expect(mode(path.join(dataDir, f)), f).toBe('600');
    } finally {
      s.child.kill('SIGTERM');
      await exited(s.child);
    }
  });

  test('`duka backup --to` and `duka export --to` make a missing folder (700) and write 600 files', () => {
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
    const out = path.join(tempDir(), 'usb', 'duka');
    const exported = duka(dataDir, ['export', '--to', path.join(out, 'kiosk.duka.gz')]);
    expect(exported.status, exported.stderr).toBe(0);
    expect(mode(path.join(out, 'kiosk.duka.gz'))).toBe('600');
    expect(mode(out)).toBe('700');
    expect(mode(path.dirname(out))).toBe('700');
    const copy = path.join(out, 'copies', 'duka.sqlite');
    const backup = duka(dataDir, ['backup', '--to', copy]);
    expect(backup.status, backup.stderr).toBe(0);
    expect(mode(copy)).toBe('600');
    expect(mode(path.dirname(copy))).toBe('700');
    const rotation = duka(dataDir, ['backup']);
    expect(rotation.status, rotation.stderr).toBe(0);
    const fiveMin = path.join(dataDir, 'backups', '5min');
    expect(mode(path.join(dataDir, 'backups'))).toBe('700');
    for (const f of fs.readdirSync(fiveMin)) expect(mode(path.join(fiveMin, f))).toBe('600');
  });

  test('a hosted server does not start without KEY_ENCRYPTION_KEY, and never prints a bad one', () => {
    const start = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['apps/server/dist/main.js'], {
        cwd: root,
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', KEY_ENCRYPTION_KEY: '', ...env },
        encoding: 'utf8',
        timeout: 30_000,
      });
    const missing = start({ DATABASE_URL: 'postgres://127.0.0.1:1/nowhere' });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('KEY_ENCRYPTION_KEY is required on a hosted server');
    expect(missing.stderr).toContain('openssl rand -base64 32');
    const bad = start({
      DATABASE_URL: 'postgres://127.0.0.1:1/nowhere',
      KEY_ENCRYPTION_KEY: 'sesame-open-up',
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('KEY_ENCRYPTION_KEY=(not shown): must be 32 bytes');
    expect(bad.stderr).not.toContain('sesame');
  });
});
