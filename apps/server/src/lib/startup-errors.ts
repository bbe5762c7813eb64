import path from 'node:path';

/** The error codes along an error and its causes (fs errno codes, SQLite's, PostgreSQL's). */
function codesOf(err: unknown): { codes: string[]; file: string | undefined } {
  const codes: string[] = [];
  let file: string | undefined;
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const x = e as { code?: unknown; path?: unknown; cause?: unknown };
    if (typeof x.code === 'string') codes.push(x.code);
    if (!file && typeof x.path === 'string') file = x.path;
    e = x.cause;
  }
  return { codes, file };
}

const has = (codes: string[], ...wanted: string[]) =>
  codes.some((c) => wanted.some((w) => c === w || c.startsWith(`${w}_`)));

/**
 * What a shop owner reads when the server cannot start: what is wrong and what to do, in words,
 * naming the folder, instead of a raw "EROFS: read-only file system, open …" (the system's own
 * words follow in brackets, for whoever helps them).
 */
export function explainStartupError(
  err: unknown,
  where: { dataDir: string; port: number; mode: 'local' | 'hosted' },
): string {
  const raw = err instanceof Error ? err.message : String(err);
  const { codes, file } = codesOf(err);
  const dir = where.dataDir;
  const named = file && path.resolve(file) !== path.resolve(dir) ? ` (${file})` : '';
  if (has(codes, 'EADDRINUSE'))
    return `Port ${where.port} is already used by another program (perhaps another Duka). Stop that program, or start Duka on another port: PORT=3001 npm start.`;
  if (where.mode === 'hosted') return raw;
  if (has(codes, 'EROFS', 'SQLITE_READONLY'))
    return `The data folder ${dir} is on a read-only disk${named}: Duka must write its database there. Make the disk writable (remount it read-write, or unlock the drive), or start Duka with DATA_DIR set to a writable folder. [${raw}]`;
  if (has(codes, 'ENOSPC', 'EDQUOT', 'SQLITE_FULL'))
    return `The disk holding the data folder ${dir} is full${named}. Free some space on it (delete files you do not need; old copies in ${path.join(dir, 'backups')} can be moved elsewhere), then start Duka again. [${raw}]`;
  if (has(codes, 'EACCES', 'EPERM', 'SQLITE_CANTOPEN', 'SQLITE_PERM'))
    return `Duka may not write in the data folder ${dir}${named}. Give the user that runs Duka write access to it, or start Duka with DATA_DIR set to a folder that user owns. [${raw}]`;
  if (has(codes, 'ENOTDIR', 'EEXIST'))
    return `${dir} is not a folder (a file has that name)${named}. Set DATA_DIR to a folder, or move that file away. [${raw}]`;
  if (has(codes, 'SQLITE_NOTADB', 'SQLITE_CORRUPT'))
    return `The database ${path.join(dir, 'duka.sqlite')} is damaged or not a database (${raw}). Put a backup in its place with \`npm run duka -- restore FILE\` (backups are in ${path.join(dir, 'backups')}).`;
  return raw;
}
