import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Each print of a receipt this server made or signed (modules/printing/receipt-prints.ts): a
 * network print, or the bytes it signed for the printer helper. A receipt's first print is its
 * original (`original_of` holds its number: one per receipt, so two prints at once cannot both be
 * it); every later print says "COPY". A print that reached no printer is given back (its row
 * removed). The keys hold business_id on both databases (docs/scale.md): a new table needs no
 * SQLite exception.
 */
export function receiptPrints() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('receipt_prints')
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('receipt_no', 'text', (c) => c.notNull())
        .addColumn('original_of', 'text')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('device_id', 'text')
        .addColumn('printed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('receipt_prints_pkey', ['id', 'business_id'])
        .addUniqueConstraint('receipt_prints_original_of_key', ['original_of', 'business_id'])
        .execute();
      await db.schema
        .createIndex('receipt_prints_receipt')
        .on('receipt_prints')
        .columns(['business_id', 'receipt_no'])
        .execute();
    },
  };
}
