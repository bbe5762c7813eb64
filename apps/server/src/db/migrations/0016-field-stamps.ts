import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/** The records edited in place (ADR 11 §1, §11.1): each carries a stamp per field group. */
export const STAMPED_TABLES = [
  'businesses',
  'locations',
  'users',
  'products',
  'suppliers',
  'payment_providers',
  'expense_categories',
  'debtors',
  'stock_counts',
] as const;

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Sync, part 2 (ADR 11 §2, §11.1): every edited record gains `stamps`, a JSON object from field
 * group to the HLC stamp of the write that set it (`$created` for the creation; `'{}'` on rows made
 * before, whose groups count as stamped at their `updated_at`). `field_history` keeps the values
 * that lost a merge: the value, its stamp, the value and stamp it lost to, and when this server saw
 * it. It is business data (archived), written by each server for the conflicts it sees.
 */
export function fieldStamps(_dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      for (const table of STAMPED_TABLES)
        await db.schema
          .alterTable(table)
          .addColumn('stamps', 'text', (c) => c.notNull().defaultTo('{}'))
          .execute();
      await db.schema
        .createTable('field_history')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('doc_id', 'text', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('stamp', 'text', (c) => c.notNull())
        .addColumn('won_value', 'text', (c) => c.notNull())
        .addColumn('lost_to', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('field_history_doc')
        .on('field_history')
        .columns(['business_id', 'doc_type', 'doc_id'])
        .execute();
    },
  };
}
