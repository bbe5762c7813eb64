import type { Language } from '../locale.js';

/** What kind of document a receipt number names. */
export const RECEIPT_TYPES = ['sale', 'reversal', 'payment', 'close'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];

/**
 * A debtor's `payment` receipt that is no payment taken (ADR 9): a credit paid out in cash, or a
 * payment's void. Both are rows of the payments with the amount negative.
 */
export type PaymentReceiptKind = 'payout' | 'void';

/** Roll widths Duka prints on, in millimetres. */
export const ROLL_WIDTHS = [58, 80] as const;
export type RollWidth = (typeof ROLL_WIDTHS)[number];

/**
 * Characters per line a receipt is laid out at: what the printer prints on a line in its normal
 * font. A 58 mm printer prints 32; an 80 mm printer 48, or only 42 on many cheap ones (a 512-dot
 * head, or 72 mm paper), where a 48-character receipt wraps every line.
 */
export const RECEIPT_COLUMNS = [32, 42, 48] as const;
export type ReceiptColumns = (typeof RECEIPT_COLUMNS)[number];

/** The characters per line a roll width alone means: what 58 and 80 always meant (32 and 48). */
export const CHARS_PER_LINE: Record<RollWidth, ReceiptColumns> = { 58: 32, 80: 48 };

/** The roll each layout prints on. */
export const ROLL_OF_COLUMNS: Record<ReceiptColumns, RollWidth> = { 32: 58, 42: 80, 48: 80 };

/** The layouts an owner chooses from, narrowest first: a roll width and its characters per line. */
export const RECEIPT_LAYOUTS: readonly { width: RollWidth; columns: ReceiptColumns }[] = RECEIPT_COLUMNS.map(
  (columns) => ({ width: ROLL_OF_COLUMNS[columns], columns }),
);

/**
 * The characters per line of a roll width and a stored or asked-for number of them: the number when
 * it is one the roll prints (42 and 48 on 80 mm; 32 on 58 mm), else what the roll alone means. So
 * a profile saved before 42 was a choice (no number) keeps 32 or 48, and values that do not go
 * together (two servers' edits merged field by field) still give a layout the roll prints.
 */
export function receiptColumnsOf(width: number, columns?: number | null): ReceiptColumns {
  const roll: RollWidth = width === 58 ? 58 : 80;
  const asked = RECEIPT_COLUMNS.find((c) => c === columns);
  return asked !== undefined && ROLL_OF_COLUMNS[asked] === roll ? asked : CHARS_PER_LINE[roll];
}

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
    /** What the business calls its tax (GST, ICMS…) beside each rate; '' or none: the language's word. */
    tax_name?: string;
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
  /**
   * A `payment` that is none: a credit paid out ('payout') or a payment voided ('void'), `total`
   * the amount handed out or voided (above zero), `reason` the note. None: a payment received.
   */
  payment_kind?: PaymentReceiptKind;
  /** A payment's void: the receipt number of the payment it voids. */
  voids_receipt_no?: string;
  /** A day close: the day and the cash. */
  close: { day: string; expected: number; counted: number; difference: number } | null;
}
