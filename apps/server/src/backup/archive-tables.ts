/**
 * Every table of a business in the order it can be written back (parents before children), with
 * how its rows belong to the business and how they sort (so the same data always exports the
 * same way). A test fails when a table of the schema is in neither list, so a new table cannot
 * silently miss the archive.
 */
export interface ArchiveTable {
  name: string;
  /** A column holding the business id, or a parent table and the columns that join it. */
  scope: { column: string } | { via: string; column: string; parentKey: string };
  orderBy: string[];
}

const own = (name: string, orderBy: string[], column = 'business_id'): ArchiveTable => ({
  name,
  scope: { column },
  orderBy,
});

export const ARCHIVE_TABLES: readonly ArchiveTable[] = [
  own('businesses', ['id'], 'id'),
  own('locations', ['id']),
  own('users', ['id']),
  own('user_locations', ['user_id', 'location_id']),
  own('devices', ['id']),
  own('files', ['id']),
  own('journal_counters', ['business_id']),
  own('journal', ['seq']),
  own('products', ['id']),
  own('product_barcodes', ['barcode']),
  own('product_prices', ['id']),
  own('suppliers', ['id']),
  own('stock_documents', ['id']),
  own('stock_document_lines', ['document_id', 'line_no']),
  own('stock_levels', ['product_id', 'location_id']),
  // Derived from the levels (inventory/below-zero.ts); found again from them at an archive's import.
  own('stock_below_zero', ['product_id', 'location_id']),
  own('stock_movements', ['id']),
  own('stock_counts', ['id']),
  own('stock_count_expected', ['count_id', 'product_id']),
  own('stock_count_entries', ['id']),
  own('receipt_counters', ['series']),
  own('payment_providers', ['id']),
  own('debtors', ['id']),
  own('sales', ['id']),
  own('sale_lines', ['sale_id', 'line_no']),
  own('sale_reversals', ['id']),
  own('sale_reversal_lines', ['reversal_id', 'line_no']),
  own('debtor_payments', ['id']),
  own('debtor_entries', ['id']),
  own('transfers', ['id']),
  own('transfer_confirmations', ['transfer_id']),
  // Derived from the two above (transfer-totals.ts); counted again from them when an archive lacks it.
  own('transfer_totals', ['business_id']),
  // Derived likewise: the transfers waiting for a confirmation, found again at an archive's import.
  own('transfers_unconfirmed', ['created_at', 'transfer_id']),
  own('expense_categories', ['id']),
  // An expense that voids another comes after it.
  own('expenses', ['voids_id', 'id']),
  own('day_closes', ['id']),
  // The printing key pair travels: the printer helpers paired with this business keep working.
  own('business_keys', ['business_id']),
  // When a till opened the cash drawer (a cash sale's first print, or on demand): moved with the
  // business, so a moved shop's reprints of old sales do not open the drawer. Not journaled, so
  // sync does not carry it (ADR 12).
  own('drawer_openings', ['id']),
  // Each print of a receipt (printing/receipt-prints.ts): moved with the business, so a moved
  // shop's reprints still say "COPY". Not journaled either, so sync does not carry it.
  own('receipt_prints', ['id']),
  // Values that lost a sync merge (ADR 11 §11.1): business data, each server's record of what it saw.
  own('field_history', ['id']),
  // Report summaries: derived from the sales, but carried so reports answer at once after a move.
  own('sales_summary_daily', ['day', 'location_id', 'user_id', 'kind']),
  own('product_sales_daily', ['day', 'location_id', 'product_id']),
  own('product_sales_monthly', ['month', 'location_id', 'product_id']),
];

/**
 * Tables that never travel: sign-in state is the server's own (a moved shop signs in again),
 * and migrations are each database's bookkeeping.
 */
export const NOT_ARCHIVED = [
  'sessions',
  'login_failures',
  'kysely_migration',
  'kysely_migration_lock',
  // PostgreSQL's indexes still to be built concurrently (db/online-index.ts): the database's own.
  'index_builds',
  // Each server's own sync state (ADR 11 §4): an archive imported elsewhere must not become the
  // same server or carry its credential.
  'server_identity',
  'sync_links',
  'kept_series',
  'link_codes',
  'sync_servers',
  'sync_quarantine',
  // Each user's work in progress (a cart, parked sales, stock drafts): this server's own, like
  // sessions, and not a record of the business (no journal entry, never synced).
  'work_drafts',
] as const;

/** `[table, column, target]`: an archived row's column naming a row of another archived table by its `id`. */
export type ArchiveReference = readonly [table: string, column: string, target: string];

