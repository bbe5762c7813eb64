import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { freshDatabase } from '../../test/test-db.js';
import { type Written, writeFresh } from './apply-fresh.js';
import type { SyncDocument } from './documents.js';

/**
 * The last guard of a batch's new documents (`writeFresh`): a unique value or a foreign key no
 * rule before it foresaw would fail the batch, and every batch after it, for good. The documents that clash, and
 * those that refer to them, are answered to be set aside; the others are written once.
 */
describe('writeFresh', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await freshDatabase());
    await sql`create table fresh_probe (id text primary key, code text unique, of text references fresh_probe (id))`.execute(
      db.kysely,
    );
    await sql`insert into fresh_probe (id, code) values ('held', 'TAKEN')`.execute(db.kysely);
  });
  afterAll(() => dispose());

  const doc = (id: string, code: string, of: string | null = null): SyncDocument => ({
    type: 'probe',
    id,
    hash: id,
    body: { fresh_probe: [{ id, code, of }] },
  });
  /** Writes each document's row, as flushFresh writes a batch: one statement a document. */
  const write = (trx: Parameters<typeof writeFresh>[0]) => async (docs: SyncDocument[], into: Written) => {
    for (const d of docs) {
      const row = d.body.fresh_probe![0]!;
      await sql`insert into fresh_probe (id, code, of) values (${row.id}, ${row.code}, ${row.of})`.execute(
        trx,
      );
      into.set('fresh_probe', [...(into.get('fresh_probe') ?? []), row]);
    }
  };
  const ids = async () =>
    (await sql<{ id: string }>`select id from fresh_probe order by id`.execute(db.kysely)).rows.map(
      (r) => r.id,
    );

  it('writes a batch without a clash in one go', async () => {
    const written: Written = new Map();
    const out = await db.kysely
      .transaction()
      .execute((trx) => writeFresh(trx, [doc('a1', 'A1'), doc('a2', 'A2')], write(trx), written));
    expect(out.kept.map((d) => d.id)).toEqual(['a1', 'a2']);
    expect(out.clashed).toEqual([]);
    expect(written.get('fresh_probe')).toHaveLength(2);
    expect(await ids()).toEqual(['a1', 'a2', 'held']);
  });

  it('sets aside the document that clashes and the one that refers to it, and writes the rest once', async () => {
    const written: Written = new Map();
    const batch = [doc('b1', 'B1'), doc('b2', 'TAKEN'), doc('b3', 'B3', 'b2'), doc('b4', 'B4')];
    const out = await db.kysely.transaction().execute((trx) => writeFresh(trx, batch, write(trx), written));
    expect(out.kept.map((d) => d.id)).toEqual(['b1', 'b4']);
    expect(out.clashed.map((c) => [c.doc.id, c.reason])).toEqual([
      ['b2', 'value_taken'],
      ['b3', 'missing_reference'],
    ]);
    // b1 was written by the first try too: undone with it, then written once
    expect(written.get('fresh_probe')!.map((r) => r.id)).toEqual(['b1', 'b4']);
    expect(await ids()).toEqual(['a1', 'a2', 'b1', 'b4', 'held']);
  });

  it('sets aside a document naming a row the business does not hold (a foreign key no check before covers)', async () => {
    const written: Written = new Map();
    const batch = [doc('d1', 'D1', 'nowhere'), doc('d2', 'D2', 'd1'), doc('d3', 'D3', 'a1')];
    const out = await db.kysely.transaction().execute((trx) => writeFresh(trx, batch, write(trx), written));
    expect(out.kept.map((d) => d.id)).toEqual(['d3']);
    expect(out.clashed.map((c) => [c.doc.id, c.reason])).toEqual([
      ['d1', 'missing_reference'],
      ['d2', 'missing_reference'],
    ]);
    expect(await ids()).toEqual(['a1', 'a2', 'b1', 'b4', 'd3', 'held']);
  });

  it('lets any other failure through', async () => {
    const failing = () => Promise.reject(new Error('disk full'));
    await expect(
      db.kysely.transaction().execute((trx) => writeFresh(trx, [doc('c1', 'C1')], failing, new Map())),
    ).rejects.toThrow('disk full');
  });
});
