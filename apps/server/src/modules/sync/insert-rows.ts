import { CompiledQuery, sql } from 'kysely';
import type { Trx } from '../../lib/tx.js';
import { type AnyDb, chunks } from './documents.js';

type Row = Record<string, unknown>;

/** Most bound parameters in one insert: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;
/** Rows per statement on PostgreSQL's column path (a statement of a few megabytes at most). */
const COLUMN_ROWS = 5_000;

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

/** Whether every row has the same columns and only plain values (no bytes): what a column's array carries as text. */
function plainValues(rows: Row[]): boolean {
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
 * The type of each column of `table` (in the server's schema) as `create table` writes it, read
 * once per process (a process migrates before it serves). A failed insert forgets the table's, so
 * that a column changed by a newer process's migration is read again at the batch's next attempt.
 */
const columnTypes = new Map<string, Promise<Map<string, string>>>();

function typesOf(k: AnyDb, table: string): Promise<Map<string, string>> {
  let types = columnTypes.get(table);
  if (!types) {
    types = sql<{ name: string; type: string }>`
      select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
      where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`
      .execute(k)
      .then(({ rows }) => new Map(rows.map((r) => [r.name, r.type])));
    // a failed read (a rolled-back transaction) is read again next time
    types.catch(() => columnTypes.delete(table));
    columnTypes.set(table, types);
  }
  return types;
}

/** What a text in an array literal must have escaped. */
const ESCAPED = /[\\"]/;
/** What JSON escapes: those two, and the control characters and surrogates (any: a pair too) its own way. */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const JSON_ESCAPED = /[\\"\u0000-\u001f\ud800-\udfff]/;

/**
 * A column's values as a PostgreSQL array literal: every text quoted (so that an empty text or the
 * word NULL stays a text), a backslash or a double quote in it escaped, null as NULL, numbers as
 * they are. A column none of whose texts JSON would escape is written by JSON.stringify, whose
 * array is then the same literal in other brackets (`null` is NULL to PostgreSQL); pg's own
 * conversion of an array runs two replacements on every value.
 */
function arrayLiteral(values: unknown[]): string {
  if (!values.some((v) => typeof v === 'string' && JSON_ESCAPED.test(v))) {
    const json = JSON.stringify(values);
    return `{${json.slice(1, -1)}}`;
  }
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null) out += 'NULL';
    else if (typeof v === 'string') out += ESCAPED.test(v) ? `"${v.replace(/[\\"]/g, '\\$&')}"` : `"${v}"`;
    else if (typeof v === 'number' || typeof v === 'boolean') out += String(v);
    else throw new Error(`insertRows: not a plain value: ${typeof v}`); // plainValues lets none through
  }
  return `${out}}`;
}

/**
 * Inserts rows of one table in the caller's transaction. On PostgreSQL the rows travel by column:
 * one array parameter per column, typed as the column, read back into rows by `unnest` (one
 * statement per 5,000 rows; neither a parameter per value nor a query tree of tens of thousands of
 * nodes to build, and each column's name written once rather than once per row as JSON objects
 * did: a day's sales pushed were 25 MB of statements that way, issue 21). Rows with bytes or of
 * different shapes, and SQLite, take a multi-row VALUES insert under the parameter limit.
 */
export async function insertRows(
  trx: Trx,
  dialect: 'sqlite' | 'postgres',
  table: string,
  rows: Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const k = trx as unknown as AnyDb;
  const cols = Object.keys(rows[0]!);
  if (dialect === 'postgres' && plainValues(rows)) {
    try {
      const types = await typesOf(k, table);
      const arrays = cols.map((c) => {
        const type = types.get(c);
        if (!type) throw new Error(`insertRows: ${table} has no column ${c}`);
        return { c, type };
      });
      const names = sql.join(cols.map((c) => sql.ref(c)));
      for (const slice of chunks(rows, COLUMN_ROWS)) {
        const params = arrays.map(
          ({ c, type }) => sql`${arrayLiteral(slice.map((r) => r[c]))}::${sql.raw(type)}[]`,
        );
        await sql`INSERT INTO ${sql.table(table)} (${names}) SELECT * FROM unnest(${sql.join(params)})`.execute(
          k,
        );
      }
    } catch (err) {
      columnTypes.delete(table);
      throw err;
    }
    return;
  }
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
