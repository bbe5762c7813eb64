import { HLC_MAX_COUNTER, type Stamp, formatStamp, parseStamp } from '@duka/domain';
import {
  type Insertable,
  type Kysely,
  type QueryCreator,
  type RawBuilder,
  type Transaction,
  sql,
} from 'kysely';
import { compiledQuery } from '../db/compiled-query.js';
import { dialectOf } from '../db/dialect.js';
import type { Database } from '../db/tables.js';
import type { JournalTable } from '../db/tables/foundation.js';
import { newId } from './ids.js';

export interface JournalEntryInput {
  businessId: string;
  docType: string;
  docId: string;
  action: string;
  userId: string | null;
  deviceId: string | null;
  at: string;
  detail?: Record<string, unknown>;
}

/** What `appendJournal` wrote: the entry's number on this server and its clock stamp. */
export interface JournalStamp {
  seq: number;
  stamp: Stamp;
  /** The stamp's text, as `journal.hlc` holds it. */
  hlc: string;
}

const serverIdOf = sql<string>`(SELECT id FROM server_identity)`;

/** The row of a journal entry (without its number and stamp), and the clock's wall time for it. */
export function journalEntryOf(e: JournalEntryInput): { now: number; row: EntryRow } {
  const parsed = Date.parse(e.at);
  return {
    now: Number.isFinite(parsed) ? parsed : Date.now(),
    row: {
      business_id: e.businessId,
      id: newId(),
      doc_type: e.docType,
      doc_id: e.docId,
      action: e.action,
      user_id: e.userId,
      device_id: e.deviceId,
      detail: e.detail ? JSON.stringify(e.detail) : null,
      created_at: e.at,
    },
  };
}

/**
 * Appends one journal row inside the caller's transaction. The sequence number comes from the
 * business's counter row, updated in the same transaction, so sequence order is commit order
 * (a reader that follows the journal never skips a row that commits late). The same update ticks
 * the business's hybrid logical clock (ADR 11 §2, `tick` in @duka/domain, here in SQL, where every
 * expression reads the row as it was): writers of one business, on any process, wait on that row
 * and so never take the same stamp. Its wall time is the entry's own `at`, this server's clock.
 */
export async function appendJournal(
  trx: Transaction<Database> | Kysely<Database>,
  e: JournalEntryInput,
): Promise<JournalStamp> {
  const { now, row } = journalEntryOf(e);
  if (dialectOf(trx) === 'postgres') {
    // One round trip: the counter's update and the row in one statement (issue 21).
    const done = await tickAndAppend.first(trx, { now, row });
    if (done) {
      const stamp = parseStamp(done.hlc);
      if (!stamp) throw new Error(`journal: a stamp the database wrote does not read back: ${done.hlc}`);
      return { seq: Number(done.seq), stamp, hlc: done.hlc };
    }
  } else {
    const ticked = await tickCounter.first(trx, { now, businessId: e.businessId });
    if (ticked) {
      const seq = Number(ticked.last_seq);
      const stamp = {
        ms: Number(ticked.hlc_ms),
        counter: Number(ticked.hlc_counter),
        serverId: ticked.server_id,
      };
      return insertEntryAt(trx, row, seq, stamp);
    }
  }
  // The business's first entry makes its counter.
  const made = await trx
    .insertInto('journal_counters')
    .values({ business_id: e.businessId, last_seq: 1, hlc_ms: now, hlc_counter: 0 })
    .returning(serverIdOf.as('server_id'))
    .executeTakeFirstOrThrow();
  return insertEntryAt(trx, row, 1, { ms: now, counter: 0, serverId: made.server_id });
}

export type EntryRow = Omit<Insertable<JournalTable>, 'seq' | 'origin' | 'origin_seq' | 'hlc'>;

