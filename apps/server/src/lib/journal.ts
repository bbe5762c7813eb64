import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../db/tables.js';
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

/**
 * Appends one journal row inside the caller's transaction. The sequence number comes from the
 * business's counter row, updated in the same transaction, so sequence order is commit order
 * (a reader that follows the journal never skips a row that commits late).
 */
export async function appendJournal(
  trx: Transaction<Database> | Kysely<Database>,
  e: JournalEntryInput,
): Promise<number> {
  const row = await trx
    .updateTable('journal_counters')
    .set({ last_seq: sql<number>`last_seq + 1` })
    .where('business_id', '=', e.businessId)
    .returning('last_seq')
    .executeTakeFirst();
  let seq: number;
  if (row) {
    seq = Number(row.last_seq);
  } else {
    await trx.insertInto('journal_counters').values({ business_id: e.businessId, last_seq: 1 }).execute();
    seq = 1;
  }
  await trx
    .insertInto('journal')
    .values({
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
      // This server wrote it first (ADR 11): one row, read by the insert itself.
      origin: sql<string>`(SELECT id FROM server_identity)`,
      origin_seq: seq,
    })
    .execute();
  return seq;
}
