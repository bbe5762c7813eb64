/** Row types of the tables: sales, reversals, debtors, transfers, expenses and day closes. */
import type { Generated } from 'kysely';
import type { Bit, Counter } from './columns.js';

export interface ReceiptCountersTable {
  business_id: string;
  series: string;
  last_no: Counter;
}

export interface PaymentProvidersTable {
  id: string;
  business_id: string;
  /** Hash of the request that created it (lib/idempotency.ts); '' for rows made before 0008. */
  request_hash: Generated<string>;
  name: string;
  kind: string;
  active: Bit;
  created_at: string;
  updated_at: string;
  /** Field group → HLC stamp of the write that set it, JSON (ADR 11 §2, migration 0016). */
  stamps: Generated<string>;
}

export interface DebtorsTable {
  id: string;
  business_id: string;
  /** Hash of the request that created it (lib/idempotency.ts); '' for rows made before 0008. */
  request_hash: Generated<string>;
  name: string;
  /** Lower-cased name, phone and ID number, for search on both databases. */
  search_key: string;
  phone: string;
  id_number: string;
  credit_limit: Counter;
  /** Always the sum of the debtor's entries; moved in the same transaction. */
  balance: Counter;
  /**
   * How many entries this server wrote for the debtor: the last one's `seq`, counted up by the
   * update that moves the balance (migration 0032). This server's own: never travels.
   */
  entry_seq: Generated<number>;
  active: Bit;
  note: string;
  last_activity_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** Field group → HLC stamp of the write that set it, JSON (ADR 11 §2, migration 0016). */
  stamps: Generated<string>;
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
  /** The share of the sale's discounts (line and sale) that went with the goods taken back. */
  discount: Counter;
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
  /**
   * A void's: the payment it undoes (migration 0041); null on a payment and on a pay-out of a
   * debtor's credit (debtors/payouts.ts: the amount negative, no payment undone).
   */
  voids_id: string | null;
}

export interface DebtorEntriesTable {
  id: string;
  business_id: string;
  debtor_id: string;
  /** DEBTOR_ENTRY_KINDS: 'sale', 'payment', 'reversal', 'payment_void' or 'payout'. */
  kind: string;
  /** Signed: + the debtor owes more. */
  amount: Counter;
  doc_id: string;
  receipt_no: string;
  note: string;
  user_id: string | null;
  business_day: string;
  created_at: string;
  /**
   * The entry's place among its debtor's on this server (1, 2, …): the order the balance moved in,
   * which a statement lists them by (`created_at` is the request's clock). This server's own:
   * never travels (migration 0032).
   */
  seq: number;
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

/**
 * Per business, its transfers and their confirmations counted and summed, and the references
 * received twice (migration 0025): moved by every write of `transfers` and
 * `transfer_confirmations` (transfer-totals.ts), so the dashboard and the notifications do not
 * read the whole register.
 */
export interface TransferTotalsTable {
  business_id: string;
  /** Every row of `transfers`, received (+) and sent back (−). */
  transfers_count: Counter;
  transfers_amount: Counter;
  /** The rows with a confirmation. */
  confirmed_count: Counter;
  confirmed_amount: Counter;
  /** Provider and reference pairs received (amount > 0) more than once. */
  references_twice: Counter;
}

/**
 * A transfer waiting for its confirmation (migration 0028): written with the transfer, removed with
 * its confirmation, so the notifications count the last day's from a range of these rows.
 */
export interface TransfersUnconfirmedTable {
  business_id: string;
  /** The transfer's `created_at`. */
  created_at: string;
  transfer_id: string;
}

export interface ExpenseCategoriesTable {
  id: string;
  business_id: string;
  /** Hash of the request that created it (lib/idempotency.ts); '' for rows made before 0008. */
  request_hash: Generated<string>;
  name: string;
  active: Bit;
  created_at: string;
  updated_at: string;
  /** Field group → HLC stamp of the write that set it, JSON (ADR 11 §2, migration 0016). */
  stamps: Generated<string>;
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
