import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * A product's buying price (issue 16): what the owner pays the supplier for one unit, in minor
 * units; 0 until it is set. Receiving stock starts each line's unit cost from it, and the product
 * shows its margin against it. The average cost stays what receipts made it.
 */
export function buyingPrice(dialect: DialectName) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('products')
        .addColumn('buying_price', big, (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
