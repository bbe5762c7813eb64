import {
  type ClockState,
  type Stamp,
  HLC_MAX_COUNTER,
  compareStamps,
  formatStamp,
  parseStamp,
  tick,
} from '@duka/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/database.js';
import { buildBusiness, buildUser } from '../test/factories.js';
import { type TestApp, buildTestApp } from '../test/test-app.js';
import { TEST_DIALECT, freshDatabase } from '../test/test-db.js';
import pg from 'pg';
import { vi } from 'vitest';
import { appendJournal, appendJournalEntries, ENTRIES_PER_STATEMENT, stampTextSql } from './journal.js';

/** The journal's clock stamps (ADR 11 §2): taken by the update that numbers the entry. */
describe('journal stamps', () => {
  let t: TestApp;
  let businessId: string;
  let serverId: string;

  const entries = async () =>
    (
      await t.db.kysely
        .selectFrom('journal')
        .select(['seq', 'hlc', 'origin'])
        .where('business_id', '=', businessId)
        .orderBy('seq')
        .execute()
    ).map((r) => ({ seq: Number(r.seq), hlc: r.hlc, origin: r.origin, stamp: parseStamp(r.hlc) }));
  const clock = async (): Promise<ClockState> => {
    const row = await t.db.kysely
      .selectFrom('journal_counters')
      .select(['hlc_ms', 'hlc_counter'])
      .where('business_id', '=', businessId)
      .executeTakeFirstOrThrow();
    return { ms: Number(row.hlc_ms), counter: Number(row.hlc_counter) };
  };
  const entry = (at: string, n: number) => ({
    businessId,
    docType: 'product',
    docId: `p-${n}`,
    action: 'product.update',
    userId: null,
    deviceId: null,
    at,
  });
  const expectIncreasing = (stamps: (Stamp | null)[]) => {
    for (let i = 1; i < stamps.length; i++) expect(compareStamps(stamps[i]!, stamps[i - 1]!)).toBe(1);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await buildBusiness(t.app);
    businessId = admin.session.business.id;
    await buildUser(t.app, admin.cookie);
    serverId = (await t.db.kysely.selectFrom('server_identity').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  it("stamps every entry with this server's id, later with every number, and keeps the clock at the last", async () => {
    const rows = await entries();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const r of rows) {
      expect(r.stamp).not.toBeNull();
      expect(r.stamp!.serverId).toBe(serverId);
      expect(r.origin).toBe(serverId);
      expect(formatStamp(r.stamp!)).toBe(r.hlc);
    }
    expectIncreasing(rows.map((r) => r.stamp));
    const last = rows.at(-1)!.stamp!;
    expect(await clock()).toEqual({ ms: last.ms, counter: last.counter });
  });

  it('never gives two writers the same stamp, on several connections at once, and stamps follow the numbers', async () => {
    const at = t.clock.now().toISOString();
    const connections = new Set<string>();
    const written = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.db.kysely.transaction().execute(async (trx) => {
          if (TEST_DIALECT === 'postgres') {
            const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
            connections.add(String(rows[0]!.pid));
            // Keep this transaction open a moment, so the others start on their own connections.
            await sql`SELECT pg_sleep(0.02)`.execute(trx);
          }
          const a = await appendJournal(trx, entry(at, i));
          const b = await appendJournal(trx, entry(at, 100 + i));
          return [a, b];
        }),
      ),
    );
    if (TEST_DIALECT === 'postgres') expect(connections.size).toBeGreaterThan(1);
    const returned = written.flat();
    expect(new Set(returned.map((w) => w.hlc)).size).toBe(returned.length);
    const rows = await entries();
    const bySeq = new Map(rows.map((r) => [r.seq, r.hlc]));
    for (const w of returned) {
      expect(bySeq.get(w.seq)).toBe(w.hlc);
      expect(w.stamp.serverId).toBe(serverId);
    }
    expectIncreasing(rows.map((r) => r.stamp));
  });

  it('moves the clock by the rule of tick: the wall when it is later, else the counter (and its last digit)', async () => {
    const base = t.clock.now().getTime();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -5_000, max: 5_000 }), { minLength: 1, maxLength: 8 }),
        async (offsets) => {
          for (const offset of offsets) {
            const before = await clock();
            const at = new Date(base + offset).toISOString();
            const expected = tick(before, Date.parse(at));
            const got = await appendJournal(t.db.kysely, entry(at, n++));
            expect({ ms: got.stamp.ms, counter: got.stamp.counter }).toEqual(expected);
            expect(await clock()).toEqual(expected);
          }
        },
      ),
      { numRuns: 15 },
    );
    const now = await clock();
    await t.db.kysely
      .updateTable('journal_counters')
      .set({ hlc_counter: HLC_MAX_COUNTER })
      .where('business_id', '=', businessId)
      .execute();
    const got = await appendJournal(t.db.kysely, entry(new Date(now.ms).toISOString(), n++));
    expect(got.stamp).toEqual({ ms: now.ms + 1, counter: 0, serverId });
    expectIncreasing((await entries()).map((r) => r.stamp));
  });

  it("writes several entries at once numbered and stamped as that many appends one after the other, over the counter's end too", async () => {
    const steps = (from: ClockState, now: number, k: number) => {
      const out: ClockState[] = [];
      let state = from;
      for (let i = 0; i < k; i++) out.push((state = tick(state, now)));
      return out;
    };
    const setClock = (c: ClockState) =>
      t.db.kysely
        .updateTable('journal_counters')
        .set({ hlc_ms: c.ms, hlc_counter: c.counter })
        .where('business_id', '=', businessId)
        .execute();
    const lastSeq = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('journal_counters')
            .select('last_seq')
            .where('business_id', '=', businessId)
            .executeTakeFirstOrThrow()
        ).last_seq,
      );
    const base = t.clock.now().getTime() + 60_000;
    let n = 1_000;
    // the wall ahead of the clock; behind it; behind it with the counter two and one short of its
    // end (the entries cross into the next millisecond); more than one statement holds
    const cases: { clock: ClockState; at: number; k: number }[] = [
      { clock: { ms: base - 10, counter: 7 }, at: base, k: 4 },
      { clock: { ms: base + 10, counter: 7 }, at: base, k: 5 },
      { clock: { ms: base + 20, counter: HLC_MAX_COUNTER - 2 }, at: base, k: 6 },
      { clock: { ms: base + 30, counter: HLC_MAX_COUNTER - 1 }, at: base, k: 1 },
      { clock: { ms: base + 40, counter: HLC_MAX_COUNTER }, at: base + 50, k: 3 },
      { clock: { ms: base + 60, counter: 0 }, at: base, k: ENTRIES_PER_STATEMENT + 2 },
    ];
    for (const c of cases) {
      await setClock(c.clock);
      const seq = await lastSeq();
      const at = new Date(c.at).toISOString();
      const expected = steps(c.clock, c.at, c.k);
      const got = await t.db.kysely.transaction().execute((trx) =>
        appendJournalEntries(
          trx,
          Array.from({ length: c.k }, () => entry(at, n++)),
        ),
      );
      expect(got.map((g) => ({ ms: g.stamp.ms, counter: g.stamp.counter }))).toEqual(expected);
      expect(got.map((g) => g.seq)).toEqual(expected.map((_, i) => seq + 1 + i));
      expect(got.every((g) => g.stamp.serverId === serverId && formatStamp(g.stamp) === g.hlc)).toBe(true);
      expect(await clock()).toEqual(expected.at(-1));
      const stored = new Map((await entries()).map((r) => [r.seq, r.hlc]));
      for (const g of got) expect(stored.get(g.seq)).toBe(g.hlc);
    }
    expectIncreasing((await entries()).map((r) => r.stamp));
  });
});