/**
 * Every column of an archived table that names a row of an archived table, checked at import:
 * the archive holds the whole business, so each (when not null) must be an `id` of the archive's
 * own target rows. Foreign keys do not hold them to the business: PostgreSQL has none on some
 * (users.home_location_id since 0020, the line keys since 0021, the derived tables never) and
 * SQLite's name the plain id, which another business's row passes. `archive-references.test.ts`
 * fails when a foreign key, or a column named like one (`*_id`, `*_by`), of an archived table is
 * in none of this list, `ARCHIVE_USER_REFERENCES`, `ARCHIVE_DOC_REFERENCES` and
 * `NOT_ARCHIVE_REFERENCES`.
 */
export const ARCHIVE_REFERENCES: readonly ArchiveReference[] = [
  ['users', 'home_location_id', 'locations'],
  ['user_locations', 'user_id', 'users'],
  ['user_locations', 'location_id', 'locations'],
  // The user columns below have a foreign key to users on both databases, and their rows are this
  // server's own (a device's last sign-in, a drawer opening, a print) or refused by sync when
  // naming another business's user (a file): their user is always the business's.
  ['devices', 'last_user_id', 'users'],
  ['files', 'created_by', 'users'],
  ['drawer_openings', 'user_id', 'users'],
  ['receipt_prints', 'user_id', 'users'],
  ['product_barcodes', 'product_id', 'products'],
  ['product_prices', 'product_id', 'products'],
  ['stock_documents', 'location_id', 'locations'],
  ['stock_documents', 'to_location_id', 'locations'],
  ['stock_documents', 'supplier_id', 'suppliers'],
  ['stock_document_lines', 'document_id', 'stock_documents'],
  ['stock_document_lines', 'product_id', 'products'],
  ['stock_levels', 'product_id', 'products'],
  ['stock_levels', 'location_id', 'locations'],
  ['stock_below_zero', 'product_id', 'products'],
  ['stock_below_zero', 'location_id', 'locations'],
  ['stock_movements', 'product_id', 'products'],
  ['stock_movements', 'location_id', 'locations'],
  ['stock_counts', 'location_id', 'locations'],
  ['stock_count_expected', 'count_id', 'stock_counts'],
  ['stock_count_expected', 'product_id', 'products'],
  ['stock_count_entries', 'count_id', 'stock_counts'],
  ['stock_count_entries', 'product_id', 'products'],
  ['sales', 'location_id', 'locations'],
  ['sales', 'debtor_id', 'debtors'],
  ['sales', 'provider_id', 'payment_providers'],
  ['sale_lines', 'sale_id', 'sales'],
  ['sale_lines', 'product_id', 'products'],
  ['sale_reversals', 'sale_id', 'sales'],
  ['sale_reversals', 'location_id', 'locations'],
  ['sale_reversals', 'debtor_id', 'debtors'],
  ['sale_reversals', 'provider_id', 'payment_providers'],
  ['sale_reversal_lines', 'reversal_id', 'sale_reversals'],
  ['sale_reversal_lines', 'sale_id', 'sales'],
  ['sale_reversal_lines', 'product_id', 'products'],
  ['debtor_payments', 'debtor_id', 'debtors'],
  ['debtor_payments', 'location_id', 'locations'],
  ['debtor_payments', 'provider_id', 'payment_providers'],
  ['debtor_payments', 'voids_id', 'debtor_payments'],
  ['debtor_entries', 'debtor_id', 'debtors'],
  ['transfers', 'location_id', 'locations'],
  ['transfers', 'provider_id', 'payment_providers'],
  ['transfer_confirmations', 'transfer_id', 'transfers'],
  ['transfers_unconfirmed', 'transfer_id', 'transfers'],
  ['expenses', 'category_id', 'expense_categories'],
  ['expenses', 'location_id', 'locations'],
  ['expenses', 'provider_id', 'payment_providers'],
  ['expenses', 'voids_id', 'expenses'],
  ['day_closes', 'location_id', 'locations'],
  ['drawer_openings', 'sale_id', 'sales'],
  ['sales_summary_daily', 'location_id', 'locations'],
  ['product_sales_daily', 'location_id', 'locations'],
  ['product_sales_daily', 'product_id', 'products'],
  ['product_sales_monthly', 'location_id', 'locations'],
  ['product_sales_monthly', 'product_id', 'products'],
];

/**
 * Columns naming the user who did something, with no foreign key: the user may be missing from
 * the archive in a business the product wrote (a user set aside by sync because another business
 * here has the name, whose sales were applied; a journal entry's user). Each is refused at import
 * only when it names a user of another business on the importing server (as sync refuses one:
 * `modules/sync/foreign-users.ts`), which shows that user's name in this business's records.
 */
