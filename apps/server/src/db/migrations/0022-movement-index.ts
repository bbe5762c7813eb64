import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Stock movements' index on (location_id, created_at), on both databases (issue 21). No query
 * reads movements by location alone: a product's history goes by the product's index (its
 * location filter after), the stock report by the business's time index. Every sale wrote it once
 * per line (a 3-line sale: ~8 µs of its ~45 µs insert on SQLite, and its pages in the WAL). Its
 * one other use was the foreign key's check when a location row is deleted, which nothing does
 * (locations are deactivated, never deleted).
 */
export function movementIndex() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.dropIndex('stock_movements_location').ifExists().execute();
    },
  };
}
