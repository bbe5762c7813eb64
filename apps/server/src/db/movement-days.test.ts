import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/test-db.js';
import { migrate } from './database.js';

/** The index names on stock_movements, either database. */
async function movementIndexes(db: Awaited<ReturnType<typeof freshDatabase>>['db']): Promise<string[]> {
  const { rows } =
    db.dialect === 'postgres'
      ? await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 'stock_movements'`.execute(
          db.kysely,
        )
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'stock_movements'`.execute(
          db.kysely,
        );
  return rows.map((r) => r.name).sort();
}

describe('migration 0038-movement-days', () => {
  it("gives the movements a business day ('' for those before it) and moves the stock report's index to it", async () => {
    const { db, dispose } = await freshDatabase('0037-kept-me-notices');
    try {
      expect(await movementIndexes(db)).toContain('stock_movements_business_time');
      await migrate(db);
      const indexes = await movementIndexes(db);
      expect(indexes).toContain('stock_movements_business_day');
      expect(indexes).not.toContain('stock_movements_business_time');
      const { rows } =
        db.dialect === 'postgres'
          ? await sql<{
              def: string;
            }>`select indexdef as def from pg_indexes where schemaname = current_schema() and indexname = 'stock_movements_business_day'`.execute(
              db.kysely,
            )
          : await sql<{
              def: string;
            }>`select sql as def from sqlite_master where name = 'stock_movements_business_day'`.execute(
              db.kysely,
            );
      expect(rows[0]!.def.replaceAll('"', '')).toMatch(/\(business_id, business_day, created_at\)/);
      const { rows: cols } =
        db.dialect === 'postgres'
          ? await sql<{
              dflt: string;
              notnull: boolean;
            }>`select column_default as dflt, is_nullable = 'NO' as notnull from information_schema.columns
               where table_schema = current_schema() and table_name = 'stock_movements' and column_name = 'business_day'`.execute(
              db.kysely,
            )
          : await sql<{
              dflt: string;
              notnull: number;
            }>`select dflt_value as dflt, "notnull" from pragma_table_info('stock_movements') where name = 'business_day'`.execute(
              db.kysely,
            );
      expect(cols).toHaveLength(1);
      expect(String(cols[0]!.dflt)).toMatch(/^''/);
      expect(Boolean(cols[0]!.notnull)).toBe(true);
    } finally {
      await dispose();
    }
  });
});
