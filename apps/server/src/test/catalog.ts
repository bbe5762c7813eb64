import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** The indexes of a table of this database, as its catalog lists them (keys and constraints too), each's columns in order. */
export interface IndexInfo {
  name: string;
  columns: string[];
  partial: boolean;
  unique: boolean;
}

export async function indexesOf(db: Db, table: string): Promise<IndexInfo[]> {
  if (db.dialect === 'postgres') {
    const { rows } = await sql<IndexInfo>`
      select i.relname as name,
             array(select a.attname from unnest(x.indkey::int2[]) with ordinality u(attnum, k)
                   join pg_attribute a on a.attrelid = x.indrelid and a.attnum = u.attnum
                   order by u.k)::text[] as columns,
             x.indpred is not null as partial, x.indisunique as unique
      from pg_index x join pg_class t on t.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and t.relname = ${table}`.execute(db.kysely);
    return rows;
  }
  const { rows } = await sql<{ name: string; partial: number; unique: number }>`
    select name, partial, "unique" from pragma_index_list(${table})`.execute(db.kysely);
  const out: IndexInfo[] = [];
  for (const r of rows) {
    const cols = await sql<{ name: string }>`select name from pragma_index_info(${r.name})`.execute(
      db.kysely,
    );
    out.push({
      name: r.name,
      columns: cols.rows.map((c) => c.name),
      partial: r.partial === 1,
      unique: r.unique === 1,
    });
  }
  return out;
}
