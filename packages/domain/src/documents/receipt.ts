import type { Language } from '../locale.js';

/** What kind of document a receipt number names. */
export const RECEIPT_TYPES = ['sale', 'reversal', 'payment', 'close'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];

/** Roll widths Duka prints on, in millimetres, and the characters per line of each. */
export const ROLL_WIDTHS = [58, 80] as const;
export type RollWidth = (typeof ROLL_WIDTHS)[number];
export const CHARS_PER_LINE: Record<RollWidth, number> = { 58: 32, 80: 48 };

export interface ReceiptLine {
  name: string;
  /** Thousandths. */
  quantity: number;
  unit: string;
  unit_price: number;
  /** What the line costs the customer (after discounts); on a reversal, what goes back. */
  amount: number;
  /** Money off this line itself (the sale's own discount is in the totals, not here). */
  discount: number;
}

/**
 * One receipt, independent of how it is shown: the server turns it into ESC/POS bytes for the
 * printer and SVG for the screen. Money in minor units, quantities in thousandths.
 */
export interface ReceiptDocument {
  type: ReceiptType;
  id: string;
  receipt_no: string;
  language: Language;
  currency: string;
  time_zone: string;
  /** UTC ISO time it was made. */
  time: string;
  business: {
    name: string;
    address: string;
    phone: string;
    tax_number: string;
    header: string;
    footer: string;
    /** Lines like "M-Pesa paybill 123456, account 7890". */
    payment_details: string[];
  };
  location: string;
  cashier: string;
  /** Sale and reversal: cash, debtor or transfer. Payment: cash or transfer. */
  kind: string | null;
  lines: ReceiptLine[];
  /** A sale: what the lines come to after their own discounts (the subtotal). */
  gross: number;
  /** A sale: its own discount, over the whole sale; the lines' discounts are on the lines. */
  discount: number;
  tax: number;
  total: number;
  tendered: number | null;
  change: number | null;
  debtor: string | null;
  balance_after: number | null;
  provider: string | null;
  reference: string | null;
  /** A reversal: the sale it reverses, and why. */
  sale_receipt_no: string | null;
  reason: string | null;
  /** A day close: the day and the cash. */
  close: { day: string; expected: number; counted: number; difference: number } | null;
}
