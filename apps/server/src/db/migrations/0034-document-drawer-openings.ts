import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * A cash refund's and a cash debt payment's first print open the cash drawer as a cash sale's does
 * (modules/printing/cash-drawer.ts): their opening is a row of drawer_openings keyed by the
 * receipt's number, one per receipt and business at most, so two first prints at once open it
 * once. A sale's rows keep their sale_id (0012) and have no receipt_no; the explicit "Open drawer"
 * and an opening given back have neither. Receipt numbers are unique per business across sales,
 * reversals, payments and closes (one series). The key holds business_id on both databases
 * (docs/scale.md), as receipt_prints' does (0033); existing rows keep their values (the new column
 * is null on each, which the unique index lets be many).
 */
export function documentDrawerOpenings() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('drawer_openings').addColumn('receipt_no', 'text').execute();
      await db.schema
        .createIndex('drawer_openings_receipt_no_key')
        .on('drawer_openings')
        .columns(['receipt_no', 'business_id'])
        .unique()
        .execute();
    },
  };
}
