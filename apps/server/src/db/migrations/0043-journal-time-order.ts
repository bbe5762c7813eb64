import type { Kysely } from 'kysely';
import { type MigrationContext, createIndexOnline } from '../online-index.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */

/**
 * The activity list reads the journal newest first by the time each entry was made, with its
 * `seq` to break ties (`GET /api/journal`), and pages by that pair. It used to read by `seq`
 * alone, the order entries were written here, which put an entry that arrived late (from a linked
 * server, or the demo's seeding) above the entries made after it.
 *
 * The index moves from (business_id, created_at) to (business_id, created_at, seq), which serves
 * both the order and the date filters. Built concurrently on a big hosted database
 * (`online-index.ts`); the old one serves the reads until the new one is valid.
 */
export function journalTimeOrder(ctx: MigrationContext) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await createIndexOnline(
        db,
        {
          name: 'journal_business_time',
          table: 'journal',
          columns: ['business_id', 'created_at', 'seq'],
          replaces: 'journal_business_created',
        },
        ctx,
      );
    },
  };
}
