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
