import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
export function drawerOpenings(_dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      // Each time the server let a till open the cash drawer: a cash sale's first print (one per
      // sale: the unique sale_id is what keeps reprints from opening it), or the explicit action.
      await db.schema
        .createTable('drawer_openings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('sale_id', 'text', (c) => c.unique().references('sales.id'))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('device_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('drawer_openings_business_time')
        .on('drawer_openings')
        .columns(['business_id', 'created_at'])
        .execute();
    },
  };
}
