import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Each business's transfers counted and summed, confirmed or not, and the references received
 * twice (issue 21): the dashboard and the notifications read every transfer the business ever
 * received at each poll. Every write of `transfers` and `transfer_confirmations` moves the row
 * (modules/transfers/transfer-totals.ts); this migration fills it from the rows already here.
 */
export function transferTotals(dialect: DialectName) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>): Promise<void> {
      let table = db.schema
        .createTable('transfer_totals')
        .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id'));
      for (const col of [
        'transfers_count',
        'transfers_amount',
        'confirmed_count',
        'confirmed_amount',
        'references_twice',
      ])
        table = table.addColumn(col, big, (c) => c.notNull().defaultTo(0));
      await table.execute();
      await sql`
        insert into transfer_totals
          (business_id, transfers_count, transfers_amount, confirmed_count, confirmed_amount, references_twice)
        select t.business_id, count(*), coalesce(sum(t.amount), 0), count(c.transfer_id),
               coalesce(sum(case when c.transfer_id is null then 0 else t.amount end), 0),
               (select count(*) from (select 1 from transfers d
                                      where d.business_id = t.business_id and d.amount > 0
                                      group by d.provider_id, d.reference having count(*) > 1) x)
        from transfers t left join transfer_confirmations c on c.transfer_id = t.id
        group by t.business_id`.execute(db);
    },
  };
}
