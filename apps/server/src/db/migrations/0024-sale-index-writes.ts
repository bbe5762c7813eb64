import { type Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Fewer index entries written per sale (issue 21), on both databases.
 *
 * - `stock_levels_location` was on (location_id, quantity): every sale changes its lines' levels'
 *   quantity, so each level's update moved its entry in this index too, and on PostgreSQL no
 *   update of a level could be a heap-only (HOT) one, which writes no index at all. What reads
 *   levels by location (a location's products, its stock count, the check before deactivating
 *   it) filters by the location and reads the quantity from the row: (location_id, product_id)
 *   serves them as well, and a sale's updates no longer touch it.
 * - `sales_debtor` was on debtor_id for every sale, so a cash or transfer sale wrote a null
 *   entry. Nothing reads sales by debtor; the one use is the check of the foreign key
 *   (business_id, debtor_id) when a debtor row is deleted (a placeholder business's, on linking):
 *   (business_id, debtor_id) for the sales that have a debtor serves it, and the others write
 *   nothing to it.
 */
export function saleIndexWrites() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.dropIndex('stock_levels_location').ifExists().execute();
      await db.schema
        .createIndex('stock_levels_location')
        .on('stock_levels')
        .columns(['location_id', 'product_id'])
        .execute();
      await db.schema.dropIndex('sales_debtor').ifExists().execute();
      await db.schema
        .createIndex('sales_debtor')
        .on('sales')
        .columns(['business_id', 'debtor_id'])
        .where(sql.ref('debtor_id'), 'is not', null)
        .execute();
    },
  };
}
