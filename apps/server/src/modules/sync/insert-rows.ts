import { CompiledQuery, sql } from 'kysely';
import type { Trx } from '../../lib/tx.js';
import { type AnyDb, chunks } from './documents.js';

type Row = Record<string, unknown>;

/** Most bound parameters in one insert: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;
/** Rows per statement on PostgreSQL's JSON path (a statement of a few megabytes at most). */
const JSON_ROWS = 5_000;

/** Rows per statement of SQLite's path: full slices reuse one prepared statement. */
const SQLITE_ROWS = 100;

/** Whether every row has the same columns in the same order, none of them undefined. */
function sameShape(rows: Row[]): boolean {
  const cols = Object.keys(rows[0]!);
  for (const r of rows) {
    const keys = Object.keys(r);
    if (keys.length !== cols.length) return false;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== cols[i] || r[keys[i]!] === undefined) return false;
  }
  return true;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The text of an insert of `n` rows of these columns (the same text for the same shape: prepared once). */
function insertText(table: string, cols: readonly string[], n: number): string {
  const row = `(${cols.map(() => '?').join(', ')})`;
  return `INSERT INTO ${quoted(table)} (${cols.map(quoted).join(', ')}) VALUES ${Array(n).fill(row).join(', ')}`;
}

/** Whether every row has the same columns and only values JSON carries as they are (no bytes). */
function jsonable(rows: Row[]): boolean {
  const cols = Object.keys(rows[0]!);
  for (const r of rows) {
    const keys = Object.keys(r);
    if (keys.length !== cols.length) return false;
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] !== cols[i]) return false;
      const v = r[keys[i]!];
      if (v === undefined || (v !== null && typeof v === 'object')) return false;
    }
  }
  return true;
}

/**
 * Inserts rows of one table in the caller's transaction. On PostgreSQL the rows travel as one
 * JSON parameter read by `json_populate_recordset` (one statement per 5,000 rows, and neither a
 * parameter per value nor a query tree of tens of thousands of nodes to build); rows with bytes
 * or of different shapes, and SQLite, take a multi-row VALUES insert under the parameter limit.
 */
export async function insertRows(
  trx: Trx,
  dialect: 'sqlite' | 'postgres',
  table: string,
  rows: Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const k = trx as unknown as AnyDb;
  if (dialect === 'postgres' && jsonable(rows)) {
    const cols = sql.join(Object.keys(rows[0]!).map((c) => sql.ref(c)));
    for (const slice of chunks(rows, JSON_ROWS))
      await sql`INSERT INTO ${sql.table(table)} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(slice)}::json)`.execute(
        k,
      );
    return;
  }
  const cols = Object.keys(rows[0]!);
  if (dialect === 'sqlite' && sameShape(rows)) {
    // Written as text once per shape and slice size, not built by Kysely for every slice: the
    // same statement text reuses its prepared statement (db/database.ts).
    for (const slice of chunks(rows, SQLITE_ROWS)) {
      const params: unknown[] = [];
      for (const r of slice) for (const c of cols) params.push(r[c]);
      await k.executeQuery(CompiledQuery.raw(insertText(table, cols, slice.length), params));
    }
    return;
  }
  for (const slice of chunks(rows, Math.max(1, Math.floor(MAX_PARAMS / cols.length))))
    await k.insertInto(table).values(slice).execute();
}
