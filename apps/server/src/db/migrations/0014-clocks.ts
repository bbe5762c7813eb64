import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Sync, part 2 (ADR 11 §2): each business's hybrid logical clock lives beside its journal number
 * in `journal_counters`, moved by the same update, and every journal entry carries the stamp it
 * was written with (`journal.hlc`, the stamp's text; entries from before keep `''`). The counter
 * is a bigint on PostgreSQL: six base-36 digits pass an int4.
 */
export function clocks(dialect: DialectName) {
  const counter = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('journal')
        .addColumn('hlc', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('journal_counters')
        .addColumn('hlc_ms', counter, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('journal_counters')
        .addColumn('hlc_counter', counter, (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
