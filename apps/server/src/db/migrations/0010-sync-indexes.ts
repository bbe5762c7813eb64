import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * The columns that name a document's debtor entries and its transfer rows get indexes, so the
 * sync batch builder reads a document's rows through them (as it does every other part) instead
 * of the business's whole debtor_entries and transfers.
 */
export function syncIndexes(_dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.createIndex('debtor_entries_doc').on('debtor_entries').column('doc_id').execute();
      await db.schema.createIndex('transfers_source').on('transfers').column('source_id').execute();
    },
  };
}
