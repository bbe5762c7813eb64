import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * The product's level at the count's location when a count entry was written (ADR 4): the first
 * entry's is what the product was expected to be when it was counted, so goods sold or received
 * between the count's start and the counter reaching them are not corrected for a second time.
 * Null for entries written before (their counts keep the snapshot at the start as expected).
 */
export function countEntryLevels(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('stock_count_entries')
        .addColumn('level_at_entry', dialect === 'postgres' ? 'bigint' : 'integer')
        .execute();
    },
  };
}
