import type { Kysely } from 'kysely';
import { type MigrationContext, createIndexOnline } from '../online-index.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * The business day a stock movement was recorded on (ADR 6), written with the movement as a sale
 * writes its own: after a change of the business's time zone, the stock report's movements stay on
 * the days the sales, reversals and documents were made on, as the sales and profit reports do.
 *
 * Movements recorded before this migration keep '' (no fill): they are placed by their instant in
 * the business's current zone, as every movement was before. A fill would also change the
 * documents' content on one copy of a linked business and not on the other (ledger documents are
 * the same forever, ADR 11), and on a hosted server rewrite every business's movements while the
 * column's lock holds their sales.
 *
 * The stock report's index moves from (business_id, created_at) to (business_id, business_day,
 * created_at): the days of the range, and the old rows' instants under ''. One index a movement,
 * as before. Built concurrently on a big hosted database (`online-index.ts`), where the old one
 * serves the reports until the new one is valid and is dropped then.
 */
export function movementDays(ctx: MigrationContext) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('stock_movements')
        .addColumn('business_day', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await createIndexOnline(
        db,
        {
          name: 'stock_movements_business_day',
          table: 'stock_movements',
          columns: ['business_id', 'business_day', 'created_at'],
          replaces: 'stock_movements_business_time',
        },
        ctx,
      );
    },
  };
}
