/** Row types of the tables: products, suppliers and the stock ledger. */
import type { Generated } from 'kysely';
import type { Bit, Counter } from './columns.js';

export interface ProductsTable {
  id: string;
  business_id: string;
  /** Hash of the request that created it (lib/idempotency.ts); '' for rows made before 0008. */
  request_hash: Generated<string>;
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
  /** What one unit costs from the supplier, as the owner set it (0: not set). */
  buying_price: Generated<Counter>;
  image: string | null;
  active: Bit;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** Field group → HLC stamp of the write that set it, JSON (ADR 11 §2, migration 0016). */
  stamps: Generated<string>;
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
  /** Hash of the request that created it (lib/idempotency.ts); '' for rows made before 0008. */
  request_hash: Generated<string>;
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
  /** Field group → HLC stamp of the write that set it, JSON (ADR 11 §2, migration 0016). */
  stamps: Generated<string>;
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

/** A level while it is below zero (`inventory/below-zero.ts`): what the notifications count. */
export interface StockBelowZeroTable {
  business_id: string;
  product_id: string;
  location_id: string;
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
  /**
   * The business day it was recorded on (migration 0038, ADR 6); '' for movements recorded before
   * it, which the stock report places by `created_at` in the business's current zone.
   */
  business_day: Generated<string>;
}

export interface StockCountsTable {
  id: string;
  business_id: string;
  /** Hash of the request that created it (lib/idempotency.ts); '' for rows made before 0008. */
  request_hash: Generated<string>;
  location_id: string;
  /** 'open', 'finalised' or 'cancelled'. */
  status: string;
  freeze_sales: Bit;
  note: string;
  started_by: string | null;
  started_at: string;
  closed_by: string | null;
  closed_at: string | null;
  /**
   * What moved at the location from the start to the close, per product id (JSON), kept at the
   * finalise or cancel (migration 0031); null while open and for counts closed before.
   */
  moved_since_start: string | null;
  /** Field group → HLC stamp of the write that set it, JSON (ADR 11 §2, migration 0016). */
  stamps: Generated<string>;
}

/** The snapshot taken when a count starts: what the ledger said was there. */
export interface StockCountExpectedTable {
  count_id: string;
  /** Since migration 0020 (NOT NULL on PostgreSQL; SQLite's older rows were filled in). */
  business_id: string;
  product_id: string;
  expected: Counter;
  avg_cost: Counter;
}

/** What counters entered; several entries per product add up (a negative one corrects). */
export interface StockCountEntriesTable {
  id: string;
  count_id: string;
  business_id: string;
  /** Hash of the request that created it (lib/idempotency.ts). */
  request_hash: Generated<string>;
  product_id: string;
  quantity: Counter;
  /** The product's level at the count's location as the entry was written (migration 0040; ADR 4). */
  level_at_entry: Counter | null;
  user_id: string | null;
  device_id: string | null;
  created_at: string;
}
