import { describe, expect, it } from 'vitest';
import { backupFailure, failureView } from './backup-status.js';

const fsError = (code: string) => Object.assign(new Error(`${code}: the file system's words`), { code });

describe("a backup's failure, as the screens word it", () => {
  it('names a full disk, a folder it may not write, a missing folder, and anything else', () => {
    expect(backupFailure(fsError('ENOSPC'))).toBe('disk_full');
    expect(backupFailure(fsError('SQLITE_FULL'))).toBe('disk_full');
    expect(backupFailure(fsError('EACCES'))).toBe('no_access');
    expect(backupFailure(fsError('EROFS'))).toBe('no_access');
    expect(backupFailure(fsError('SQLITE_READONLY'))).toBe('no_access');
    expect(backupFailure(fsError('ENOENT'))).toBe('folder_missing');
    expect(backupFailure(fsError('EEXIST'))).toBe('folder_missing');
    expect(backupFailure(fsError('EIO'))).toBe('failed');
    expect(backupFailure('not an error')).toBe('failed');
  });

  it('shows no file system words, and a status written before codes as a failure', () => {
    expect(failureView({ at: 'x', message: 'ENOSPC: no space left', code: 'disk_full' })).toEqual({
      at: 'x',
      code: 'disk_full',
    });
    expect(failureView({ at: 'x', message: 'ENOSPC: no space left' })).toEqual({ at: 'x', code: 'failed' });
    expect(failureView(null)).toBeNull();
  });
});
