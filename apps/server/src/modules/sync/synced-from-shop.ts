import type { Kysely } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import type { Database } from '../../db/tables.js';

/**
 * Hosted only: whether a shop's local server keeps this business (an unrevoked sync server; the
 * hosted site's own row, which holds its receipt series, is not one) and the business has not
 * chosen two-way sync, which makes the hosted copy read-only for the business's documents
 * (ADR 11 §8, §11.6).
 */
export async function syncedFromShop(
  db: Kysely<Database>,
  businessId: string,
  mode: 'local' | 'hosted',
): Promise<boolean> {
  if (mode !== 'hosted') return false;
  const row = await keptReadOnly.first(db, { businessId });
  return !!row;
}

const keptReadOnly = compiledQuery((db, a: { businessId: string }) =>
  db
    .selectFrom('sync_servers')
    .innerJoin('businesses', 'businesses.id', 'sync_servers.business_id')
    .select('sync_servers.id')
    .where('sync_servers.business_id', '=', a.businessId)
    .where('sync_servers.revoked_at', 'is', null)
    .where('sync_servers.hosted', '=', 0)
    .where('businesses.two_way_sync', '=', 0),
);
