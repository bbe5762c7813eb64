import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

/**
 * Hosted only: whether a shop's local server keeps this business (an unrevoked sync server; the
 * hosted site's own row, which holds its receipt series, is not one),
 * which makes the hosted copy read-only for the business's documents (ADR 11 §8).
 */
export async function syncedFromShop(
  db: Kysely<Database>,
  businessId: string,
  mode: 'local' | 'hosted',
): Promise<boolean> {
  if (mode !== 'hosted') return false;
  const row = await db
    .selectFrom('sync_servers')
    .select('id')
    .where('business_id', '=', businessId)
    .where('revoked_at', 'is', null)
    .where('hosted', '=', 0)
    .executeTakeFirst();
  return !!row;
}
