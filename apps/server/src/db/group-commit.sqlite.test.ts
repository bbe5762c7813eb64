import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDialect, executeCompiled } from './group-commit.js';
import { keptRead } from './kept-read.js';

interface Schema {
  t: { id: number; v: string };
}

/**
 * The group commit of the shop's database (db/group-commit.ts), on a real SQLite file, looked at
 * from a second connection the way another process (or the file after a crash) would see it.
 */
describe('group commit (SQLite)', () => {
  let dir: string;
  let file: string;
  let sqlite: SQLite.Database;
  let other: SQLite.Database;
  let db: Kysely<Schema>;
  let dialect: GroupCommitSqliteDialect;
  /** Every statement the driver ran, in order. */
  let ran: string[];
  let failCommit: boolean;
  /** The next COMMIT fails and SQLite has rolled the group back by itself. */
  let commitRollsBack: boolean;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-group-'));
    file = path.join(dir, 'g.sqlite');
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    ran = [];
    failCommit = false;
    commitRollsBack = false;
    // Each statement is noted when it runs (not when it is prepared).
    dialect = new GroupCommitSqliteDialect(sqlite, (text) => {
      const stmt = sqlite.prepare(text);
      const noted =
        <A extends unknown[], R>(fn: (...a: A) => R) =>
        (...a: A): R => {
          ran.push(text);
          if (text === 'commit' && failCommit) throw new Error('disk I/O error');
          if (text === 'commit' && commitRollsBack) {
            // as SQLite does on some errors (SQLITE_FULL, SQLITE_IOERR): the transaction is gone
            sqlite.prepare('rollback').run();
            throw new Error('database or disk is full');
          }
          return fn(...a);
        };
      return {
        reader: stmt.reader,
        readonly: stmt.readonly,
        run: noted(stmt.run.bind(stmt)),
        all: noted(stmt.all.bind(stmt)),
        iterate: noted(stmt.iterate.bind(stmt)),
      } as unknown as SQLite.Statement;
    });
    db = new Kysely<Schema>({ dialect });
    await sql`create table t (id integer primary key, v text not null)`.execute(db);
    other = new SQLite(file, { readonly: true });
  });

  afterEach(async () => {
    other.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const onDisk = (id: number) =>
    other.prepare('select count(*) as n from t where id = ?').get(id) as { n: number };
  const commits = () => ran.filter((s) => s === 'commit').length;
  const insert = (id: number, v = 'x') =>
    db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id, v }).execute();
    });

  it('transactions that arrive together share one commit, and each is answered only once it is on disk', async () => {
    const seenAtAnswer: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        insert(i + 1).then(() => {
          // What another connection sees at the moment the caller is answered.
          seenAtAnswer.push(onDisk(i + 1).n);
        }),
      ),
    );
    expect(seenAtAnswer).toEqual(Array.from({ length: 20 }, () => 1));
    expect(commits()).toBeGreaterThanOrEqual(1);
    expect(commits()).toBeLessThanOrEqual(2);
    expect(ran.filter((s) => s === 'savepoint duka_group')).toHaveLength(20);
  });

  it('a transaction that fails undoes only its own work; the rest of its group commits', async () => {
    const results = await Promise.allSettled([
      insert(1),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ id: 2, v: 'x' }).execute();
        throw new Error('out of stock');
      }),
      insert(3),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect([onDisk(1).n, onDisk(2).n, onDisk(3).n]).toEqual([1, 0, 1]);
    expect(commits()).toBe(1);
  });

  it('a commit that fails fails every transaction of its group, and none of them is kept', async () => {
    failCommit = true;
    const results = await Promise.allSettled([insert(1), insert(2), insert(3)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toEqual(new Error('disk I/O error'));
    expect(sqlite.inTransaction).toBe(false);
    expect((other.prepare('select count(*) as n from t').get() as { n: number }).n).toBe(0);
    // The next group works.
    failCommit = false;
    await insert(4);
    expect(onDisk(4).n).toBe(1);
  });

  it('a full disk mid-group: every transaction answered is on disk, every one refused is not', async () => {
    // SQLite's max_page_count stops the file growing: SQLITE_FULL, as on a disk with no room.
    sqlite.pragma(`max_page_count = ${(sqlite.pragma('page_count', { simple: true }) as number) + 2}`);
    const ids = Array.from({ length: 12 }, (_, i) => i + 1);
    const results = await Promise.allSettled(
      ids.map((id) => insert(id, id === 6 ? 'y'.repeat(50_000) : 'x')),
    );
    expect(results[5]!.status).toBe('rejected');
    expect(String((results[5] as PromiseRejectedResult).reason)).toMatch(/full/i);
    for (const [i, r] of results.entries()) expect(onDisk(ids[i]!).n).toBe(r.status === 'fulfilled' ? 1 : 0);
    expect(sqlite.inTransaction).toBe(false);
  });

  /** A transaction inserting `id`, and a promise kept once its work has begun (it holds the connection). */
  const begun = (id: number) => {
    let started!: () => void;
    const holding = new Promise<void>((r) => (started = r));
    const done = db.transaction().execute(async (trx) => {
      started();
      await trx.insertInto('t').values({ id, v: 'x' }).execute();
    });
    return { holding, done };
  };

  it('a write outside a transaction commits the open group before it runs', async () => {
    const first = insert(1);
    const second = begun(2);
    await second.holding;
    // Waits for the connection behind the second transaction; both are in the group by then.
    const single = sql`insert into t (id, v) values (3, 'single')`.execute(db);
    await Promise.all([first, second.done, single]);
    const singleAt = ran.findIndex((s) => s.includes("'single'"));
    expect(ran.slice(0, singleAt).filter((s) => s === 'commit')).toHaveLength(1);
    expect(ran.slice(singleAt)).not.toContain('commit');
    expect([onDisk(1).n, onDisk(2).n, onDisk(3).n]).toEqual([1, 1, 1]);
  });

  it('a write with RETURNING outside a transaction commits the open group first, and is on disk when answered', async () => {
    const first = insert(1);
    const second = begun(2);
    await second.holding;
    const returned = db.insertInto('t').values({ id: 3, v: 'returned' }).returning('id').execute();
    const [, , rows] = await Promise.all([first, second.done, returned]);
    expect(rows).toEqual([{ id: 3 }]);
    // answered: on disk, as another process sees the file
    expect(onDisk(3).n).toBe(1);
    const at = ran.findIndex((s) => s.includes("'returned'") || s.includes('returning'));
    expect(ran.slice(0, at).filter((s) => s === 'commit')).toHaveLength(1);
  });

  /** Counts the connections the driver hands out (each query or transaction through Kysely takes one). */
  const countAcquired = () => {
    const driver = dialect.driver;
    const acquire = driver.acquireConnection.bind(driver);
    const counted = { n: 0 };
    driver.acquireConnection = () => {
      counted.n += 1;
      return acquire();
    };
    return counted;
  };
  const count = (q: Kysely<Schema>) =>
    executeCompiled<{ n: number }, Schema>(q, CompiledQuery.raw('select count(*) as n from t')).then(
      (r) => r.rows[0]!.n,
    );

  it('a compiled query runs at once on a free connection, and waits its turn while a transaction holds it', async () => {
    const acquired = countAcquired();
    expect(await count(db)).toBe(0);
    expect(acquired.n).toBe(0);

    // A transaction that has written and then waits: a read outside it must not see its write,
    // which the transaction then takes back.
    let written!: () => void;
    const holding = new Promise<void>((r) => (written = r));
    let finish!: () => void;
    const gate = new Promise<void>((r) => (finish = r));
    const tx = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('t').values({ id: 1, v: 'x' }).execute();
        written();
        await gate;
        throw new Error('changed its mind');
      })
      .catch((err: Error) => err.message);
    await holding;
    let seen: number | undefined;
    const read = count(db).then((n) => (seen = n));
    await new Promise((r) => setImmediate(r));
    const seenWhileHeld = seen;
    finish();
    expect(seenWhileHeld).toBeUndefined();
    expect(await tx).toBe('changed its mind');
    await read;
    expect(seen).toBe(0);
    expect(acquired.n).toBe(2);
  });

  it('inside a transaction a compiled query runs in it, and goes with its rollback', async () => {
    const acquired = countAcquired();
    const inside = await db
      .transaction()
      .execute(async (trx) => {
        await executeCompiled<unknown, Schema>(
          trx,
          CompiledQuery.raw("insert into t (id, v) values (7, 'in')"),
        );
        const n = await count(trx);
        throw new Error(`saw ${n}`);
      })
      .catch((err: Error) => err.message);
    expect(inside).toBe('saw 1');
    expect(await count(db)).toBe(0);
    expect(acquired.n).toBe(1);
    // A compiled write outside a transaction commits (and reaches the disk) like any other.
    await executeCompiled<unknown, Schema>(db, CompiledQuery.raw("insert into t (id, v) values (8, 'out')"));
    expect(onDisk(8).n).toBe(1);
  });

  it('a transaction taken back leaves the database free for other connections once the turn ends', async () => {
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('t').values({ id: 1, v: 'x' }).execute();
        throw new Error('refused');
      })
      .catch(() => undefined);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    // Another process (the CLI) writing, without waiting: the group's write lock must be gone.
    const cli = new SQLite(file, { timeout: 0 });
    try {
      cli.prepare("insert into t (id, v) values (9, 'cli')").run();
    } finally {
      cli.close();
    }
    expect(onDisk(9).n).toBe(1);
    expect(onDisk(1).n).toBe(0);
  });

  it('a kept read is answered again until this connection writes or rolls back, or another one commits', async () => {
    let reads = 0;
    const read = () =>
      keptRead(db, 'rows', ['t'], async () => {
        reads += 1;
        return { n: await count(db) };
      });
    await insert(1);
    expect(await read()).toEqual({ n: 1 });
    expect(await read()).toEqual({ n: 1 });
    expect(reads).toBe(1);
    expect(Object.isFrozen(await read())).toBe(true);

    await insert(2);
    expect(await read()).toEqual({ n: 2 });
    expect(reads).toBe(2);

    // A transaction that wrote and was taken back: what was read while it held its write is gone.
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('t').values({ id: 3, v: 'x' }).execute();
        throw new Error('changed its mind');
      })
      .catch(() => undefined);
    expect(await read()).toEqual({ n: 2 });
    expect(reads).toBe(3);

    // Another connection commits (the CLI resetting a password, a restored backup's worker), once
    // this one's group has committed (at the end of the turn).
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    const cli = new SQLite(file);
    cli.prepare("insert into t (id, v) values (4, 'cli')").run();
    cli.close();
    expect(await read()).toEqual({ n: 3 });
    expect(await read()).toEqual({ n: 3 });
    expect(reads).toBe(4);
  });

  it('a write that returns rows counts as a write', async () => {
    const read = () => keptRead(db, 'rows', ['t'], () => count(db));
    expect(await read()).toBe(0);
    // SQLite calls it a reader (it answers rows), yet it writes
    await sql`insert into t (id, v) values (1, 'x') returning id`.execute(db);
    expect(await read()).toBe(1);
  });

  it('a read that waited for a transaction that wrote meanwhile is not kept', async () => {
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const tx = db.transaction().execute(async (trx) => {
      await trx.selectFrom('t').select('id').execute(); // holds the connection from here
      holding();
      await gate;
      await trx.insertInto('t').values({ id: 1, v: 'x' }).execute();
    });
    await held;
    let reads = 0;
    const read = () =>
      keptRead(db, 'waited', ['t'], async () => {
        reads += 1;
        return db.selectFrom('t').select('id').execute();
      });
    const first = read(); // its stamp is taken now, before the insert; it waits for the connection
    open();
    await tx;
    expect(await first).toEqual([{ id: 1 }]);
    expect(await read()).toEqual([{ id: 1 }]);
    expect(reads).toBe(2);
    expect(await read()).toEqual([{ id: 1 }]);
    expect(reads).toBe(2);
  });

  it('a read kept while its group was open is read again when SQLite took the group back by itself', async () => {
    const driver = dialect.driver;
    const commit = driver.commitTransaction.bind(driver);
    let released!: () => void;
    const open = new Promise<void>((r) => (released = r));
    driver.commitTransaction = (conn) => {
      const durable = commit(conn);
      released(); // the transaction has given the connection back; its group is not committed yet
      return durable;
    };
    commitRollsBack = true;
    const tx = insert(1).catch((err: Error) => err.message);
    await open;
    const read = () => keptRead(db, 'rows', ['t'], () => count(db));
    expect(await read()).toBe(1); // the group's own write, seen on its connection
    expect(await tx).toMatch(/full/);
    expect(onDisk(1).n).toBe(0);
    expect(await read()).toBe(0);
  });

  it('streams a read row by row', async () => {
    await Promise.all([insert(1), insert(2), insert(3)]);
    const ids: number[] = [];
    for await (const row of db.selectFrom('t').select('id').orderBy('id').stream()) ids.push(row.id);
    expect(ids).toEqual([1, 2, 3]);
  });

  it('closing the database commits the open group', async () => {
    const pending = begun(1);
    await pending.holding;
    await db.destroy();
    await pending.done;
    expect(commits()).toBe(1);
    expect(onDisk(1).n).toBe(1);
    const again = new SQLite(file);
    db = new Kysely<Schema>({ dialect: new GroupCommitSqliteDialect(again, (t) => again.prepare(t)) });
  });
});
