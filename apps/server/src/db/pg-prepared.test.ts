import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DIALECT, freshDatabase } from '../test/test-db.js';
import { compiledQuery } from './compiled-query.js';
import type { Db } from './database.js';
import { PreparingClient, inlineIds, preparedName } from './pg-prepared.js';

/** Query shapes go to PostgreSQL as named prepared statements (pg-prepared.ts); nothing changes on SQLite. */
describe('named prepared statements', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await freshDatabase());
  });
  afterAll(() => dispose());

  const business = compiledQuery((q, a: { id: string }) =>
    q.selectFrom('businesses').select('id').where('id', '=', a.id),
  );

  it('a shape is prepared once per connection on PostgreSQL and named nowhere else', async () => {
    await db.kysely.connection().execute(async (conn) => {
      await business.all(conn, { id: 'b1' });
      await business.all(conn, { id: 'b2' });
      const text = business.compile(conn, { id: 'b3' }).sql;
      if (TEST_DIALECT === 'sqlite') {
        expect(preparedName(text)).toBeUndefined();
        return;
      }
      const name = preparedName(text);
      expect(name).toMatch(/^duka_/);
      const { rows } = await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(conn);
      expect(rows.filter((r) => r.name === name)).toEqual([{ name, statement: text }]);
    });
  });

  it('a statement whose columns changed under it fails once, and its connection is replaced', async () => {
    if (TEST_DIALECT === 'sqlite') {
      expect(preparedName('select 1')).toBeUndefined();
      return;
    }
    await sql`create table probe (id text primary key)`.execute(db.kysely);
    await sql`insert into probe values ('a')`.execute(db.kysely);
    const probe = compiledQuery(
      (_q, a: { id: string }) => sql<{ id: string }>`select * from probe where id = ${a.id}`,
    );
    await db.kysely.connection().execute(async (conn) => {
      expect(await probe.all(conn, { id: 'a' })).toEqual([{ id: 'a' }]);
      // a migration adds a column while the statement is prepared on this connection
      await sql`alter table probe add column note text`.execute(conn);
      await expect(probe.all(conn, { id: 'a' })).rejects.toMatchObject({ code: '0A000' });
    });
    // pg's pool hands out the connection released last first: were the stale one kept, every
    // run below would fail as the one above did
    for (let i = 0; i < 12; i++)
      expect(await probe.all(db.kysely, { id: 'a' })).toEqual([{ id: 'a', note: null }]);
  });

  it('a statement the connection no longer has fails once, and its connection is replaced', async () => {
    if (TEST_DIALECT === 'sqlite') {
      expect(preparedName('select 2')).toBeUndefined();
      return;
    }
    const name = preparedName(business.compile(db.kysely, { id: 'x' }).sql) ?? 'none';
    await db.kysely.connection().execute(async (conn) => {
      await business.all(conn, { id: 'b1' });
      // gone from the connection while pg still counts it as prepared there
      await sql`deallocate ${sql.raw(name)}`.execute(conn);
      await expect(business.all(conn, { id: 'b1' })).rejects.toMatchObject({ code: '26000' });
    });
    for (let i = 0; i < 12; i++) expect(await business.all(db.kysely, { id: 'b1' })).toEqual([]);
  });

  describe("a transaction's begin, sent with its first statement", () => {
    const ids = ['0190b1a0-0000-7000-8000-000000000001', '0190B1A0-0000-7000-8000-00000000000F'];
    const lockOf = compiledQuery(
      (_q, a: { id: string }) =>
        sql<{ id: string; name: string }>`select id, name from lock_probe where id = ${a.id} for update`,
    );
    beforeAll(async () => {
      if (TEST_DIALECT === 'sqlite') return;
      await sql`create table lock_probe (id text primary key, name text not null)`.execute(db.kysely);
      await sql`insert into lock_probe values (${ids[0]}, 'Probe')`.execute(db.kysely);
    });
    const sent = async <T>(act: () => Promise<T>) => {
      const spy = vi.spyOn(pg.Client.prototype, 'query');
      try {
        const result = await act();
        return {
          result,
          texts: spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text)),
        };
      } finally {
        spy.mockRestore();
      }
    };

    it('writes in ids only, where the text has no literal of its own', () => {
      expect(inlineIds('select 1 from t where a = $1 and b = $2', ids)).toBe(
        `select 1 from t where a = '${ids[0]}' and b = '${ids[1]}'`,
      );
      expect(inlineIds('select $1, $10', ids)).toBeUndefined(); // no tenth value
      expect(inlineIds('select 1 from t where a = $1', ['not an id'])).toBeUndefined();
      expect(inlineIds('select 1 from t where a = $1', [`${ids[0]}' or '1'='1`])).toBeUndefined();
      expect(inlineIds('select 1 from t where a = $1', [42])).toBeUndefined();
      expect(inlineIds("select '$1' from t where a = $1", [ids[0]])).toBeUndefined();
      expect(inlineIds('select $$x$$ from t where a = $1', [ids[0]])).toBeUndefined();
      expect(inlineIds('select 1', [])).toBeUndefined();
    });

    it('a registered lock by id goes with begin, one round trip; the transaction holds the lock', async () => {
      if (TEST_DIALECT === 'sqlite') return expect(db.dialect).toBe('sqlite');
      const id = ids[0]!;
      const { texts, result } = await sent(() =>
        db.kysely.transaction().execute(async (trx) => {
          const rows = await lockOf.all(trx, { id });
          // another connection cannot take the lock while this transaction holds it
          const other = sql`select id from lock_probe where id = ${id} for update nowait`.execute(db.kysely);
          await expect(other).rejects.toMatchObject({ code: '55P03' });
          return rows;
        }),
      );
      expect(result).toEqual([{ id, name: 'Probe' }]);
      expect(texts[0]).toBe(`begin; ${lockOf.compile(db.kysely, { id: 'x' }).sql.replace('$1', `'${id}'`)}`);
      expect(texts).not.toContain('begin');
      expect(texts.at(-1)).toBe('commit');
    });

    it('any other first statement goes after begin as before; a write taken back is not there', async () => {
      if (TEST_DIALECT === 'sqlite') return expect(db.dialect).toBe('sqlite');
      const { texts } = await sent(() =>
        db.kysely
          .transaction()
          .execute(async (trx) => {
            await sql`insert into businesses (id, name) values (${ids[1]!.toLowerCase()}, 'Gone')`.execute(
              trx,
            );
            throw new Error('taken back');
          })
          .catch((err: Error) => err.message),
      );
      expect(texts[0]).toBe('begin');
      expect(texts.at(-1)).toBe('rollback');
      const left = await sql`select id from lock_probe where name = 'Gone'`.execute(db.kysely);
      expect(left.rows).toEqual([]);
    });

    it('a first statement in another form (a config object) still runs inside the transaction', async () => {
      if (TEST_DIALECT === 'sqlite') return expect(db.dialect).toBe('sqlite');
      const client = new PreparingClient({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        await (client.query('begin') as unknown as Promise<unknown>);
        const xact = 'select pg_current_xact_id()::text as x';
        const first = await (client.query({ text: xact }) as unknown as Promise<pg.QueryResult>);
        const second = await (client.query(xact) as unknown as Promise<pg.QueryResult>);
        expect(second.rows).toEqual(first.rows); // one transaction
        await (client.query('rollback') as unknown as Promise<unknown>);
      } finally {
        await client.end();
      }
    });

    it('a transaction with no statement sends nothing', async () => {
      if (TEST_DIALECT === 'sqlite') return expect(db.dialect).toBe('sqlite');
      const { texts } = await sent(() => db.kysely.transaction().execute(() => Promise.resolve(1)));
      expect(texts).toEqual([]);
    });
  });
});
