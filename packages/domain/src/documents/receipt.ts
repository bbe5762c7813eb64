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

/** The tax of a receipt's lines at one rate. */
export interface ReceiptTaxRate {
  /** Basis points of the price without tax: 1600 = 16 %. */
  rate: number;
  /** What the lines at this rate come to, tax included (minor units; on a reversal, what goes back). */
  amount: number;
  /** The tax in `amount`: the sum of the lines' own stored tax. */
  tax: number;
}

/**
 * The tax of a receipt's lines by rate, lowest rate first: only the rates above zero whose lines
 * carry tax. Each rate's tax is the sum of its lines' stored tax, never worked out again from
 * the rate's total (that rounds differently), so the rates add up exactly to the lines' tax, which
 * is the sale's or reversal's tax.
 */
export function taxByRate(
  lines: readonly { tax_rate: number; amount: number; tax: number }[],
): ReceiptTaxRate[] {
  const byRate = new Map<number, ReceiptTaxRate>();
  for (const l of lines) {
    if (l.tax_rate <= 0) continue;
    const r = byRate.get(l.tax_rate) ?? { rate: l.tax_rate, amount: 0, tax: 0 };
    r.amount += l.amount;
    r.tax += l.tax;
    byRate.set(l.tax_rate, r);
  }
  return [...byRate.values()].filter((r) => r.tax !== 0).sort((a, b) => a.rate - b.rate);
}

/**
 * A sale's tax by rate (`taxByRate` of what each line costs the customer and the tax in it), or
 * none when the rates do not add up to the sale's tax: then it is shown in one figure.
 */
export function saleTaxByRate(sale: {
  tax: number;
  lines: readonly { tax_rate: number; net: number; tax: number }[];
}): ReceiptTaxRate[] {
  const rates = taxByRate(sale.lines.map((l) => ({ tax_rate: l.tax_rate, amount: l.net, tax: l.tax })));
  return rates.reduce((s, r) => s + r.tax, 0) === sale.tax ? rates : [];
}

/** A reversal's tax by rate, as a sale's (`saleTaxByRate`): what goes back at each rate. */
export function reversalTaxByRate(rev: {
  tax: number;
  lines: readonly { tax_rate: number; amount: number; tax: number }[];
}): ReceiptTaxRate[] {
  const rates = taxByRate(rev.lines);
  return rates.reduce((s, r) => s + r.tax, 0) === rev.tax ? rates : [];
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
  /**
   * A sale or reversal: `tax` by rate (`taxByRate`), adding up to it; empty when no line carries
   * tax (or a document has none).
   */
  tax_rates: ReceiptTaxRate[];
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