async function insertEntryAt(
  trx: Transaction<Database> | Kysely<Database>,
  row: EntryRow,
  seq: number,
  stamp: Stamp,
): Promise<JournalStamp> {
  const hlc = formatStamp(stamp);
  // This server wrote it first (ADR 11). (`Object.assign`, not `{ ...row, … }`: on Node 20 a
  // spread followed by more properties costs microseconds.)
  await insertEntry.run(trx, {
    row: Object.assign({}, row, { seq, origin: stamp.serverId, origin_seq: seq, hlc }),
  });
  return { seq, stamp, hlc };
}

/**
 * A stamp's text (`formatStamp`) made by PostgreSQL from its parts: the milliseconds in fifteen
 * digits, the counter in six base-36 digits, the server id. `journal.test.ts` compares it with
 * `formatStamp` at the edges of every digit.
 */
export function stampTextSql(
  ms: RawBuilder<unknown>,
  counter: RawBuilder<unknown>,
  serverId: RawBuilder<unknown>,
) {
  const digit = (power: number) =>
    sql`substr('0123456789abcdefghijklmnopqrstuvwxyz', ((${counter} / ${sql.lit(36 ** power)}) % 36)::int + 1, 1)`;
  return sql<string>`lpad((${ms})::text, 15, '0') || '.' || ${digit(5)} || ${digit(4)} || ${digit(3)} || ${digit(2)} || ${digit(1)} || ${digit(0)} || '.' || ${serverId}`;
}

// One statement of constant text (the limit is a literal), so SQLite reuses its prepared form.
const max = sql.lit(HLC_MAX_COUNTER);
/** How many counter values a millisecond of the clock holds (the counter runs 0…max). */
const span = sql.lit(HLC_MAX_COUNTER + 1);
/** The business's counter moved on: its next number, and its clock ticked to `now`. */
const tick = (now: number, businessId: string) => sql`
    UPDATE journal_counters SET last_seq = last_seq + 1,
      hlc_ms = CASE WHEN ${now} > hlc_ms THEN ${now} WHEN hlc_counter >= ${max} THEN hlc_ms + 1 ELSE hlc_ms END,
      hlc_counter = CASE WHEN ${now} > hlc_ms OR hlc_counter >= ${max} THEN 0 ELSE hlc_counter + 1 END
    WHERE business_id = ${businessId}
    RETURNING last_seq, hlc_ms, hlc_counter, ${serverIdOf} AS server_id`;

const tickCounter = compiledQuery(
  (_db, a: { now: number; businessId: string }) =>
    sql<{
      last_seq: number;
      hlc_ms: number;
      hlc_counter: number;
      server_id: string;
    }>`${tick(a.now, a.businessId)}`,
);

/**
 * PostgreSQL only: the counter's update (`tickCounter`, named `journal_tick`) and the entry it
 * numbers and stamps (`journal_entry`, answering its `seq` and `hlc`), as parts of a statement
 * that does more (a data-modifying `with`): of `tickAndAppend`, or of a sale's one statement. No
 * entry is written when the business has no counter yet (its first entry makes it).
 */
export function withJournalEntry(
  db: QueryCreator<Database>,
  now: number,
  row: EntryRow,
): QueryCreator<Database & { journal_entry: { seq: number; hlc: string } }> {
  return db
    .with('journal_tick', () => sql<Record<string, unknown>>`(${tick(now, row.business_id)})`)
    .with(
      'journal_entry',
      // Kysely puts a raw part of a `with` in no parentheses of its own.
      () => sql<{ seq: number; hlc: string }>`(
    INSERT INTO journal (business_id, seq, id, doc_type, doc_id, action, user_id, device_id, detail,
      created_at, origin, origin_seq, hlc)
    SELECT ${row.business_id}, "t".last_seq, ${row.id}, ${row.doc_type}, ${row.doc_id}, ${row.action},
      ${row.user_id}, ${row.device_id}, ${row.detail}, ${row.created_at}, "t".server_id, "t".last_seq,
      ${stampTextSql(sql`"t".hlc_ms`, sql`"t".hlc_counter`, sql`"t".server_id`)}
    FROM "journal_tick" AS "t"
    RETURNING seq, hlc)`,
    ) as unknown as QueryCreator<Database & { journal_entry: { seq: number; hlc: string } }>;
}

