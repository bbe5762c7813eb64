import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Work in progress kept per user on the server (the till's cart, parked sales, stock drafts):
 * local storage is cleared at sign-out, so it cannot live there. The id is the client's (the
 * cart's or the draft's own id); every read and write is scoped by business and user. Drafts are
 * not records of the business: no journal entry, not synced, not in an export.
 */
export function workDrafts(_dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('work_drafts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // No foreign keys on purpose: a draft never holds a business or a user back from being
        // removed (a hosted placeholder business replaced at linking, ADR 11); its owner's
        // business and user scope every read and write.
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('slot', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('work_drafts_owner')
        .on('work_drafts')
        .columns(['business_id', 'user_id', 'updated_at'])
        .execute();
    },
  };
}
