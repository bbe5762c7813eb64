import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Sync, part 2 (ADR 11 §11.2): a shop's server that unlinks keeps writing in the receipt series
 * its link had, so its numbers never meet the series `''` of the server that brought the business.
 * One row per business this server keeps a series for while it has no link; linking again
 * replaces it with the link's series.
 */
export function keptSeries(_dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('kept_series')
        .addColumn('business_id', 'text', (c) => c.primaryKey())
        .addColumn('series', 'text', (c) => c.notNull())
        .addColumn('kept_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
