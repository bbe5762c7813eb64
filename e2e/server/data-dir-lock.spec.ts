import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { duka, exited, root, startServer, tempDir } from '../support/server-process';

// One process at a time on a data folder: the server holds an OS lock on it for its whole life.

const startAgain = (dataDir: string) =>
  spawnSync(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1' },
    encoding: 'utf8',
    timeout: 30_000,
  });

test.describe('the data folder lock', () => {
  test('a second server and restore are refused while one runs, naming it; kill -9 frees the folder', async () => {
    const dataDir = tempDir();
    const first = await startServer({ DATA_DIR: dataDir });
    const port = new URL(first.url).port;
    try {
      // A pid file overwritten or deleted by hand does not let a second one in: the lock is the OS's.
      fs.rmSync(path.join(dataDir, 'duka.pid'));
      const blind = startAgain(dataDir);
      expect(blind.status).toBe(1);
      expect(blind.stderr).toContain(`Another Duka process (a server or a restore) is using ${dataDir}`);
      const lockPid = JSON.stringify({ pid: first.child.pid, started_at: 'earlier', port: Number(port) });
      fs.writeFileSync(path.join(dataDir, 'duka.pid'), lockPid);

      const second = startAgain(dataDir);
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(
        `Another Duka server is already running on ${dataDir} (pid ${first.child.pid}, started earlier, port ${port})`,
      );
      // The first one is untouched and keeps serving.
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

      const backup = duka(dataDir, ['backup', '--to', path.join(dataDir, 'copy.sqlite')]);
      expect(backup.status, backup.stderr).toBe(0);
      const restore = duka(dataDir, ['restore', path.join(dataDir, 'copy.sqlite')]);
      expect(restore.status).toBe(1);
      expect(restore.stderr).toContain(`Not restored: Another Duka server is already running on ${dataDir}`);
      expect(fs.readdirSync(dataDir).filter((f) => f.includes('before-restore'))).toEqual([]);
    } finally {
      process.kill(-first.child.pid!, 'SIGKILL');
      await exited(first.child);
    }
    // Killed without a chance to clean up: its pid file is left, but the lock went with the process.
    expect(fs.existsSync(path.join(dataDir, 'duka.pid'))).toBe(true);
    const next = await startServer({ DATA_DIR: dataDir });
    try {
      expect((await fetch(`${next.url}/api/health`)).status).toBe(200);
      const holder = JSON.parse(fs.readFileSync(path.join(dataDir, 'duka.pid'), 'utf8')) as { pid: number };
      expect(holder.pid).toBe(next.child.pid);
    } finally {
      next.child.kill('SIGTERM');
      expect(await exited(next.child)).toBe(0);
    }
    expect(fs.existsSync(path.join(dataDir, 'duka.pid'))).toBe(false);
    const restored = duka(dataDir, ['restore', path.join(dataDir, 'copy.sqlite')]);
    expect(restored.status, restored.stderr).toBe(0);
  });

  test('a data folder it cannot use stops it with what is wrong and what to do, naming the folder', () => {
    const notAFolder = path.join(tempDir(), 'data');
    fs.writeFileSync(notAFolder, 'a file where the data folder should be');
    const r = startAgain(notAFolder);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`^Duka could not start: ${notAFolder} is not a folder \\(a file has that name\\)`, 'm'),
    );
    expect(r.stderr).toContain('Set DATA_DIR to a folder');
  });
});