/**
 * Issue 21: on PostgreSQL the counter's update and the entry are one statement, the entry's stamp
 * written by the database (`stampTextSql`); on SQLite (no round trips) the stamp is formatted here.
 */
describe('a journal entry in one round trip on PostgreSQL', () => {
  let t: TestApp;
  let businessId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    businessId = (await buildBusiness(t.app)).session.business.id;
  });
  afterAll(() => t.close());

  it("the database's stamp text is formatStamp's, at the edges of every digit", async () => {
    const counters = [
      0,
      1,
      35,
      36,
      1295,
      1296,
      36 ** 3,
      36 ** 4 - 1,
      36 ** 5,
      HLC_MAX_COUNTER - 1,
      HLC_MAX_COUNTER,
    ];
    const millis = [0, 1, 999, Date.parse('2026-11-29T06:00:00.000Z'), 10 ** 15 - 1];
    const serverId = '0195f0c2-7a1b-7c3d-9e4f-a5b6c7d8e9f0';
    for (const ms of millis)
      for (const counter of counters) {
        const expected = formatStamp({ ms, counter, serverId });
        if (TEST_DIALECT === 'postgres') {
          const { rows } = await sql<{ text: string }>`select ${stampTextSql(
            sql`${ms}::bigint`,
            sql`${counter}::bigint`,
            sql`${serverId}::text`,
          )} as "text"`.execute(t.db.kysely);
          expect(rows[0]!.text).toBe(expected);
        } else expect(parseStamp(expected)).toEqual({ ms, counter, serverId });
      }
  });

  it('numbers and stamps an entry in one statement on PostgreSQL (two on SQLite)', async () => {
    await appendJournal(t.db.kysely, {
      businessId,
      docType: 'product',
      docId: 'p-0',
      action: 'product.update',
      userId: null,
      deviceId: null,
      at: new Date().toISOString(),
    });
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    let got;
    let statements: number;
    try {
      got = await appendJournal(t.db.kysely, {
        businessId,
        docType: 'product',
        docId: 'p-1',
        action: 'product.update',
        userId: null,
        deviceId: null,
        at: new Date().toISOString(),
        detail: { name: 'Sugar' },
      });
      statements = spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
    const row = await t.db.kysely
      .selectFrom('journal')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('seq', '=', got.seq)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      doc_id: 'p-1',
      hlc: got.hlc,
      origin: got.stamp.serverId,
      detail: '{"name":"Sugar"}',
    });
    expect(Number(row.origin_seq)).toBe(got.seq);
    expect(formatStamp(got.stamp)).toBe(got.hlc);
    expect(statements).toBe(TEST_DIALECT === 'postgres' ? 1 : 0);
  });
});

