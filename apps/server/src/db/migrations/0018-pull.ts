import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Sync, part 2 (ADR 11 §11.3): every server pulls what it lacks from the hosted journal. The
 * local side keeps its pull cursor (a position in the hosted journal) and the hosted server's id
 * beside its push cursor; the hosted side keeps, per linked server, the cursor that server last
 * said it has applied (its memory of what it already sent there). A business may choose two-way
 * sync (§11.6): its hosted copy then takes writes too.
 */
export function pull(dialect: DialectName) {
  const counter = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>): Promise<void> {
      for (const table of ['sync_links', 'sync_servers']) {
        await db.schema
          .alterTable(table)
          .addColumn('pull_cursor', counter, (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable(table).addColumn('pull_cursor_entry_id', 'text').execute();
        await db.schema.alterTable(table).addColumn('last_pull_at', 'text').execute();
      }
      await db.schema.alterTable('sync_links').addColumn('hosted_server_id', 'text').execute();
      // The same transfer reference received at two branches while apart is two facts, both kept
      // and flagged (ADR 11 §11.5): the unique index would refuse the second branch's batch for
      // ever. A write still refuses a reference this server already has (transfer-ledger.ts).
      await db.schema.dropIndex('transfers_reference_once').execute();
      await db.schema
        .createIndex('transfers_reference')
        .on('transfers')
        .columns(['business_id', 'provider_id', 'reference'])
        .where(sql.ref('amount'), '>', 0)
        .execute();
      await db.schema
        .alterTable('businesses')
        .addColumn('two_way_sync', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('sync_links')
        .addColumn('receipt_floor', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('sync_links')
        .addColumn('pull_waiting', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
