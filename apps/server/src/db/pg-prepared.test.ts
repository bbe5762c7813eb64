import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT, freshDatabase } from '../test/test-db.js';
import { compiledQuery } from './compiled-query.js';
import type { Db } from './database.js';
import { preparedName } from './pg-prepared.js';

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
});
