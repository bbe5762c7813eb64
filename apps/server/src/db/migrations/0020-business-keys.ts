import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Citus-ready keys on PostgreSQL (docs/scale.md, "Moving to Citus"): a hosted server that outgrows
 * one PostgreSQL server is distributed by `business_id`, and Citus keeps a primary key, a unique
 * constraint or a foreign key between distributed tables only when it holds the distribution
 * column. So every business table's key, unique and foreign key between business tables gains
 * `business_id`; the global tables (businesses, users, sessions, …: read before the business is
 * known) keep theirs and become reference or coordinator-local tables. `business_id` goes last in
 * each key, so the index keeps its leading columns and every query plan stays what it was.
 *
 * SQLite is one shop and never goes to Citus: its keys stay (no table rebuilt). It only gains
 * stock_count_expected.business_id (a plain ADD COLUMN), so a row has the same columns on both
 * databases, as sync and the archive carry it from one to the other.
 *
 * Constraint names stay the same (`…_pkey` still tells an id reuse, lib/db-errors.ts). Everything
 * runs in the migration's transaction; existing rows keep their values.
 */

/** Primary keys on `id` alone, named `<table>_pkey`. */
const ID_KEYED = [
  'day_closes',
  'debtor_entries',
  'debtor_payments',
  'debtors',
  'drawer_openings',
  'expense_categories',
  'expenses',
  'field_history',
  'files',
  'locations',
  'payment_providers',
  'product_prices',
  'products',
  'sale_reversals',
  'sales',
  'stock_count_entries',
  'stock_counts',
  'stock_documents',
  'stock_movements',
  'suppliers',
  'sync_quarantine',
  'transfers',
  'work_drafts',
];

/** Other primary keys and unique constraints without business_id: [table, constraint, columns, primary]. */
const KEYS: [string, string, string[], boolean][] = [
  ['sale_lines', 'sale_lines_pk', ['sale_id', 'line_no'], true],
  ['sale_reversal_lines', 'sale_reversal_lines_pk', ['reversal_id', 'line_no'], true],
  ['stock_document_lines', 'stock_document_lines_pk', ['document_id', 'line_no'], true],
  ['stock_levels', 'stock_levels_pk', ['product_id', 'location_id'], true],
  ['transfer_confirmations', 'transfer_confirmations_pkey', ['transfer_id'], true],
  ['user_locations', 'user_locations_pk', ['user_id', 'location_id'], true],
  ['stock_count_expected', 'stock_count_expected_pk', ['count_id', 'product_id'], true],
  ['journal', 'journal_id_key', ['id'], false],
  ['expenses', 'expenses_voids_id_key', ['voids_id'], false],
  ['drawer_openings', 'drawer_openings_sale_id_key', ['sale_id'], false],
  ['files', 'files_name_key', ['name'], false],
];

/** Foreign keys between business tables on one column: [table, column, referenced table]. */
const REFERENCES: [string, string, string][] = [
  ['day_closes', 'location_id', 'locations'],
  ['debtor_entries', 'debtor_id', 'debtors'],
  ['debtor_payments', 'debtor_id', 'debtors'],
  ['debtor_payments', 'location_id', 'locations'],
  ['debtor_payments', 'provider_id', 'payment_providers'],
  ['drawer_openings', 'sale_id', 'sales'],
  ['expenses', 'category_id', 'expense_categories'],
  ['expenses', 'location_id', 'locations'],
  ['expenses', 'provider_id', 'payment_providers'],
  ['expenses', 'voids_id', 'expenses'],
  ['product_barcodes', 'product_id', 'products'],
  ['product_prices', 'product_id', 'products'],
  ['sale_lines', 'product_id', 'products'],
  ['sale_lines', 'sale_id', 'sales'],
  ['sale_reversal_lines', 'product_id', 'products'],
  ['sale_reversal_lines', 'reversal_id', 'sale_reversals'],
  ['sale_reversals', 'debtor_id', 'debtors'],
  ['sale_reversals', 'location_id', 'locations'],
  ['sale_reversals', 'provider_id', 'payment_providers'],
  ['sale_reversals', 'sale_id', 'sales'],
  ['sales', 'debtor_id', 'debtors'],
  ['sales', 'location_id', 'locations'],
  ['sales', 'provider_id', 'payment_providers'],
  ['stock_count_entries', 'count_id', 'stock_counts'],
  ['stock_count_entries', 'product_id', 'products'],
  ['stock_count_expected', 'count_id', 'stock_counts'],
  ['stock_count_expected', 'product_id', 'products'],
  ['stock_counts', 'location_id', 'locations'],
  ['stock_document_lines', 'document_id', 'stock_documents'],
  ['stock_document_lines', 'product_id', 'products'],
  ['stock_documents', 'location_id', 'locations'],
  ['stock_documents', 'supplier_id', 'suppliers'],
  ['stock_documents', 'to_location_id', 'locations'],
  ['stock_levels', 'location_id', 'locations'],
  ['stock_levels', 'product_id', 'products'],
  ['stock_movements', 'location_id', 'locations'],
  ['stock_movements', 'product_id', 'products'],
  ['transfer_confirmations', 'transfer_id', 'transfers'],
  ['transfers', 'location_id', 'locations'],
  ['transfers', 'provider_id', 'payment_providers'],
  ['user_locations', 'location_id', 'locations'],
];

export function businessKeys(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      const run = (text: string) => sql.raw(text).execute(db);
      await run('ALTER TABLE stock_count_expected ADD COLUMN business_id text REFERENCES businesses(id)');
      await run(
        `UPDATE stock_count_expected SET business_id =
           (SELECT c.business_id FROM stock_counts c WHERE c.id = stock_count_expected.count_id)`,
      );
      if (dialect !== 'postgres') return;

      await run('ALTER TABLE stock_count_expected ALTER COLUMN business_id SET NOT NULL');
      // The foreign keys go first: a key cannot be replaced while one depends on it.
      for (const [table, column] of REFERENCES)
        await run(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_${column}_fkey`);
      // A user (a global table: sign-in finds it by name alone) cannot refer to a distributed
      // table under Citus; users.service checks the home location is one of the business's.
      await run('ALTER TABLE users DROP CONSTRAINT users_home_location_id_fkey');

      for (const table of ID_KEYED)
        await run(
          `ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey,
             ADD CONSTRAINT ${table}_pkey PRIMARY KEY (id, business_id)`,
        );
      for (const [table, name, columns, primary] of KEYS)
        await run(
          `ALTER TABLE ${table} DROP CONSTRAINT ${name},
             ADD CONSTRAINT ${name} ${primary ? 'PRIMARY KEY' : 'UNIQUE'} (${columns.join(', ')}, business_id)`,
        );
      await run('DROP INDEX stock_counts_one_open');
      await run(
        `CREATE UNIQUE INDEX stock_counts_one_open ON stock_counts (location_id, business_id) WHERE status = 'open'`,
      );

      for (const [table, column, referenced] of REFERENCES)
        await run(
          `ALTER TABLE ${table} ADD CONSTRAINT ${table}_${column}_fkey
             FOREIGN KEY (business_id, ${column}) REFERENCES ${referenced} (business_id, id)`,
        );
    },
  };
}
