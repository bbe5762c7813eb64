import { type Kysely, type SqlBool, sql } from 'kysely';
import { type MigrationContext, createIndexOnline } from '../online-index.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * A debtor's payment entered wrongly (5,000 for 500) is voided by a new row of `debtor_payments`
 * that names it in `voids_id` (modules/debtors/payment-voids.ts), as an expense's void names its
 * expense: the opposite amount, on the payment's day, location and method, with its own debtor
 * entry. The payment itself never changes (ledger documents are the same forever, ADR 11), and
 * the rows already there keep null.
 *
 * Once per payment is checked under the business's lock, not by a unique index: two linked servers
 * that each voided a payment while apart meet in a sync batch, where the second void is set aside
 * (sync/undone-twice.ts) rather than failing every later batch. The index that finds a payment's
 * void holds only the voids, built concurrently on a big hosted database (`online-index.ts`).
 */
export function paymentVoids(ctx: MigrationContext) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('debtor_payments').addColumn('voids_id', 'text').execute();
      await createIndexOnline(
        db,
        {
          name: 'debtor_payments_voids',
          table: 'debtor_payments',
          columns: ['business_id', 'voids_id'],
          where: sql<SqlBool>`voids_id is not null`,
        },
        ctx,
      );
    },
  };
}
