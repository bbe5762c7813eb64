import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * What moved at a count's location between its start and its close, per product (JSON), kept when
 * the count is finalised or cancelled: its review read it as the level now less the snapshot, which
 * after a finalise counted the count's own corrections as movement and changed with every sale
 * after it (ADR 4: a closed count reads the same later). Null for counts closed before, and while
 * a count is open (its review reads the levels then). Synced with the count's status.
 */
export function countMoved() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('stock_counts').addColumn('moved_since_start', 'text').execute();
    },
  };
}