/** On PostgreSQL: the counter's update and the entry, in one statement (`withJournalEntry`). */
const tickAndAppend = compiledQuery((db, a: { now: number; row: EntryRow }) =>
  withJournalEntry(db, a.now, a.row).selectFrom('journal_entry').select(['seq', 'hlc']),
);

const insertEntry = compiledQuery((db, a: { row: Insertable<JournalTable> }) =>
  db.insertInto('journal').values(a.row),
);

/** Most entries `appendJournalEntries` writes in one statement. */
export const ENTRIES_PER_STATEMENT = 100;

/**
 * PostgreSQL only: the counter moved on by `k` entries at once, as `k` of `tick`'s steps with the
 * same `now` would: the first step as `tick`'s, each next one a counter step (a millisecond on
 * when the counter is full). Answers the last entry's number and stamp (the others are the ones
 * before it).
 */
const tickBy = (k: number, now: number, businessId: string) => {
  const ms = sql`CASE WHEN ${now} > hlc_ms THEN ${now} WHEN hlc_counter >= ${max} THEN hlc_ms + 1 ELSE hlc_ms END`;
  const counter = sql`CASE WHEN ${now} > hlc_ms OR hlc_counter >= ${max} THEN 0 ELSE hlc_counter + 1 END`;
  const more = sql.lit(k - 1);
  return sql`
    UPDATE journal_counters SET last_seq = last_seq + ${sql.lit(k)},
      hlc_ms = ${ms} + (${counter} + ${more}) / ${span},
      hlc_counter = (${counter} + ${more}) % ${span}
    WHERE business_id = ${businessId}
    RETURNING last_seq, hlc_ms, hlc_counter, ${serverIdOf} AS server_id`;
};

/**
 * PostgreSQL only: entries of one business and one time (`at`) in one statement, numbered and
 * stamped as that many `appendJournal`s one after the other would (`tickBy`): entry `i` of `k` is
 * `k - 1 - i` steps before the counter's last, at most one millisecond back. Answers each entry's
 * number and stamp by its id; none when the business has no counter yet.
 */
const appendMany = compiledQuery((_db, a: { now: number; rows: EntryRow[] }) => {
  const k = a.rows.length;
  const values = sql.join(
    a.rows.map(
      (r, i) =>
        sql`(${r.business_id}, ${r.id}, ${r.doc_type}, ${r.doc_id}, ${r.action}, ${r.user_id}, ${r.device_id}, ${r.detail}, ${r.created_at}, ${sql.lit(k - 1 - i)})`,
    ),
  );
  const behind = sql`"t".hlc_counter >= "e".back`;
  return sql<{ id: string; seq: number; hlc: string }>`
    WITH journal_tick AS (${tickBy(k, a.now, a.rows[0]!.business_id)})
    INSERT INTO journal (business_id, seq, id, doc_type, doc_id, action, user_id, device_id, detail,
      created_at, origin, origin_seq, hlc)
    SELECT "e".business_id, "t".last_seq - "e".back, "e".id, "e".doc_type, "e".doc_id, "e".action,
      "e".user_id, "e".device_id, "e".detail, "e".created_at, "t".server_id, "t".last_seq - "e".back,
      ${stampTextSql(
        sql`CASE WHEN ${behind} THEN "t".hlc_ms ELSE "t".hlc_ms - 1 END`,
        sql`CASE WHEN ${behind} THEN "t".hlc_counter - "e".back ELSE "t".hlc_counter - "e".back + ${span} END`,
        sql`"t".server_id`,
      )}
    FROM journal_tick AS "t"
    CROSS JOIN (VALUES ${values}) AS "e" (business_id, id, doc_type, doc_id, action, user_id, device_id,
      detail, created_at, back)
    RETURNING id, seq, hlc`;
});

