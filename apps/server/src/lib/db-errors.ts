/** Whether a driver error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Whether a driver error is a foreign-key violation: a row names one its table does not hold. */
export function isForeignKeyViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** The constraint or column named in a unique violation, lower-cased, for telling which rule broke. */
export function violatedConstraint(err: unknown): string {
  const e = err as { constraint?: string; message?: string; detail?: string };
  return `${e.constraint ?? ''} ${e.detail ?? ''} ${e.message ?? ''}`.toLowerCase();
}

/** Whether a driver error is a primary-key violation: an insert reused an id that is taken. */
export function isPrimaryKeyViolation(err: unknown): boolean {
  if (!isUniqueViolation(err)) return false;
  const e = err as { code?: unknown; constraint?: string };
  if (e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
  return e.code === '23505' && (e.constraint ?? '').endsWith('_pkey');
}

/**
 * Whether a driver error says PostgreSQL was too busy to serve in time: a lock not taken within
 * `lock_timeout` (55P03), or no connection of the pool free within its wait (database.ts PgWaits).
 */
export function isBusy(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  return (
    code === '55P03' ||
    (typeof message === 'string' && message.includes('timeout exceeded when trying to connect'))
  );
}

/**
 * Whether a driver error says the data did not fit the table: a missing required value, a
 * reference to no row, a failed check, a value of the wrong type or size (PostgreSQL's classes 22
 * and 23 but unique keys; SQLite's constraint and type errors but unique keys). What a client sent
 * is wrong (422), not the server.
 */
export function isBadData(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || isUniqueViolation(err)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  return (
    code.startsWith('22') ||
    (code.startsWith('23') && code.length === 5) ||
    code.startsWith('SQLITE_CONSTRAINT') ||
    code === 'SQLITE_MISMATCH' ||
    code === 'SQLITE_TOOBIG'
  );
}
