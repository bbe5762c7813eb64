import { HLC_MAX_COUNTER, type Stamp, formatStamp } from '@duka/domain';
import { type Insertable, type Kysely, type Transaction, sql } from 'kysely';
import { compiledQuery } from '../db/compiled-query.js';
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
  const parsed = Date.parse(e.at);
  const now = Number.isFinite(parsed) ? parsed : Date.now();
  const row = await tickCounter.first(trx, { now, businessId: e.businessId });
  let seq: number;
  let stamp: Stamp;
  if (row) {
    seq = Number(row.last_seq);
    stamp = { ms: Number(row.hlc_ms), counter: Number(row.hlc_counter), serverId: row.server_id };
  } else {
    const made = await trx
      .insertInto('journal_counters')
      .values({ business_id: e.businessId, last_seq: 1, hlc_ms: now, hlc_counter: 0 })
      .returning(serverIdOf.as('server_id'))
      .executeTakeFirstOrThrow();
    seq = 1;
    stamp = { ms: now, counter: 0, serverId: made.server_id };
  }
  const hlc = formatStamp(stamp);
  await insertEntry.run(trx, {
    row: {
      business_id: e.businessId,
      seq,
      id: newId(),
      doc_type: e.docType,
      doc_id: e.docId,
      action: e.action,
      user_id: e.userId,
      device_id: e.deviceId,
      detail: e.detail ? JSON.stringify(e.detail) : null,
      created_at: e.at,
      // This server wrote it first (ADR 11).
      origin: stamp.serverId,
      origin_seq: seq,
      hlc,
    },
  });
  return { seq, stamp, hlc };
}

// One statement of constant text (the limit is a literal), so SQLite reuses its prepared form.
const max = sql.lit(HLC_MAX_COUNTER);
const tickCounter = compiledQuery(
  (_db, a: { now: number; businessId: string }) => sql<{
    last_seq: number;
    hlc_ms: number;
    hlc_counter: number;
    server_id: string;
  }>`
    UPDATE journal_counters SET last_seq = last_seq + 1,
      hlc_ms = CASE WHEN ${a.now} > hlc_ms THEN ${a.now} WHEN hlc_counter >= ${max} THEN hlc_ms + 1 ELSE hlc_ms END,
      hlc_counter = CASE WHEN ${a.now} > hlc_ms OR hlc_counter >= ${max} THEN 0 ELSE hlc_counter + 1 END
    WHERE business_id = ${a.businessId}
    RETURNING last_seq, hlc_ms, hlc_counter, ${serverIdOf} AS server_id`,
);

const insertEntry = compiledQuery((db, a: { row: Insertable<JournalTable> }) =>
  db.insertInto('journal').values(a.row),
);
