import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { freshDatabase } from '../../test/test-db.js';
import { insertRows } from './insert-rows.js';

/**
 * PostgreSQL's column path of sync's bulk insert (`insert-rows.ts`) reads each table's column
 * types once per process. A newer process's migration may change one while an older process
 * still serves: its insert fails, and the batch's next attempt reads the types again.
 */
describe('insertRows on PostgreSQL, after a column changed', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await freshDatabase());
    await sql`create table insert_rows_types (id text primary key, note text)`.execute(db.kysely);
  });
  afterAll(() => dispose());

  const insert = (rows: Record<string, unknown>[]) =>
    db.kysely.transaction().execute((trx) => insertRows(trx, db.dialect, 'insert_rows_types', rows));

  it("reads a column's type again once an insert failed", async () => {
    await insert([{ id: 'a', note: 'text' }]);
    // another process's migration: the column becomes a number (this process has it as text)
    await sql`delete from insert_rows_types`.execute(db.kysely);
    await sql`alter table insert_rows_types alter column note type bigint using null`.execute(db.kysely);
    await expect(insert([{ id: 'b', note: 5 }])).rejects.toThrow(/bigint/);
    await insert([{ id: 'c', note: 7 }]);
    const rows = await sql<{ id: string; note: unknown }>`select id, note from insert_rows_types`.execute(
      db.kysely,
    );
    expect(rows.rows.map((r) => ({ id: r.id, note: Number(r.note) }))).toEqual([{ id: 'c', note: 7 }]);
  });
});
