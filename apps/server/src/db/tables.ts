import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  BusinessesTable,
  UsersTable,
  UserLocationsTable,
  SessionsTable,
  DevicesTable,
  LocationsTable,
  FilesTable,
  JournalTable,
  JournalCountersTable,
  LoginFailuresTable,
} from './tables/foundation.js';
import type {
  ProductsTable,
  ProductBarcodesTable,
  ProductPricesTable,
  SuppliersTable,
  StockDocumentsTable,
  StockDocumentLinesTable,
  StockLevelsTable,
  StockBelowZeroTable,
  StockMovementsTable,
  StockCountsTable,
  StockCountExpectedTable,
  StockCountEntriesTable,
} from './tables/stock.js';
import type {
  ReceiptCountersTable,
  PaymentProvidersTable,
  DebtorsTable,
  SalesTable,
  SaleLinesTable,
  SaleReversalsTable,
  SaleReversalLinesTable,
  DebtorPaymentsTable,
  DebtorEntriesTable,
  TransfersTable,
  TransferConfirmationsTable,
  TransferTotalsTable,
  TransfersUnconfirmedTable,
  ExpenseCategoriesTable,
  ExpensesTable,
  DayClosesTable,
} from './tables/selling.js';
import type {
  BusinessKeysTable,
  DrawerOpeningsTable,
  ReceiptPrintsTable,
  SalesSummaryDailyTable,
  ProductSalesDailyTable,
  ProductSalesMonthlyTable,
} from './tables/reporting.js';
import type {
  ServerIdentityTable,
  SyncQuarantineTable,
  SyncLinksTable,
  KeptSeriesTable,
  LinkCodesTable,
  SyncServersTable,
  FieldHistoryTable,
} from './tables/sync.js';
import type { WorkDraftsTable } from './tables/work.js';

/** Every table's row type, from the files by area. */
export type * from './tables/foundation.js';
export type * from './tables/stock.js';
export type * from './tables/selling.js';
export type * from './tables/reporting.js';
export type * from './tables/sync.js';
export type * from './tables/work.js';

export interface Database {
  businesses: BusinessesTable;
  users: UsersTable;
  user_locations: UserLocationsTable;
  sessions: SessionsTable;
  devices: DevicesTable;
  locations: LocationsTable;
  files: FilesTable;
  journal: JournalTable;
  journal_counters: JournalCountersTable;
  login_failures: LoginFailuresTable;
  products: ProductsTable;
  product_barcodes: ProductBarcodesTable;
  product_prices: ProductPricesTable;
  suppliers: SuppliersTable;
  stock_documents: StockDocumentsTable;
  stock_document_lines: StockDocumentLinesTable;
  stock_levels: StockLevelsTable;
  stock_below_zero: StockBelowZeroTable;
  stock_movements: StockMovementsTable;
  stock_counts: StockCountsTable;
  stock_count_expected: StockCountExpectedTable;
  stock_count_entries: StockCountEntriesTable;
  receipt_counters: ReceiptCountersTable;
  payment_providers: PaymentProvidersTable;
  debtors: DebtorsTable;
  sales: SalesTable;
  sale_lines: SaleLinesTable;
  sale_reversals: SaleReversalsTable;
  sale_reversal_lines: SaleReversalLinesTable;
  debtor_payments: DebtorPaymentsTable;
  debtor_entries: DebtorEntriesTable;
  transfers: TransfersTable;
  transfer_confirmations: TransferConfirmationsTable;
  transfer_totals: TransferTotalsTable;
  transfers_unconfirmed: TransfersUnconfirmedTable;
  expense_categories: ExpenseCategoriesTable;
  expenses: ExpensesTable;
  day_closes: DayClosesTable;
  business_keys: BusinessKeysTable;
  drawer_openings: DrawerOpeningsTable;
  receipt_prints: ReceiptPrintsTable;
  sales_summary_daily: SalesSummaryDailyTable;
  product_sales_daily: ProductSalesDailyTable;
  product_sales_monthly: ProductSalesMonthlyTable;
  server_identity: ServerIdentityTable;
  sync_quarantine: SyncQuarantineTable;
  sync_links: SyncLinksTable;
  kept_series: KeptSeriesTable;
  link_codes: LinkCodesTable;
  sync_servers: SyncServersTable;
  work_drafts: WorkDraftsTable;
  field_history: FieldHistoryTable;
}

export type BusinessRow = Selectable<BusinessesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserPatch = Updateable<UsersTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type LocationRow = Selectable<LocationsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type SupplierRow = Selectable<SuppliersTable>;
export type DebtorRow = Selectable<DebtorsTable>;
export type SaleRow = Selectable<SalesTable>;
export type SaleLineRow = Selectable<SaleLinesTable>;
export type SyncLinkRow = Selectable<SyncLinksTable>;
export type SyncLinkPatch = Updateable<SyncLinksTable>;
export type SyncServerRow = Selectable<SyncServersTable>;
