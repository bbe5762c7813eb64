import type { SessionData } from '@duka/domain';
import { sql } from 'kysely';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEPT_TRIGGERS } from '../db/migrations/0023-kept-notices.js';
import { KEPT_CHANNEL, type PgKept, keptTag } from '../db/pg-kept.js';
import { hashToken } from '../lib/session-tokens.js';
import { ADMIN_PASSWORD, buildBusiness, signIn } from '../test/factories.js';
import { statementsOf } from '../test/statements.js';
import { heardAllOn, keptOf, twoProcesses, until } from '../test/pg-processes.js';
import type { TestApp } from '../test/test-app.js';
import { ME_TABLES } from '../modules/auth/session-data.js';
import { SESSION_TABLES } from './session-lookup.js';

/**
 * A hosted server keeps each signed-in request's session read while it hears of every change to
 * it (db/pg-kept.ts, migration 0023): here two server processes on one PostgreSQL database, each
 * its own app, connections and listener. A change made in one must reach the other's requests as
 * soon as its notice arrives, and the process's own changes its very next request.
 */
describe('the session kept on a hosted server (two processes, one PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let cookie: string;

  beforeAll(async () => {
    ({ a, b } = await twoProcesses());
    await buildBusiness(a.app);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const me = (app: TestApp, c = cookie) => app.app.inject({ url: '/api/me', headers: { cookie: c } });
  const signedIn = async () => (cookie = (await signIn(a.app, 'owner', ADMIN_PASSWORD)).cookie);
  /** The statements of a request of `app` that read the sessions table. */
  const sessionReads = async (app: TestApp, c = cookie) =>
    (await statementsOf(app.db, () => me(app, c))).texts.filter((text) => /from "sessions"/.test(text));
  const nameIn = async (app: TestApp) => (await me(app)).json<SessionData>();

  it('answers a signed-in request without reading its session again', async () => {
    await signedIn();
    expect((await me(a)).statusCode).toBe(200);
    expect(await sessionReads(a)).toEqual([]);
    expect(await sessionReads(a)).toEqual([]);
    // the other process reads it once, then keeps it too (once the sign-in's own notice has
    // reached it: arriving after its first read, the notice drops what that read kept)
    await heardAllOn(b);
    expect(await sessionReads(b)).toHaveLength(1);
    expect(await sessionReads(b)).toEqual([]);
  });

  it("hears of a user and a business renamed by the other process's statement", async () => {
    await signedIn();
    expect((await nameIn(a)).user.nm).not.toBe('Renamed there');
    await sql`update users set name = 'Renamed there' where username = 'owner'`.execute(b.db.kysely);
    expect(await until(async () => (await nameIn(a)).user.nm === 'Renamed there')).toBe(true);
    await sql`update businesses set name = 'Shop renamed there'`.execute(b.db.kysely);
    expect(await until(async () => (await nameIn(a)).shop_details.name === 'Shop renamed there')).toBe(true);
  });

  it('refuses a session signed out in the other process as soon as it hears of it', async () => {
    await signedIn();
    expect((await me(a)).statusCode).toBe(200);
    expect(await sessionReads(a)).toEqual([]); // kept
    const out = await b.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(await until(async () => (await me(a)).statusCode === 401)).toBe(true);
  });

  it('drops everything kept once its own write to a kept table has committed, before answering', async () => {
    await signedIn();
    const kept = keptOf(a);
    const changed = vi.spyOn(kept, 'changed');
    try {
      await a.db.kysely.transaction().execute(async (trx) => {
        await sql`update users set name = 'Renamed here' where username = 'owner'`.execute(trx);
        expect(changed).not.toHaveBeenCalledWith(null); // not yet committed
      });
      expect(changed).toHaveBeenCalledWith(null);
      expect((await nameIn(a)).user.nm).toBe('Renamed here');
      changed.mockClear();
      await sql`update users set name = 'Renamed again' where username = 'owner'`.execute(a.db.kysely);
      expect(changed).toHaveBeenCalledWith(null);
      expect((await nameIn(a)).user.nm).toBe('Renamed again');
    } finally {
      changed.mockRestore();
    }
  });

  it("moves a session's last_seen_at without dropping the other sessions kept, or it in the other process", async () => {
    await signedIn();
    const other = (await signIn(a.app, 'owner', ADMIN_PASSWORD)).cookie;
    expect((await me(a, other)).statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(b, other)).statusCode).toBe(200);
    expect(await sessionReads(b, other)).toEqual([]); // kept there
    const kept: PgKept = keptOf(a);
    const changed = vi.spyOn(kept, 'changed');
    try {
      a.clock.advance(61_000); // past the minute between two moves of last_seen_at
      const token = decodeURIComponent(/duka_session=([^;]+)/.exec(other)![1]!);
      expect((await me(a, other)).statusCode).toBe(200);
      expect(changed).toHaveBeenCalledWith(keptTag.session(hashToken(token)));
      expect(changed).not.toHaveBeenCalledWith(null);
      // the first session is still kept (its own move comes with its own next request)
      changed.mockClear();
      expect(await sessionReads(a)).toEqual([]);
      // no notice for a move of last_seen_at alone: the other process still keeps the session
      await new Promise((r) => setTimeout(r, 100));
      expect(await sessionReads(b, other)).toEqual([]);
    } finally {
      changed.mockRestore();
    }
  });

  it("a sync server's contact times and a new sign-in drop nothing kept, here or in the other process", async () => {
    await signedIn();
    const businessId = (await nameIn(a)).business.id;
    const serverId = v7();
    const kept = keptOf(a);
    const changed = vi.spyOn(kept, 'changed');
    const heard = () => changed.mock.calls.some(([tag]) => tag === keptTag.business(businessId));
    /**
     * Every notice committed so far has reached this process: PostgreSQL hands them over in commit
     * order, so a marker sent now arrives after them. (Waiting a fixed time was not enough under
     * load: notices of earlier writes landed after the spy was cleared, and were counted.)
     */
    const settled = async () => {
      const marker = `test:${v7()}`;
      await sql`select pg_notify(${KEPT_CHANNEL}, ${marker})`.execute(b.db.kysely);
      expect(await until(() => changed.mock.calls.some(([tag]) => tag === marker))).toBe(true);
    };
    /**
     * The notices naming this database's rows. The test files share one PostgreSQL database, each
     * its own schema, and a channel is the database's: another file's user renamed at the same
     * time is heard here too (a tag naming no row of this schema, which drops nothing kept).
     */
    const ours = async () => {
      const [users, sessions] = await Promise.all([
        a.db.kysely.selectFrom('users').select('id').execute(),
        a.db.kysely.selectFrom('sessions').select('token_hash').execute(),
      ]);
      return new Set([
        keptTag.business(businessId),
        ...users.map((u) => keptTag.user(u.id)),
        ...sessions.map((x) => keptTag.session(x.token_hash)),
      ]);
    };
    const notices = async (before: Set<string>) => {
      const mine = new Set([...before, ...(await ours())]);
      return changed.mock.calls.map(([tag]) => tag).filter((tag) => tag === null || mine.has(tag));
    };
    try {
      // a new link: the business's sessions read again (whether a shop keeps it may change)
      await b.db.kysely
        .insertInto('sync_servers')
        .values({
          id: serverId,
          business_id: businessId,
          name: 'Shop PC',
          credential_hash: `hash-${serverId}`,
          credential_prefix: 'dks1_x',
          state: 'active',
          linked_at: new Date().toISOString(),
        })
        .execute();
      expect(await until(heard)).toBe(true);
      await settled();
      expect(await sessionReads(a)).toHaveLength(1);
      expect(await sessionReads(a)).toEqual([]);
      changed.mockClear();
      const before = await ours();
      const at = new Date().toISOString();
      // a pull's and a push's bookkeeping, in the other process and in this one
      for (const db of [b.db, a.db])
        await db.kysely
          .updateTable('sync_servers')
          .set({ pull_cursor: 7, last_pull_at: at, last_contact_at: at })
          .where('id', '=', serverId)
          .execute();
      await signIn(a.app, 'owner', ADMIN_PASSWORD);
      await settled();
      expect(await notices(before)).toEqual([]);
      expect(await sessionReads(a)).toEqual([]);
      // a revocation still reaches both processes
      await b.db.kysely
        .updateTable('sync_servers')
        .set({ revoked_at: at })
        .where('id', '=', serverId)
        .execute();
      expect(await until(heard)).toBe(true);
    } finally {
      changed.mockRestore();
    }
  });

  it('keeps a read until its tag changes, and not one during which a change arrived', async () => {
    const kept = keptOf(a);
    const read = (key: string, value: number, during?: () => void) =>
      kept.read(
        key,
        () => ['t:1'],
        () => {
          during?.();
          return Promise.resolve(value);
        },
      );
    expect(await read('probe', 1)).toBe(1);
    expect(await read('probe', 2)).toBe(1); // kept
    kept.changed('t:2');
    expect(await read('probe', 3)).toBe(1); // another tag
    kept.changed('t:1');
    expect(await read('probe', 4)).toBe(4);
    kept.changed('t:1');
    expect(await read('racing', 5, () => kept.changed('t:1'))).toBe(5);
    expect(await read('racing', 6)).toBe(6); // the first was not kept: its tag changed while it ran
    expect(await read('racing', 7)).toBe(6);
    kept.changed('t:1');
    expect(await read('racing', 8, () => kept.changed(null))).toBe(8);
    expect(await read('racing', 9)).toBe(9); // nor one during which everything changed
    kept.changed('t:1');
    // another row's change while it ran: kept (another test file's notices, another business's)
    expect(await read('racing', 10, () => kept.changed('t:other'))).toBe(10);
    expect(await read('racing', 11)).toBe(10);
  });

  it('does not keep a read whose change it can no longer tell from the changes it remembers', async () => {
    const kept = keptOf(a);
    const read = (value: number, during?: () => void) =>
      kept.read(
        'forgotten',
        () => ['t:f'],
        () => {
          during?.();
          return Promise.resolve(value);
        },
      );
    kept.changed('t:f');
    expect(
      await read(1, () => {
        for (let i = 0; i < 2_000; i++) kept.changed(`t:other:${i}`);
      }),
    ).toBe(1);
    expect(await read(2)).toBe(2);
    expect(await read(3)).toBe(2);
  });

  it('keeps nothing while its listener is gone, and listens again', async () => {
    await signedIn();
    const kept = keptOf(a);
    const pid = kept.listenerProcessId;
    expect(pid).toBeGreaterThan(0);
    await sql`select pg_terminate_backend(${pid}::int)`.execute(b.db.kysely);
    expect(await until(() => !kept.live)).toBe(true);
    expect(await sessionReads(a)).toHaveLength(1);
    expect(await sessionReads(a)).toHaveLength(1); // nothing kept
    expect(await until(() => kept.live)).toBe(true); // a second later
    expect(kept.listenerProcessId).not.toBe(pid);
    await sessionReads(a);
    expect(await sessionReads(a)).toEqual([]);
  });

  it("has a notice for every table the session read and GET /api/me's read read, and for nothing else", async () => {
    expect([...new Set(KEPT_TRIGGERS.map(([table]) => table))].sort()).toEqual([...SESSION_TABLES].sort());
    const { rows } = await sql<{ table: string; event: string }>`
      select event_object_table as table, event_manipulation as event from information_schema.triggers
      where trigger_schema = current_schema() and action_statement like '%duka_kept_changed%'`.execute(
      a.db.kysely,
    );
    const events = (table: string) =>
      rows
        .filter((r) => r.table === table)
        .map((r) => r.event)
        .sort();
    for (const table of SESSION_TABLES)
      expect(events(table)).toEqual(
        KEPT_TRIGGERS.filter(([t]) => t === table)
          .flatMap(([, on]) => on.split(' OR '))
          .sort(),
      );
    // GET /api/me's own read (migration 0037): any change of a user's locations, a count's as it asks
    for (const table of ME_TABLES) expect(events(table)).toEqual(['DELETE', 'INSERT', 'UPDATE']);
    expect(new Set(rows.map((r) => r.table))).toEqual(new Set([...SESSION_TABLES, ...ME_TABLES]));
  });
});
