import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/** The records a client creates with its own id, besides those that had it from the start. */
export const REQUEST_HASHED_TABLES = [
  'products',
  'suppliers',
  'locations',
  'debtors',
  'expense_categories',
  'payment_providers',
  'stock_counts',
  'stock_count_entries',
] as const;

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Every write that takes its client's id keeps the hash of the request that made it, so one
 * helper (lib/idempotency.ts) answers a retry with the first result and refuses the same id with
 * other content. Rows made before carry an empty hash: a retry of one of those is a conflict,
 * which is what they answered before for anything but an identical record.
 */
export function requestHashes(_dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      for (const table of REQUEST_HASHED_TABLES) {
        await db.schema
          .alterTable(table)
          .addColumn('request_hash', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      }
    },
  };
}