export const ARCHIVE_USER_REFERENCES: readonly (readonly [table: string, column: string])[] = [
  ['journal', 'user_id'],
  ['product_prices', 'changed_by'],
  ['stock_documents', 'user_id'],
  ['stock_movements', 'user_id'],
  ['stock_counts', 'started_by'],
  ['stock_counts', 'closed_by'],
  ['stock_count_entries', 'user_id'],
  ['sales', 'user_id'],
  ['sale_reversals', 'user_id'],
  ['debtor_payments', 'user_id'],
  ['debtor_entries', 'user_id'],
  ['transfers', 'user_id'],
  ['transfer_confirmations', 'confirmed_by'],
  ['expenses', 'user_id'],
  ['day_closes', 'user_id'],
  ['sales_summary_daily', 'user_id'],
];

/** Columns named like a reference that are not checked at import, as `table.column`. */
export const NOT_ARCHIVE_REFERENCES: readonly string[] = [
  // The sync server that makes the location's counts and day closes: the server's own, not
  // archived (sync_servers), and set again by the import (adoptLocations).
  'locations.home_server_id',
  // A customer's national id number: text they gave, naming no row.
  'debtors.id_number',
  // Devices are each server's own (ADR 11: entry-only documents): a synced sale, movement or
  // journal entry names a device of the server it was made on, which no archive holds.
  'journal.device_id',
  'stock_documents.device_id',
  'stock_movements.device_id',
  'stock_count_entries.device_id',
  'sales.device_id',
  'sale_reversals.device_id',
  'debtor_payments.device_id',
  'expenses.device_id',
  'day_closes.device_id',
  'drawer_openings.device_id',
  'receipt_prints.device_id',
  // The journal's document, of the type in its doc_type: its entries are received whole while a
  // document they name may be set aside in sync's quarantine (which no archive holds), and those
  // of sessions and devices name each server's own, never archived (`ARCHIVE_DOC_REFERENCES`
  // checks the other columns naming a document of the type in another column).
  'journal.doc_id',
];

/**
 * A column naming a row of the archived table that another column of its row says (its kind):
 * `targets` maps each kind to that table.
 */
export interface ArchiveDocReference {
  table: string;
  column: string;
  kindColumn: string;
  targets: Readonly<Record<string, string>>;
}

/**
 * Every column of an archived table naming a document of the type its row's other column says,
 * checked at import as `ARCHIVE_REFERENCES` are: each must be an `id` of the archive's own rows of
 * the table its kind names, and a kind that names none refuses the archive (a movement of a sale
 * another business made, or of a kind no version of Duka wrote). Each row is written with the
 * document it names (a sync document's parts: `modules/sync/doc-specs.ts`), never without it.
 * `archive-references.test.ts` fails when a column named like a reference is in no list, and
 * holds each kind list to the domain's.
 */
export const ARCHIVE_DOC_REFERENCES: readonly ArchiveDocReference[] = [
  {
    // `ledger.ts` MovementInput.docType: a sale, a reversal, a stock document (a receipt, an
    // adjustment up or down, a transfer: its kind), or a stock count's corrections
    table: 'stock_movements',
    column: 'doc_id',
    kindColumn: 'doc_type',
    targets: {
      sale: 'sales',
      reversal: 'sale_reversals',
      receipt: 'stock_documents',
      positive: 'stock_documents',
      negative: 'stock_documents',
      transfer: 'stock_documents',
      stock_count: 'stock_counts',
    },
  },
  {
    // DEBTOR_ENTRY_KINDS
    table: 'debtor_entries',
    column: 'doc_id',
    kindColumn: 'kind',
    targets: {
      sale: 'sales',
      payment: 'debtor_payments',
      reversal: 'sale_reversals',
      payment_void: 'debtor_payments',
      payout: 'debtor_payments',
    },
  },
  {
    // TRANSFER_SOURCES
    table: 'transfers',
    column: 'source_id',
    kindColumn: 'source',
    targets: { sale: 'sales', debtor_payment: 'debtor_payments', reversal: 'sale_reversals' },
  },
  {
    // the record whose value lost a sync merge: a document type of `modules/sync/field-groups.ts`
    table: 'field_history',
    column: 'doc_id',
    kindColumn: 'doc_type',
    targets: {
      business: 'businesses',
      location: 'locations',
      user: 'users',
      product: 'products',
      debtor: 'debtors',
      supplier: 'suppliers',
      payment_provider: 'payment_providers',
      expense_category: 'expense_categories',
      stock_count: 'stock_counts',
    },
  },
];
