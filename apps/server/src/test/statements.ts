import pg from 'pg';
import { sql } from 'kysely';
import { vi } from 'vitest';
import { GLOBAL_TABLES } from '../db/citus-keys.js';
import type { Db } from '../db/database.js';
import { GroupCommitDriver } from '../db/group-commit.js';

const BEGIN_WITH = 'begin; ';

/**
 * The text of every statement the database's client is sent while `act` runs: pg's client on
 * PostgreSQL, the SQLite driver otherwise (the spies call through).
 */
export async function statementsOf<T>(
  db: Db,
  act: () => Promise<T>,
): Promise<{ texts: string[]; result: T }> {
  const spy =
    db.dialect === 'postgres'
      ? vi.spyOn(pg.Client.prototype, 'query')
      : vi.spyOn(GroupCommitDriver.prototype, 'execute');
  try {
    const result = await act();
    // pg is sent a text or a { text } config; the SQLite driver a compiled query ({ sql }). A
    // transaction's first statement sent with its `begin` (db/pg-prepared.ts) counts as itself.
    const texts = spy.mock.calls.map(([q]: unknown[]) => {
      const c = q as { sql?: string; text?: string } | string | undefined;
      const text = typeof c === 'string' ? c : (c?.sql ?? c?.text ?? '');
      return text.startsWith(BEGIN_WITH) ? text.slice(BEGIN_WITH.length) : text;
    });
    return { texts, result };
  } finally {
    spy.mockRestore();
  }
}

/** The business tables of the schema: every table but the global ones (`GLOBAL_TABLES`). */
export async function businessTables(db: Db): Promise<string[]> {
  const rows =
    db.dialect === 'postgres'
      ? (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db.kysely)
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db.kysely))
          .rows;
  return rows.map((r) => r.name).filter((n) => !GLOBAL_TABLES.has(n) && !n.startsWith('sqlite_'));
}

/**
 * The statements that name a business table but compare no `business_id` (`business_id = …`,
 * `… = business_id`, `business_id in …`; selecting the column is not enough), leaving out the
 * tables a statement inserts into with their `business_id` (the row goes to its business's
 * shard, an upsert's conflict too). On Citus each such statement would run on every shard rather
 * than on its business's one (docs/scale.md), and it leans on an earlier statement alone to keep
 * to the session's business.
 */
export function withoutBusiness(texts: string[], tables: string[]): string[] {
  const named = (table: string) => new RegExp(`(^|[\\s"(.,])${table}($|[\\s").,])`);
  const patterns = new Map(tables.map((table) => [table, named(table)]));
  const filters = /business_id"?\s*(=|in\b)|=\s*("?\w+"?\.)?"?business_id\b/i;
  return texts.filter((text) => {
    if (filters.test(text)) return false;
    const inserted = new Set(
      [...text.matchAll(/insert into "?(\w+)"?\s*\(([^)]*)\)/gi)]
        .filter((m) => /business_id/.test(m[2]!))
        .map((m) => m[1]!),
    );
    return [...patterns].some(([table, pattern]) => !inserted.has(table) && pattern.test(text));
  });
}
