import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
export function stockCounts(dialect: DialectName) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('stock_counts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('freeze_sales', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('started_by', 'text')
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('closed_by', 'text')
        .addColumn('closed_at', 'text')
        .execute();
      // One open count per location, enforced by the database as well as by the service.
      await db.schema
        .createIndex('stock_counts_one_open')
        .on('stock_counts')
        .column('location_id')
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute();
      await db.schema
        .createIndex('stock_counts_business')
        .on('stock_counts')
        .columns(['business_id', 'started_at'])
        .execute();

      await db.schema
        .createTable('stock_count_expected')
        .addColumn('count_id', 'text', (c) => c.notNull().references('stock_counts.id'))
        .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
        .addColumn('expected', big, (c) => c.notNull())
        .addColumn('avg_cost', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('stock_count_expected_pk', ['count_id', 'product_id'])
        .execute();

      await db.schema
        .createTable('stock_count_entries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('count_id', 'text', (c) => c.notNull().references('stock_counts.id'))
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
        .addColumn('quantity', big, (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('device_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('stock_count_entries_count')
        .on('stock_count_entries')
        .columns(['count_id', 'product_id'])
        .execute();
    },
  };
}
