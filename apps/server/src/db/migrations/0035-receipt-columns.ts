import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * The characters per line receipts are laid out at, chosen in the business profile beside the roll
 * width: 32 on a 58 mm roll, 48 or 42 on an 80 mm one (many cheap 80 mm printers print only 42 in
 * their normal font). Every business keeps what its roll width meant before (58 mm: 32, 80 mm:
 * 48), worked out the same on every server, so linked copies stay equal. Synced with the business
 * as its other columns are (a field of its own); read with `receiptColumnsOf`.
 */
export function receiptColumns() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('businesses')
        .addColumn('receipt_columns', 'integer', (c) => c.notNull().defaultTo(48))
        .execute();
      await db
        .updateTable('businesses')
        .set({ receipt_columns: 32 })
        .where('receipt_width', '=', 58)
        .execute();
    },
  };
}
