import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * The order a debtor's balance moved in (ADR 9, "A statement's order"). A statement listed the
 * entries by `created_at`, the clock of the process that took the request, read when the request
 * began: two hosted processes whose clocks differ a little, or two requests arriving together,
 * listed a payment before the credit sale it paid, with running balances that disagreed with the
 * receipts'. Every move of a debtor's balance now also counts `debtors.entry_seq` up by one and
 * its entry takes the number as `seq` (modules/debtors/debtor-ledger.ts; a sync apply numbers the
 * entries it writes likewise). Both are each server's own order of writing: they never travel.
 * The entries already here keep 0: a statement lists them first, by `created_at`, `id` as before,
 * and every later entry after them. They are not numbered here: on a hosted database the ledger
 * is large, and one `update` of it in the migrations' transaction would hold every business's
 * credit sales and payments until it ended (docs/scale.md, "Writing a migration").
 */
export function debtorEntryOrder() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('debtors')
        .addColumn('entry_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('debtor_entries')
        .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
