import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from '../backup/server-lock.js';
import { explainStartupError } from './startup-errors.js';

const where = { dataDir: '/srv/duka/data', port: 3000, mode: 'local' as const };

/** An error shaped as Node's fs module throws it. */
function sysError(code: string, syscall: string, file?: string): NodeJS.ErrnoException {
  const e: NodeJS.ErrnoException = new Error(`${code}: ${syscall}${file ? ` '${file}'` : ''}`);
  e.code = code;
  e.syscall = syscall;
  if (file) e.path = file;
  return e;
}

describe('start-up failures in words', () => {
  it('a read-only folder says so, names the folder and what to do', () => {
    const m = explainStartupError(sysError('EROFS', 'open', '/srv/duka/data/duka.pid'), where);
    expect(m).toMatch(
      /^The data folder \/srv\/duka\/data is on a read-only disk \(\/srv\/duka\/data\/duka\.pid\)/,
    );
    expect(m).toContain('DATA_DIR');
    expect(
      explainStartupError(
        Object.assign(new Error('attempt to write a readonly database'), { code: 'SQLITE_READONLY_DBMOVED' }),
        where,
      ),
    ).toMatch(/read-only disk/);
  });

  it('a full disk names the folder even when the system error has no path, also inside a migration error', () => {
    const m = explainStartupError(sysError('ENOSPC', 'write'), where);
    expect(m).toMatch(/^The disk holding the data folder \/srv\/duka\/data is full\. Free some space/);
    const wrapped = new Error('Migration 0009-sync failed: database or disk is full', {
      cause: Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
    });
    expect(explainStartupError(wrapped, where)).toMatch(/is full/);
  });

  it('no permission, a file where the folder should be, a port in use, a damaged database', () => {
    expect(explainStartupError(sysError('EACCES', 'mkdir', '/srv/duka/data'), where)).toMatch(
      /^Duka may not write in the data folder \/srv\/duka\/data\. Give the user/,
    );
    expect(explainStartupError(sysError('EADDRINUSE', 'listen'), where)).toMatch(
      /^Port 3000 is already used/,
    );
    expect(
      explainStartupError(
        Object.assign(new Error('file is not a database'), { code: 'SQLITE_NOTADB' }),
        where,
      ),
    ).toMatch(/damaged or not a database .* restore FILE/);
  });

  it('a real failure: the data folder is a file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-start-'));
    const notAFolder = path.join(dir, 'data');
    fs.writeFileSync(notAFolder, 'a file');
    let thrown: unknown;
    try {
      lockDataDir(notAFolder);
    } catch (err) {
      thrown = err;
    }
    expect(explainStartupError(thrown, { ...where, dataDir: notAFolder })).toMatch(
      new RegExp(`^${notAFolder} is not a folder`),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('anything else keeps its own message', () => {
    expect(explainStartupError(new Error('something odd'), where)).toBe('something odd');
  });
});
