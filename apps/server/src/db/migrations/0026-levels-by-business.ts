import type { Kysely } from 'kysely';
import { type MigrationContext, createIndexOnline } from '../online-index.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Stock levels by business on PostgreSQL (issue 21). The levels' key is (product_id, location_id,
 * business_id) and their other index (location_id, product_id): nothing led with the business, so
 * the reads of a whole business's levels (the notifications' negative stock and low stock, polled
 * every minute per signed-in admin; the dashboard's low stock; the stock report) scanned every
 * business's levels: on 50 businesses of 2,000 products at two locations, 60–120 ms a read. With
 * (business_id, product_id, location_id) each reads its own business's rows. A sale's updates of
 * a level change its quantity only, which no index holds, so they stay heap-only (HOT).
 *
 * The shop's SQLite holds one business (its reads by business say so, `ofBusiness`): nothing.
 * On a big hosted database the index is built after the migrations without stopping sales
 * (`online-index.ts`).
 */
export function levelsByBusiness(ctx: MigrationContext) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (ctx.dialect !== 'postgres') return;
      await createIndexOnline(
        db,
        {
          name: 'stock_levels_business',
          table: 'stock_levels',
          columns: ['business_id', 'product_id', 'location_id'],
        },
        ctx,
      );
    },
  };
}
