import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
export function printing(_dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      // The key pair that signs printer calls, and its certificate; made at setup (and on first
      // use for businesses made before this migration).
      await db.schema
        .createTable('business_keys')
        .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id'))
        .addColumn('private_key', 'text', (c) => c.notNull())
        .addColumn('certificate', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable('businesses')
        .addColumn('receipt_width', 'integer', (c) => c.notNull().defaultTo(80))
        .execute();
      await db.schema
        .alterTable('businesses')
        .addColumn('printer_host', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('businesses')
        .addColumn('printer_port', 'integer', (c) => c.notNull().defaultTo(9100))
        .execute();
    },
  };
}
