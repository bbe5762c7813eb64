import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * The tables that are not distributed by business on Citus (docs/scale.md, "Moving to Citus"):
 * rows read before the business is known (sign-in by name or mobile, a session's token, a shop
 * server's credential, a link code), the businesses themselves, and the server's own. Citus keeps
 * them as reference tables (or local tables on the coordinator) and they keep their keys. Every
 * other table is a business table, distributed by `business_id`.
 */
export const GLOBAL_TABLES: ReadonlySet<string> = new Set([
  'businesses',
  'users',
  'sessions',
  'sync_servers',
  'link_codes',
  'login_failures',
  'server_identity',
  'kysely_migration',
  'kysely_migration_lock',
  'index_builds',
]);

interface Key {
  table: string;
  name: string;
  kind: 'primary key' | 'unique' | 'unique index';
  columns: string[];
}

interface Reference {
  table: string;
  name: string;
  columns: string[];
  referenced: string;
  referencedColumns: string[];
}

/**
 * What in a PostgreSQL schema (the current one unless named) keeps it from being distributed by
 * business on Citus, one line per table and constraint: a business table without `business_id`;
 * a primary key, unique constraint or unique index of a business table without it; a foreign key
 * between business tables that does not match `business_id` to `business_id`; a foreign key from a
 * global table to a business table. Empty when the schema is ready.
 */
export async function citusKeyProblems(
  { kysely: db, dialect }: Db,
  global: ReadonlySet<string> = GLOBAL_TABLES,
  schema?: string,
): Promise<string[]> {
  if (dialect !== 'postgres') throw new Error('The Citus key rules are read from the PostgreSQL catalog');
  const ns = schema ? sql`${schema}` : sql`current_schema()`;
  const tables = await sql<{ table: string; has_business: boolean }>`
    select c.relname as table,
           exists (select 1 from pg_attribute a
                   where a.attrelid = c.oid and a.attname = 'business_id' and not a.attisdropped) as has_business
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${ns} and c.relkind in ('r', 'p')
    order by c.relname`.execute(db);
  // Unique indexes include those behind primary keys and unique constraints; an index column 0 is
  // an expression, which never names business_id.
  const keys = await sql<Key>`
    select t.relname as table, i.relname as name,
           case when k.contype = 'p' then 'primary key' when k.contype = 'u' then 'unique'
                else 'unique index' end as kind,
           array(select coalesce(a.attname, '(expression)')
                 from unnest(x.indkey::int2[]) with ordinality as u(attnum, n)
                 left join pg_attribute a on a.attrelid = t.oid and a.attnum = u.attnum
                 order by u.n)::text[] as columns
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    left join pg_constraint k on k.conindid = x.indexrelid and k.contype in ('p', 'u')
    where n.nspname = ${ns} and x.indisunique
    order by t.relname, i.relname`.execute(db);
  const references = await sql<Reference>`
    select t.relname as table, k.conname as name, r.relname as referenced,
           array(select a.attname from unnest(k.conkey) with ordinality as u(attnum, n)
                 join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum
                 order by u.n)::text[] as columns,
           array(select a.attname from unnest(k.confkey) with ordinality as u(attnum, n)
                 join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum
                 order by u.n)::text[] as "referencedColumns"
    from pg_constraint k
    join pg_class t on t.oid = k.conrelid
    join pg_class r on r.oid = k.confrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = ${ns} and k.contype = 'f'
    order by t.relname, k.conname`.execute(db);

  const problems: string[] = [];
  for (const t of tables.rows)
    if (!global.has(t.table) && !t.has_business) problems.push(`${t.table}: no business_id column`);
  for (const k of keys.rows)
    if (!global.has(k.table) && !k.columns.includes('business_id'))
      problems.push(`${k.table}: ${k.kind} ${k.name} (${k.columns.join(', ')}) lacks business_id`);
  for (const f of references.rows) {
    const from = global.has(f.table) ? 'global' : 'business';
    const to = global.has(f.referenced) ? 'global' : 'business';
    const what = `${f.table}: foreign key ${f.name} (${f.columns.join(', ')}) → ${f.referenced} (${f.referencedColumns.join(', ')})`;
    if (from === 'global' && to === 'business')
      problems.push(`${what} goes from a global table to a business table`);
    if (from === 'business' && to === 'business') {
      const at = f.columns.indexOf('business_id');
      if (at < 0 || f.referencedColumns[at] !== 'business_id')
        problems.push(`${what} does not match business_id to business_id`);
    }
  }
  return problems;
}
