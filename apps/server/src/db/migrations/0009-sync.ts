import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';
import { newId } from '../../lib/ids.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Sync, part 1 (ADR 11 §4): this database's server id, where each journal entry was first
 * written, the quarantine, and each side's link state (a local server's link to the hosted one;
 * the hosted server's link codes and the shop servers it accepts pushes from).
 */
export function sync(dialect: DialectName) {
  const counter = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('server_identity')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      const serverId = newId();
      await db
        .insertInto('server_identity')
        .values({ id: serverId, created_at: new Date().toISOString() })
        .execute();

      // Where each entry was first written and its number there; a pushed entry keeps both.
      await db.schema
        .alterTable('journal')
        .addColumn('origin', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('journal')
        .addColumn('origin_seq', counter, (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`UPDATE journal SET origin = ${serverId}, origin_seq = seq`.execute(db);
      await db.schema
        .createIndex('journal_origin')
        .on('journal')
        .columns(['business_id', 'origin', 'origin_seq'])
        .unique()
        .execute();
      await db.schema
        .createIndex('journal_document')
        .on('journal')
        .columns(['business_id', 'doc_type', 'doc_id', 'seq'])
        .execute();

      await db.schema
        .createTable('sync_quarantine')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('server_id', 'text', (c) => c.notNull())
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('doc_id', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('incoming', 'text', (c) => c.notNull())
        .addColumn('incoming_hash', 'text', (c) => c.notNull())
        .addColumn('stored_hash', 'text')
        .addColumn('diff', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('first_seen_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('seen_count', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('dismissed_at', 'text')
        .addColumn('dismissed_by', 'text')
        .execute();
      await db.schema
        .createIndex('sync_quarantine_once')
        .on('sync_quarantine')
        .columns(['business_id', 'doc_type', 'doc_id', 'incoming_hash'])
        .unique()
        .execute();

      // The local side: one link per business to a hosted server.
      await db.schema
        .createTable('sync_links')
        .addColumn('business_id', 'text', (c) => c.primaryKey())
        .addColumn('hosted_url', 'text', (c) => c.notNull())
        .addColumn('credential', 'text', (c) => c.notNull())
        .addColumn('credential_prefix', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('push_cursor', counter, (c) => c.notNull().defaultTo(0))
        .addColumn('push_cursor_entry_id', 'text')
        .addColumn('clock_offset_ms', 'integer')
        .addColumn('best_rtt_ms', 'integer')
        .addColumn('last_contact_at', 'text')
        .addColumn('last_push_at', 'text')
        .addColumn('last_attempt_at', 'text')
        .addColumn('last_error_code', 'text')
        .addColumn('last_error_at', 'text')
        .addColumn('failing_since', 'text')
        .addColumn('hosted_quarantine', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('linked_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      // The hosted side: one-time link codes and the shop servers that push here.
      await db.schema
        .createTable('link_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('used_by_server', 'text')
        .execute();
      await db.schema.createIndex('link_codes_business').on('link_codes').column('business_id').execute();
      await db.schema
        .createTable('sync_servers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('credential_hash', 'text', (c) => c.notNull().unique())
        .addColumn('credential_prefix', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('cursor', counter, (c) => c.notNull().defaultTo(0))
        .addColumn('cursor_entry_id', 'text')
        .addColumn('reported_head', counter, (c) => c.notNull().defaultTo(0))
        .addColumn('reported_waiting', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('oldest_unsynced_at', 'text')
        .addColumn('clock_skew_ms', 'integer')
        .addColumn('app_version', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('schema', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('linked_at', 'text', (c) => c.notNull())
        .addColumn('last_contact_at', 'text')
        .addColumn('last_push_at', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('revoked_by', 'text')
        .execute();
      await db.schema.createIndex('sync_servers_business').on('sync_servers').column('business_id').execute();
    },
  };
}