describe('migration 0014-clocks', () => {
  it("leaves the entries written before it with no stamp (''), and the clock starts from the next write", async () => {
    const { db, dispose } = await freshDatabase('0013-reversal-discounts');
    try {
      const at = '2026-11-25T10:00:00.000Z';
      // Rows as the schema of 0013 had them (`as never`: the typed tables are today's).
      await db.kysely
        .insertInto('businesses')
        .values({
          id: 'b1',
          name: 'Old shop',
          currency: 'KES',
          timezone: 'UTC',
          language: 'en',
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      await db.kysely.insertInto('journal_counters').values({ business_id: 'b1', last_seq: 1 }).execute();
      await db.kysely
        .insertInto('journal')
        .values({
          business_id: 'b1',
          seq: 1,
          id: 'e1',
          doc_type: 'business',
          doc_id: 'b1',
          action: 'business.create',
          user_id: null,
          device_id: null,
          detail: null,
          created_at: at,
          origin: 'old-server',
          origin_seq: 1,
        } as never)
        .execute();
      await migrate(db);
      const old = await db.kysely
        .selectFrom('journal')
        .select('hlc')
        .where('id', '=', 'e1')
        .executeTakeFirstOrThrow();
      expect(old.hlc).toBe('');
      const next = await appendJournal(db.kysely, {
        businessId: 'b1',
        docType: 'business',
        docId: 'b1',
        action: 'business.update',
        userId: null,
        deviceId: null,
        at,
      });
      expect(next.seq).toBe(2);
      expect({ ms: next.stamp.ms, counter: next.stamp.counter }).toEqual({ ms: Date.parse(at), counter: 0 });
    } finally {
      await dispose();
    }
  });
});
