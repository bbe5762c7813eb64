import { sql } from 'kysely';
import type { Trx } from '../../lib/tx.js';
import { type AnyDb, chunks } from './documents.js';

type Row = Record<string, unknown>;

/** Most bound parameters in one insert: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;
/** Rows per statement on PostgreSQL's JSON path (a statement of a few megabytes at most). */
const JSON_ROWS = 5_000;

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
  const columns = Object.keys(rows[0]!).length;
  for (const slice of chunks(rows, Math.max(1, Math.floor(MAX_PARAMS / columns))))
    await k.insertInto(table).values(slice).execute();
}
