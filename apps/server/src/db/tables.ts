import type { Insertable, Selectable, Updateable } from 'kysely';

/** 0/1 integer column, portable across SQLite and PostgreSQL. */
type Bit = number;
/** A bigint column (int8 on PostgreSQL); database.ts makes pg read it as a number. */
type Counter = number;

export interface BusinessesTable {
  id: string;
  name: string;
  logo: string | null;
  address: string;
  phone: string;
  email: string;
  tax_number: string;
  currency: string;
  timezone: string;
  language: string;
  receipt_header: string;
  receipt_footer: string;
  /** JSON text of the payment details printed on receipts. */
  payment_details: string;
  online_offline: Bit;
  require_approved_devices: Bit;
  allow_negative_stock: Bit;
  /** Largest discount staff may give, in basis points of the amount (admins: no limit). */
  max_discount_bp: number;
  /** Credit limit of a debtor that someone other than an admin adds. */
  default_credit_limit: Counter;
  /** Receipt roll width in millimetres: 58 or 80. */
  receipt_width: number;
  /** A network receipt printer the local server prints to directly (raw TCP); '' = none. */
  printer_host: string;
  printer_port: number;
  /** 'active' or 'suspended' (hosted billing); a suspended business answers 402. */
  status: string;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: string;
  business_id: string;
  name: string;
  username: string;
  /** Lower-cased username: unique across the server, so sign-in needs no business. */
  username_key: string;
  mobile: string | null;
  password_hash: string;
  role: string;
  /** JSON text: the granted flag names. */
  flags: string;
  img: string;
  home_location_id: string | null;
  active: Bit;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface UserLocationsTable {
  user_id: string;
  location_id: string;
  business_id: string;
  created_at: string;
}

export interface SessionsTable {
  id: string;
  business_id: string;
  user_id: string;
  token_hash: string;
  device_id: string | null;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface DevicesTable {
  business_id: string;
  id: string;
  name: string;
  status: string;
  first_seen_at: string;
  last_seen_at: string;
  last_user_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface LocationsTable {
  id: string;
  business_id: string;
  name: string;
  active: Bit;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface FilesTable {
  id: string;
  business_id: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  data: Buffer;
  created_by: string | null;
  created_at: string;
}

export interface JournalTable {
  business_id: string;
  seq: Counter;
  id: string;
  doc_type: string;
  doc_id: string;
  action: string;
  user_id: string | null;
  device_id: string | null;
  /** JSON text with what changed (never secrets). */
  detail: string | null;
  created_at: string;
}

export interface JournalCountersTable {
  business_id: string;
  last_seq: Counter;
}

export interface LoginFailuresTable {
  id: string;
  /** 'login:<lowercased login>' or 'ip:<address>'. */
  key: string;
  created_at: string;
}

export interface ProductsTable {
  id: string;
  business_id: string;
  name: string;
  code: string;
  /** Lower-cased name and code, for case-insensitive search on both databases. */
  search_key: string;
  category: string;
  unit: string;
  price: Counter;
  tax_rate: number;
  reorder_level: Counter;
  avg_cost: Counter;
  image: string | null;
  active: Bit;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface ProductBarcodesTable {
  business_id: string;
  barcode: string;
  product_id: string;
}

export interface ProductPricesTable {
  id: string;
  business_id: string;
  product_id: string;
  price: Counter;
  tax_rate: number;
  changed_by: string | null;
  created_at: string;
}

export interface SuppliersTable {
  id: string;
  business_id: string;
  name: string;
  contact_name: string;
  phone: string;
  email: string;
  address: string;
  notes: string;
  active: Bit;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface StockDocumentsTable {
  id: string;
  business_id: string;
  kind: string;
  location_id: string;
  to_location_id: string | null;
  supplier_id: string | null;
  invoice_number: string;
  invoice_date: string | null;
  reason: string | null;
  note: string;
  total_cost: Counter;
  /** SHA-256 of the request that made it: the same id with other content is a conflict. */
  request_hash: string;
  user_id: string | null;
  device_id: string | null;
  created_at: string;
}

export interface StockDocumentLinesTable {
  document_id: string;
  line_no: number;
  business_id: string;
  product_id: string;
  quantity: Counter;
  unit_cost: Counter;
}

export interface StockLevelsTable {
  business_id: string;
  product_id: string;
  location_id: string;
  quantity: Counter;
  updated_at: string;
}

export interface StockMovementsTable {
  id: string;
  business_id: string;
  product_id: string;
  location_id: string;
  quantity: Counter;
  unit_cost: Counter;
  kind: string;
  doc_type: string;
  doc_id: string;
  reason: string | null;
  user_id: string | null;
  device_id: string | null;
  created_at: string;
}

export interface StockCountsTable {
  id: string;
  business_id: string;
  location_id: string;
  /** 'open', 'finalised' or 'cancelled'. */
  status: string;
  freeze_sales: Bit;
  note: string;
  started_by: string | null;
  started_at: string;
  closed_by: string | null;
  closed_at: string | null;
}

/** The snapshot taken when a count starts: what the ledger said was there. */
export interface StockCountExpectedTable {
  count_id: string;
  product_id: string;
  expected: Counter;
  avg_cost: Counter;
}

/** What counters entered; several entries per product add up (a negative one corrects). */
export interface StockCountEntriesTable {
  id: string;
  count_id: string;
  business_id: string;
  product_id: string;
  quantity: Counter;
  user_id: string | null;
  device_id: string | null;
  created_at: string;
}

export interface ReceiptCountersTable {
  business_id: string;
  series: string;
  last_no: Counter;
}

export interface PaymentProvidersTable {
  id: string;
  business_id: string;
  name: string;
  kind: string;
  active: Bit;
  created_at: string;
  updated_at: string;
}

export interface DebtorsTable {
  id: string;
  business_id: string;
  name: string;
  /** Lower-cased name, phone and ID number, for search on both databases. */
  search_key: string;
  phone: string;
  id_number: string;
  credit_limit: Counter;
  /** Always the sum of the debtor's entries; moved in the same transaction. */
  balance: Counter;
  active: Bit;
  note: string;
  last_activity_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface SalesTable {
  id: string;
  business_id: string;
  receipt_no: string;
  kind: string;
  location_id: string;
  user_id: string | null;
  device_id: string | null;
  /** The day in the business's time zone when it was sold. */
  business_day: string;
  gross: Counter;
  discount: Counter;
  total: Counter;
  tax: Counter;
  /** Cost of goods at the unit costs of the moment of sale. */
  cost: Counter;
  tendered: Counter | null;
  change: Counter | null;
  debtor_id: string | null;
  debtor_balance_after: Counter | null;
  provider_id: string | null;
  reference: string | null;
  note: string;
  request_hash: string;
  created_at: string;
}

/** A sale line copies what the product was at the moment of sale. */
export interface SaleLinesTable {
  sale_id: string;
  line_no: number;
  business_id: string;
  product_id: string;
  name: string;
  code: string;
  unit: string;
  quantity: Counter;
  unit_price: Counter;
  tax_rate: number;
  gross: Counter;
  discount: Counter;
  sale_discount: Counter;
  net: Counter;
  tax: Counter;
  unit_cost: Counter;
  cost: Counter;
}

export interface SaleReversalsTable {
  id: string;
  business_id: string;
  receipt_no: string;
  sale_id: string;
  kind: string;
  location_id: string;
  reason: string;
  total: Counter;
  tax: Counter;
  cost: Counter;
  debtor_id: string | null;
  debtor_balance_after: Counter | null;
  provider_id: string | null;
  reference: string | null;
  user_id: string | null;
  device_id: string | null;
  business_day: string;
  request_hash: string;
  created_at: string;
}

export interface SaleReversalLinesTable {
  reversal_id: string;
  line_no: number;
  business_id: string;
  sale_id: string;
  sale_line_no: number;
  product_id: string;
  quantity: Counter;
  amount: Counter;
  tax: Counter;
  cost: Counter;
}

export interface DebtorPaymentsTable {
  id: string;
  business_id: string;
  receipt_no: string;
  debtor_id: string;
  amount: Counter;
  method: string;
  location_id: string;
  provider_id: string | null;
  reference: string | null;
  note: string;
  balance_after: Counter;
  user_id: string | null;
  device_id: string | null;
  business_day: string;
  request_hash: string;
  created_at: string;
}

export interface DebtorEntriesTable {
  id: string;
  business_id: string;
  debtor_id: string;
  /** 'sale', 'payment' or 'reversal'. */
  kind: string;
  /** Signed: + the debtor owes more. */
  amount: Counter;
  doc_id: string;
  receipt_no: string;
  note: string;
  user_id: string | null;
  business_day: string;
  created_at: string;
}

export interface TransfersTable {
  id: string;
  business_id: string;
  /** 'sale', 'debtor_payment' or 'reversal'. */
  source: string;
  source_id: string;
  receipt_no: string;
  provider_id: string;
  reference: string;
  /** Signed: + received, − sent back. */
  amount: Counter;
  location_id: string;
  user_id: string | null;
  business_day: string;
  created_at: string;
}

export interface TransferConfirmationsTable {
  transfer_id: string;
  business_id: string;
  confirmed_by: string | null;
  confirmed_at: string;
}

export interface ExpenseCategoriesTable {
  id: string;
  business_id: string;
  name: string;
  active: Bit;
  created_at: string;
  updated_at: string;
}

export interface ExpensesTable {
  id: string;
  business_id: string;
  date: string;
  category_id: string;
  /** Negative on the entry that voids another. */
  amount: Counter;
  method: string;
  location_id: string;
  provider_id: string | null;
  reference: string | null;
  note: string;
  image: string | null;
  voids_id: string | null;
  user_id: string | null;
  device_id: string | null;
  request_hash: string;
  created_at: string;
}

export interface DayClosesTable {
  id: string;
  business_id: string;
  receipt_no: string;
  location_id: string;
  day: string;
  expected_cash: Counter;
  counted_cash: Counter;
  difference: Counter;
  /** JSON of the day's figures as they stood at closing. */
  figures: string;
  note: string;
  user_id: string | null;
  device_id: string | null;
  request_hash: string;
  created_at: string;
}

export interface BusinessKeysTable {
  business_id: string;
  /** PKCS#8 PEM: signs printer calls for the qz-tray client. Never leaves the server's API. */
  private_key: string;
  certificate: string;
  created_at: string;
}

/** Sales and reversals per business day, location, cashier and kind (moved with each of them). */
export interface SalesSummaryDailyTable {
  business_id: string;
  day: string;
  location_id: string;
  /** '' when nobody is known (a system write). */
  user_id: string;
  kind: string;
  sales_count: Counter;
  sales_total: Counter;
  sales_tax: Counter;
  sales_cost: Counter;
  sales_discount: Counter;
  reversals_count: Counter;
  reversals_total: Counter;
  reversals_tax: Counter;
  reversals_cost: Counter;
}

interface ProductSalesFigures {
  business_id: string;
  location_id: string;
  product_id: string;
  quantity: Counter;
  revenue: Counter;
  tax: Counter;
  cost: Counter;
  reversed_quantity: Counter;
  reversed_revenue: Counter;
  reversed_tax: Counter;
  reversed_cost: Counter;
}

export interface ProductSalesDailyTable extends ProductSalesFigures {
  day: string;
}

export interface ProductSalesMonthlyTable extends ProductSalesFigures {
  /** 'YYYY-MM' of the business day. */
  month: string;
}

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
  expense_categories: ExpenseCategoriesTable;
  expenses: ExpensesTable;
  day_closes: DayClosesTable;
  business_keys: BusinessKeysTable;
  sales_summary_daily: SalesSummaryDailyTable;
  product_sales_daily: ProductSalesDailyTable;
  product_sales_monthly: ProductSalesMonthlyTable;
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
