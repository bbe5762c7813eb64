import { type Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * The stock levels below zero, kept (issue 21). The notifications count the products below zero
 * at each poll, every minute per signed-in admin; that read went through every level of the
 * business, and on PostgreSQL a business of 2,000 products at two locations, its levels spread
 * over the heap by years of updates, read 3,500 pages for it: 9 ms warm, 20–35 ms from the disk's
 * cache. Here a level has a row while it is below zero; every write of the levels keeps it
 * (`inventory/below-zero.ts`), and the count reads these rows only. This migration finds the
 * levels already below zero.
 */
export function levelsBelowZero() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('stock_below_zero')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('location_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('stock_below_zero_pk', ['business_id', 'product_id', 'location_id'])
        .execute();
      await sql`
        insert into stock_below_zero (business_id, product_id, location_id)
        select business_id, product_id, location_id from stock_levels where quantity < 0`.execute(db);
    },
  };
}
