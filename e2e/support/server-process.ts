import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The repository, where `npm start` and `npm run duka` run. */
export const root = path.resolve(import.meta.dirname, '../..');

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'duka-proc-'));
}

export interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts the built server (or `cmd`) on a free port and waits for the URL line. */
export function startServer(
  env: Record<string, string>,
  cmd = [process.execPath, 'apps/server/dist/main.js'],
): Promise<Running> {
  return new Promise((resolve, reject) => {
    // Its own process group, so stopping `npm start` also stops the server npm started.
    const child = spawn(cmd[0]!, cmd.slice(1), {
      cwd: root,
      detached: true,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = out.match(/Duka is running at (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!.replace('localhost', '127.0.0.1'), output: () => out });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });

/** `npm run duka -- …args` with the given data folder (local mode). */
export function duka(dataDir: string, args: string[], extraEnv: Record<string, string> = {}) {
  return spawnSync('npm', ['run', '--silent', 'duka', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...extraEnv },
    encoding: 'utf8',
  });
}
