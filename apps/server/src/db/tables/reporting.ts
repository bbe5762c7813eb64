/** Row types of the tables: printing keys and the report summaries. */
import type { Counter } from './columns.js';

export interface BusinessKeysTable {
  business_id: string;
  /** PKCS#8 PEM: signs printer calls for the qz-tray client. Never leaves the server's API. */
  private_key: string;
  certificate: string;
  created_at: string;
}

/** Each time the server let a till open the cash drawer (migration 0012). */
export interface DrawerOpeningsTable {
  id: string;
  business_id: string;
  /**
   * The cash sale whose first print opened it (one row per sale at most); null: the explicit
   * action, or a first print the helper's page gave back (`first_print_returned`, cash-drawer.ts).
   */
  sale_id: string | null;
  /**
   * The cash refund or cash debt payment whose first print opened it, by its receipt number (one
   * row per receipt at most, migration 0034); null on a sale's row, the explicit action and a
   * first print given back.
   */
  receipt_no: string | null;
  reason: 'first_print' | 'manual' | 'first_print_returned';
  user_id: string;
  device_id: string | null;
  created_at: string;
}

/** Each print of a receipt this server made or signed (migration 0033, printing/receipt-prints.ts). */
export interface ReceiptPrintsTable {
  id: string;
  business_id: string;
  receipt_no: string;
  /** The receipt's number on its first print (one per receipt); null on every copy after it. */
  original_of: string | null;
  user_id: string;
  device_id: string | null;
  printed_at: string;
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
  /** The share of the sales' discounts that came back with the reversed goods. */
  reversals_discount: Counter;
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
