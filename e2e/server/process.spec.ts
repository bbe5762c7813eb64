import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { exited, root, startServer, tempDir } from '../support/server-process';

// The server as a shop runs it: the built process, its URL line, the SPA, shutdown, the CLI.

test.describe('the server process', () => {
  test('npm start prints the URL and serves the API, the app with SPA fallback, and translations', async () => {
    const dataDir = tempDir();
    const s = await startServer({ DATA_DIR: dataDir }, ['npm', 'start', '--silent']);
    try {
      const health = await fetch(`${s.url}/api/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', mode: 'local' });
      const home = await fetch(`${s.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<div id="root">');
      const page = await fetch(`${s.url}/some/unknown/page`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(await page.text()).toContain('<div id="root">');
      const api = await fetch(`${s.url}/api/unknown`);
      expect(api.status).toBe(404);
      expect(((await api.json()) as { error: { code: string } }).error.code).toBe('not_found');
      for (const lang of ['en', 'es', 'pt', 'de']) {
        const res = await fetch(`${s.url}/assets/i18n/${lang}.json`);
        expect(res.status, lang).toBe(200);
        expect(typeof (await res.json())).toBe('object');
      }
      expect(fs.existsSync(path.join(dataDir, 'duka.sqlite'))).toBe(true);
    } finally {
      process.kill(-s.child.pid!, 'SIGTERM');
      await exited(s.child);
    }
  });

  test('on SIGTERM it finishes the request in flight, then closes the database cleanly', async () => {
    const dataDir = tempDir();
    const s = await startServer({ DATA_DIR: dataDir });
    const { port } = new URL(s.url);
    const body = JSON.stringify({ login: 'nobody', password: 'not-a-password' });
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    s.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    expect(s.child.exitCode).toBeNull(); // still finishing the request
    socket.write(body.slice(10));
    const code = await exited(s.child);
    await new Promise((r) => setTimeout(r, 100));
    expect(answer).toMatch(/^HTTP\/1.1 401/);
    expect(code, s.output()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'duka.sqlite-wal'))).toBe(false);
  });

  test('a bad setting stops it with a message naming the variable', () => {
    const r = spawnSync(process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      env: { ...process.env, PORT: 'eighty', LOG_LEVEL: 'chatty', DATABASE_URL: 'mysql://x' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('PORT="eighty"');
    expect(r.stderr).toContain('LOG_LEVEL="chatty"');
    expect(r.stderr).toContain('DATABASE_URL');
  });

  test('a database it cannot open stops it with a message, and leaves no pid file behind', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'duka.sqlite'), 'this is not a database, but a text file');
    const r = spawnSync(process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^Duka could not start: .*not a database/m);
    expect(fs.existsSync(path.join(dataDir, 'duka.pid'))).toBe(false);
  });

  test('npm run duka sets up a business and a user that then sign in', async () => {
    const dataDir = tempDir();
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    const init = spawnSync(
      'npm',
      [
        'run',
        '--silent',
        'duka',
        '--',
        'init',
        '--business',
        'Kiosk',
        '--admin-username',
        'boss',
        '--admin-password',
        'boss-pass-1',
      ],
      { cwd: root, env, encoding: 'utf8' },
    );
    expect(init.status, init.stderr).toBe(0);
    expect(init.stdout).toContain('Created business "Kiosk"');
    const add = spawnSync(
      'npm',
      [
        'run',
        '--silent',
        'duka',
        '--',
        'user',
        'add',
        '--username',
        'till1',
        '--password',
        'till-pass-1',
        '--flags',
        'sell_cash',
      ],
      { cwd: root, env, encoding: 'utf8' },
    );
    expect(add.status, add.stderr).toBe(0);
    const bad = spawnSync('npm', ['run', '--silent', 'duka', '--', 'user', 'add', '--username', 'till2'], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('Missing --password');

    const s = await startServer({ DATA_DIR: dataDir });
    try {
      const res = await fetch(`${s.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-id': 'TILL01' },
        body: JSON.stringify({ login: 'till1', password: 'till-pass-1' }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { user_roles: Record<string, number> }).user_roles.sell_cash).toBe(1);
    } finally {
      s.child.kill('SIGTERM');
      await exited(s.child);
    }
  });
});
