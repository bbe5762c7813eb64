import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { statementsOf } from '../../test/statements.js';
import { freshDatabase } from '../../test/test-db.js';
import { insertRows } from './insert-rows.js';

/**
 * Sync's bulk insert (`insert-rows.ts`): what a pushed or pulled batch's rows are written with.
 * Every value comes back as it went in, whichever way the rows travel (PostgreSQL: one array per
 * column; SQLite: multi-row VALUES; rows of mixed shapes: Kysely's insert).
 */
describe('insertRows', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await freshDatabase());
    await sql`create table insert_rows_probe (id text primary key, name text, qty bigint, n integer, note text)`.execute(
      db.kysely,
    );
  });
  afterAll(() => dispose());

  const insert = (rows: Record<string, unknown>[]) =>
    db.kysely.transaction().execute((trx) => insertRows(trx, db.dialect, 'insert_rows_probe', rows));
  const read = async (prefix: string) =>
    (
      await sql<Record<string, unknown>>`select id, name, qty, n, note from insert_rows_probe
        where id like ${`${prefix}%`} order by id`.execute(db.kysely)
    ).rows.map((r) => ({ ...r, qty: r.qty === null ? null : Number(r.qty) }));

  const awkward = [
    'a "quoted" word',
    'back\\slash \\" and \\\\',
    'commas, {braces}, (parens)',
    'NULL',
    'null',
    '',
    ' spaces around ',
    'line\nbreak\ttab',
    'Ñandú ☕ 収銀 — ü',
    'emoji 😀 and a pair 👍🏽',
    "it's",
    '{"json": [1, 2]}',
  ];

  it('writes every value as it was, text of any kind, big and negative numbers, and nulls', async () => {
    const rows = awkward.map((name, i) => ({
      id: `a-${String(i).padStart(2, '0')}`,
      name,
      qty: i % 3 === 0 ? 9_007_199_254_740_991 : i % 3 === 1 ? -1_250 : null,
      n: i,
      note: i % 2 ? null : name,
    }));
    await insert(rows);
    expect(await read('a-')).toEqual(rows);
  });

  it('writes more rows than one statement takes, each once', async () => {
    const rows = Array.from({ length: 12_345 }, (_, i) => ({
      id: `b-${String(i).padStart(5, '0')}`,
      name: `product ${i}`,
      qty: i * 1_000,
      n: i % 7,
      note: null,
    }));
    const { texts } = await statementsOf(db, () => insert(rows));
    expect(await read('b-')).toEqual(rows);
    const inserts = texts.filter((t) => /insert into "insert_rows_probe"/i.test(t));
    if (db.dialect === 'postgres') {
      // by column: each column's name once per statement, not once per row
      expect(inserts).toHaveLength(3);
      for (const text of inserts) {
        expect(text).toMatch(/unnest\(/i);
        expect(text.length).toBeLessThan(400);
      }
    } else expect(inserts).toHaveLength(124);
  });

  it('takes rows of different columns, filling the ones a row leaves out with null', async () => {
    const rows = [
      { id: 'c-1', name: 'first', qty: 1 },
      { id: 'c-2', name: 'second', n: 2, note: 'x' },
    ];
    await insert(rows);
    expect(await read('c-')).toEqual([
      { id: 'c-1', name: 'first', qty: 1, n: null, note: null },
      { id: 'c-2', name: 'second', qty: null, n: 2, note: 'x' },
    ]);
  });

  it('fails the transaction on a row that breaks the table, writing none of the rows', async () => {
    await expect(
      insert([
        { id: 'd-1', name: 'new', qty: 1, n: 1, note: null },
        { id: 'a-00', name: 'taken', qty: 1, n: 1, note: null },
      ]),
    ).rejects.toThrow();
    expect(await read('d-')).toEqual([]);
  });
});
