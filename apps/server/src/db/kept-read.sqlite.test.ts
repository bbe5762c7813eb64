import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDialect } from './group-commit.js';
import { keptRead } from './kept-read.js';
import { TableChanges } from './table-changes.js';

interface Schema {
  parents: { id: number; name: string };
  children: { id: number; parent_id: number | null };
  others: { id: number };
}

/**
 * Kept reads per table (db/table-changes.ts): a write to a table the read does not read keeps it,
 * a write that reaches its rows through a foreign key's action, or one whose tables cannot be
 * told, does not.
 */
describe('kept reads, per table (SQLite)', () => {
  let db: Kysely<Schema>;
  let reads: number;

  beforeEach(async () => {
    const sqlite = new SQLite(':memory:');
    sqlite.pragma('foreign_keys = ON');
    db = new Kysely<Schema>({
      dialect: new GroupCommitSqliteDialect(sqlite, (text) => sqlite.prepare(text)),
    });
    await sql`create table parents (id integer primary key, name text not null)`.execute(db);
    await sql`create table children (id integer primary key, parent_id integer references parents (id) on delete cascade)`.execute(
      db,
    );
    await sql`create table others (id integer primary key)`.execute(db);
    await db.insertInto('parents').values({ id: 1, name: 'p' }).execute();
    await db.insertInto('children').values({ id: 1, parent_id: 1 }).execute();
    reads = 0;
  });
  afterEach(() => db.destroy());

  const children = () =>
    keptRead(db, 'children', ['children'], async () => {
      reads += 1;
      return (await db.selectFrom('children').select('id').execute()).length;
    });

  it('is answered again after writes to tables it does not read, in and out of transactions', async () => {
    expect(await children()).toBe(1);
    await db.insertInto('others').values({ id: 1 }).execute();
    await db.transaction().execute((trx) => trx.insertInto('others').values({ id: 2 }).execute());
    await sql`UPDATE others SET id = 3 WHERE id = 2`.execute(db);
    expect(await children()).toBe(1);
    expect(reads).toBe(1);
    await db.insertInto('children').values({ id: 2, parent_id: 1 }).execute();
    expect(await children()).toBe(2);
    expect(reads).toBe(2);
  });

  it("is read again after a write to a table whose foreign key's action reaches its rows", async () => {
    expect(await children()).toBe(1);
    await db.deleteFrom('parents').where('id', '=', 1).execute(); // deletes child 1 by cascade
    expect(await children()).toBe(0);
    expect(reads).toBe(2);
  });

  it('is read again after a write whose tables cannot be told, or a schema change', async () => {
    expect(await children()).toBe(1);
    await sql`pragma user_version = 7`.execute(db);
    expect(await children()).toBe(1);
    expect(reads).toBe(2);
    // a new table whose foreign key reaches children: known from here on
    await sql`create table grand (id integer primary key)`.execute(db);
    await sql`alter table children add column grand_id integer references grand (id) on delete set null`.execute(
      db,
    );
    expect(await children()).toBe(1);
    expect(reads).toBe(3);
    // any write to a table whose foreign key acts on children counts, an insert too (it cannot
    // change them, but telling it apart is not worth the risk)
    await sql`insert into grand (id) values (1)`.execute(db);
    expect(await children()).toBe(1);
    expect(reads).toBe(4);
    // a table named with its schema
    await sql`delete from "main"."children" where id = 99`.execute(db);
    expect(await children()).toBe(1);
    expect(reads).toBe(5);
  });

  it('reads every form of a write to its table: an alias, an upsert, or replace, with a schema', async () => {
    expect(await children()).toBe(1);
    const writes = [
      sql`update "children" as "c" set "parent_id" = 1 where "c"."id" = 1`,
      sql`insert into "children" ("id", "parent_id") values (1, 1) on conflict ("id") do update set "parent_id" = excluded."parent_id"`,
      sql`insert or replace into children (id, parent_id) values (1, 1)`,
      sql`update main.children set parent_id = 1 where id = 1`,
    ];
    for (const [i, write] of writes.entries()) {
      await write.execute(db);
      expect(await children()).toBe(1);
      expect(reads).toBe(i + 2);
    }
  });

  it('counts for every table a write it cannot read: an upsert through brackets, a comment in the way', async () => {
    expect(await children()).toBe(1);
    await sql`insert into [others] (id) values (5) on conflict (id) do update set id = excluded.id`.execute(
      db,
    );
    expect(await children()).toBe(1);
    expect(reads).toBe(2);
    await sql`insert /* one */ into others (id) values (6)`.execute(db);
    expect(await children()).toBe(1);
    expect(reads).toBe(3);
  });

  it('once a trigger exists, reads again after any write (a trigger may write any table)', async () => {
    await sql`/* a comment first */ create trigger others_child after insert on others begin
      insert into children (id, parent_id) values (new.id + 100, 1); end`.execute(db);
    expect(await children()).toBe(1);
    await db.insertInto('others').values({ id: 1 }).execute();
    expect(await children()).toBe(2);
    expect(reads).toBe(2);
  });

  it('is read again after a transaction that wrote another table was taken back', async () => {
    expect(await children()).toBe(1);
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('others').values({ id: 9 }).execute();
        throw new Error('changed its mind');
      })
      .catch(() => undefined);
    expect(await children()).toBe(1);
    expect(reads).toBe(2);
  });
});

describe('the tables a read names (TableChanges.tablesIn)', () => {
  const changes = (tables: string[] | null) =>
    new TableChanges({ foreignKeys: () => [], tables: () => tables });

  it('finds every table named, quoted or not, in joins, subqueries and lists, once', () => {
    const c = changes(['sales', 'sale_lines', 'products', 'Users']);
    const text =
      'select "s"."id", (select count(*) from sale_lines where sale_id = "s"."id") from "sales" as "s", users ' +
      'join "products" on 1 where "s"."id" in (select id from "sales")';
    expect(c.tablesIn(text)?.sort()).toEqual(['products', 'sale_lines', 'sales', 'users']);
  });

  it('keeps nothing that names no table, nor anything on a database with a view', () => {
    expect(changes(['sales']).tablesIn('select 1 as x, ? as y')).toBeNull();
    expect(changes(null).tablesIn('select * from "sales"')).toBeNull();
  });
});
