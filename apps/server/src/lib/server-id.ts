import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/** This database's server id (ADR 11 §2, one row made by migration 0009), read in any transaction. */
export async function ownServerId(q: Kysely<Database>): Promise<string> {
  const row = await q.selectFrom('server_identity').select('id').executeTakeFirstOrThrow();
  return row.id;
}