/**
 * SQLite: `appendMany`'s work in two statements, `tickBy` and the entries' insert, each entry's
 * number and stamp worked out here as `appendMany` has PostgreSQL do (`k - 1 - i` steps back from
 * the counter's last, at most one millisecond). None when the business has no counter yet.
 */
async function appendManySqlite(
  trx: Transaction<Database> | Kysely<Database>,
  now: number,
  rows: EntryRow[],
): Promise<JournalStamp[] | null> {
  const k = rows.length;
  const ticked = (
    await sql<{
      last_seq: number;
      hlc_ms: number;
      hlc_counter: number;
      server_id: string;
    }>`${tickBy(k, now, rows[0]!.business_id)}`.execute(trx)
  ).rows[0];
  if (!ticked) return null;
  const [last, ms, counter] = [Number(ticked.last_seq), Number(ticked.hlc_ms), Number(ticked.hlc_counter)];
  const done = rows.map((_, i) => {
    const back = k - 1 - i;
    const stamp =
      counter >= back
        ? { ms, counter: counter - back, serverId: ticked.server_id }
        : { ms: ms - 1, counter: counter - back + HLC_MAX_COUNTER + 1, serverId: ticked.server_id };
    return { seq: last - back, stamp, hlc: formatStamp(stamp) };
  });
  await trx
    .insertInto('journal')
    .values(
      rows.map((row, i) =>
        Object.assign({}, row, {
          seq: done[i]!.seq,
          origin: ticked.server_id,
          origin_seq: done[i]!.seq,
          hlc: done[i]!.hlc,
        }),
      ),
    )
    .execute();
  return done;
}

/**
 * `appendJournal` for several entries of one business made at one time (`at`), in order, one
 * statement (PostgreSQL) or two (SQLite) per `ENTRIES_PER_STATEMENT` (issue 21; a catalogue
 * import's 20,000 products). Answers each entry's number and stamp, in the entries' order.
 */
export async function appendJournalEntries(
  trx: Transaction<Database> | Kysely<Database>,
  entries: readonly JournalEntryInput[],
): Promise<JournalStamp[]> {
  const [first] = entries;
  if (!first) return [];
  if (entries.some((e) => e.businessId !== first.businessId || e.at !== first.at))
    throw new Error('appendJournalEntries: entries of one business and one time only');
  const done: JournalStamp[] = [];
  let i = 0;
  if (dialectOf(trx) === 'sqlite') {
    for (; i < entries.length; i += ENTRIES_PER_STATEMENT) {
      const part = entries.slice(i, i + ENTRIES_PER_STATEMENT).map(journalEntryOf);
      const stamps = await appendManySqlite(
        trx,
        part[0]!.now,
        part.map((p) => p.row),
      );
      if (!stamps) break; // no counter yet: the first `appendJournal` makes it
      done.push(...stamps);
    }
  } else {
    for (; i < entries.length; i += ENTRIES_PER_STATEMENT) {
      const part = entries.slice(i, i + ENTRIES_PER_STATEMENT).map(journalEntryOf);
      const rows = await appendMany.all(trx, { now: part[0]!.now, rows: part.map((p) => p.row) });
      if (rows.length === 0) break; // no counter yet: the first `appendJournal` makes it
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const p of part) {
        const r = byId.get(p.row.id)!;
        const stamp = parseStamp(r.hlc);
        if (!stamp) throw new Error(`journal: a stamp the database wrote does not read back: ${r.hlc}`);
        done.push({ seq: Number(r.seq), stamp, hlc: r.hlc });
      }
    }
  }
  for (; i < entries.length; i++) done.push(await appendJournal(trx, entries[i]!));
  return done;
}
