import { type Kysely, sql } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * The transfers not yet confirmed, kept (issue 21). The notifications tell the admin of those
 * older than a day, every minute per signed-in admin: the business's totals (migration 0025) give
 * how many wait in all, and the last day's were read from the register, each with its look for a
 * confirmation. On PostgreSQL a busy business's 800 transfers of a day, spread over the heap among
 * every other business's, read 3,200 pages for it: about 4 ms a poll. Here a transfer has a row
 * from its writing until its confirmation (`transfers/transfer-totals.ts` writes and removes it
 * with the register and the confirmations), keyed by the time it was made, so the last day's are a
 * range of these rows. This migration finds those already waiting.
 */
export function unconfirmedTransfers() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('transfers_unconfirmed')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('transfer_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('transfers_unconfirmed_pk', ['business_id', 'created_at', 'transfer_id'])
        .execute();
      await sql`
        insert into transfers_unconfirmed (business_id, created_at, transfer_id)
        select t.business_id, t.created_at, t.id from transfers t
        where not exists (select 1 from transfer_confirmations c
                          where c.business_id = t.business_id and c.transfer_id = t.id)`.execute(db);
    },
  };
}
