import { type Kysely, type SqlBool, sql } from 'kysely';
import { type MigrationContext, createIndexOnline } from '../online-index.js';

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
 *
 * On a big hosted database the new indexes are built after the migrations without stopping sales
 * (`online-index.ts`); dropping the old ones takes a moment's lock.
 */
export function saleIndexWrites(ctx: MigrationContext) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.dropIndex('stock_levels_location').ifExists().execute();
      await createIndexOnline(
        db,
        { name: 'stock_levels_location', table: 'stock_levels', columns: ['location_id', 'product_id'] },
        ctx,
      );
      await db.schema.dropIndex('sales_debtor').ifExists().execute();
      await createIndexOnline(
        db,
        {
          name: 'sales_debtor',
          table: 'sales',
          columns: ['business_id', 'debtor_id'],
          where: sql<SqlBool>`${sql.ref('debtor_id')} is not null`,
        },
        ctx,
      );
    },
  };
}
