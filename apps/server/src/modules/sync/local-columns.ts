import { sql } from 'kysely';
import type { Trx } from '../../lib/tx.js';
import type { DocBody } from './doc-specs.js';
import type { SyncDocument } from './documents.js';

/**
 * The documents with only the columns this server's tables have. A shop pulls from a hosted
 * server updated before it (the order docs/scale.md asks for): a migration there that added a
 * column to a synced table sends it in every document, and the shop's insert failed on the
 * unknown column at every pull until the shop was updated too. The column's value waits on the
 * hosted copy; the shop's row takes the column's default when it migrates, and the merge keeps the
 * hosted value for it (a group the other side lacks stays as the side that has it wrote it).
 * SQLite only: the hosted server refuses a push from a newer shop (`sync_schema_newer`).
 */
export async function withLocalColumns(
  trx: Trx,
  dialect: 'sqlite' | 'postgres',
  docs: SyncDocument[],
): Promise<SyncDocument[]> {
  if (dialect !== 'sqlite' || docs.length === 0) return docs;
  const tables = new Set<string>();
  for (const d of docs) for (const table of Object.keys(d.body)) tables.add(table);
  const { rows } = await sql<{ tbl: string; col: string }>`
    select m.name as tbl, p.name as col from sqlite_master as m, pragma_table_info(m.name) as p
    where m.type = 'table' and m.name in (${sql.join([...tables])})`.execute(trx);
  const known = new Map<string, Set<string>>();
  for (const r of rows) {
    let cols = known.get(r.tbl);
    if (!cols) known.set(r.tbl, (cols = new Set()));
    cols.add(r.col);
  }
  return docs.map((d) => {
    let trimmed = false;
    const body: DocBody = {};
    for (const [table, list] of Object.entries(d.body)) {
      const cols = known.get(table);
      body[table] = !cols
        ? list
        : list.map((row) => {
            if (Object.keys(row).every((k) => cols.has(k))) return row;
            trimmed = true;
            return Object.fromEntries(Object.entries(row).filter(([k]) => cols.has(k)));
          });
    }
    return trimmed ? { ...d, body } : d;
  });
}
