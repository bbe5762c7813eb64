import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
export function foundation(dialect: DialectName) {
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';
  const counter = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('businesses')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('logo', 'text')
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('tax_number', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('timezone', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('receipt_header', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('receipt_footer', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('payment_details', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('online_offline', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('require_approved_devices', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('allow_negative_stock', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('locations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();
      await db.schema.createIndex('locations_business').on('locations').column('business_id').execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_key', 'text', (c) => c.notNull().unique())
        .addColumn('mobile', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('flags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('img', 'text', (c) => c.notNull().defaultTo('profile.png'))
        .addColumn('home_location_id', 'text', (c) => c.references('locations.id'))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();
      await db.schema.createIndex('users_business').on('users').column('business_id').execute();

      await db.schema
        .createTable('user_locations')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_locations_pk', ['user_id', 'location_id'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('device_id', 'text')
        .addColumn('ip', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('devices')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('first_seen_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('last_user_id', 'text', (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('devices_pk', ['business_id', 'id'])
        .execute();

      await db.schema
        .createTable('files')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('data', blob, (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('journal_counters')
        .addColumn('business_id', 'text', (c) => c.primaryKey())
        .addColumn('last_seq', counter, (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('journal')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('seq', counter, (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('doc_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('device_id', 'text')
        .addColumn('detail', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('journal_pk', ['business_id', 'seq'])
        .execute();
      await db.schema
        .createIndex('journal_business_created')
        .on('journal')
        .columns(['business_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('login_failures')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_key')
        .on('login_failures')
        .columns(['key', 'created_at'])
        .execute();
    },
  };
}
