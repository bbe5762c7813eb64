import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * The foreign keys of the two tables a sale writes most rows to (a sale line and a stock movement
 * per item), on PostgreSQL only. PostgreSQL checks a foreign key row by row, one query per row and
 * key: measured in `npm run bench`'s branches figure, these four made up more than half of the
 * hosted database's CPU time (1.3 s of 2.3 s for 4,000 sales), and a checkout pays them too
 * (docs/performance-log.md). What they guarded is kept by the server, in one query per batch instead
 * of one per row: every write path reads the product, location and sale it names within the
 * session's business first, and a sync batch checks what its lines name (sync/line-references.ts:
 * a document naming a row the business lacks is quarantined as a missing reference).
 *
 * SQLite keeps them: a shop's database checks a key in its own B-tree at little cost.
 */
export const DROPPED_LINE_KEYS: readonly [table: string, column: string, references: string][] = [
  ['sale_lines', 'product_id', 'products'],
  ['sale_lines', 'sale_id', 'sales'],
  ['stock_movements', 'location_id', 'locations'],
  ['stock_movements', 'product_id', 'products'],
];

export function lineReferences(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (dialect !== 'postgres') return;
      for (const [table, column] of DROPPED_LINE_KEYS)
        await sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_${column}_fkey`).execute(db);
    },
  };
}
