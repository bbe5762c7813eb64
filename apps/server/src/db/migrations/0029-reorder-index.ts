import { type Kysely, type SqlBool, sql } from 'kysely';
import { type MigrationContext, createIndexOnline } from '../online-index.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * The products that can be low on stock, by business (issue 21). The notifications' poll and the
 * dashboard (each every minute while an admin has them open) and the stock report count the
 * active products with a reorder level: they read every product of the business to find them,
 * on PostgreSQL a business of 2,000 products spread over the heap among the others' read 1,900
 * pages for it (2.5–3 ms warm) even with no reorder level set. This partial index holds only those
 * products, with their reorder level; the reads name its condition with the same constants
 * (`REORDER_PRODUCTS`), which PostgreSQL's generic plans and SQLite need to use it. Built
 * concurrently on a big hosted database (`online-index.ts`).
 */
export function reorderIndex(ctx: MigrationContext) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await createIndexOnline(
        db,
        {
          name: 'products_reorder',
          table: 'products',
          columns: ['business_id', 'id', 'reorder_level'],
          where: sql<SqlBool>`reorder_level > 0 and active = 1 and deleted_at is null`,
        },
        ctx,
      );
    },
  };
}
