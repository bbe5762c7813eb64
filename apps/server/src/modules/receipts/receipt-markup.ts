import {
  businessLocale,
  currencyMinorDigits,
  dateTimeFormat,
  formatLocalQuantity,
  formatMoney,
  numberFormat,
  type ReceiptDocument,
  TAX_SCALE,
  type ReceiptColumns,
} from '@duka/domain';
import { documentT } from '../../lib/documents-i18n.js';
import { printableText } from './printable-text.js';
import { type Cell, cellWidth, escapeText, rowMarkup, wrapText } from './receipt-columns.js';

export { escapeText, wrapText } from './receipt-columns.js';

/** Escapes a property value (`\ | { } ; :` are special there). */
function escapeValue(text: string): string {
  return text.normalize('NFC').replace(/[\\|{};:]/g, (c) => `\\${c}`);
}

/**
 * A figure the printer can print: Intl's narrow no-break space (a group in some locales) is in none
 * of its code pages and would be dropped (printable-text.ts), so it becomes the no-break space that
 * the money's groups already use (en-ZA, pt-MZ: "1 234,50"), which the printer has.
 */
const printableFigure = (text: string) => text.replace(/\u202f/g, '\u00a0');

/** A cell of bold text. */
const bold = (text: string): Cell => ({ text, style: 'bold' });

/** How a receipt's markup is made: for the printer, or for the screen (the default). */
export interface MarkupOptions {
  /**
   * For the printer: every piece of text in what its code pages hold (printable-text.ts), before
   * it is measured and escaped. Spelled letters may be longer (θ → th) and a symbol may become a
   * markup character ("≠" → "="): done after, it broke the columns and turned a line into a cut.
   */
  printable?: boolean;
  /** A reprint: a bold "COPY" under the title (the server has printed this receipt before). */
  copy?: boolean;
}

/**
 * What the sections of a receipt write with: the business's words, its money and time formats,
 * the roll's characters per line, and the markup lines so far. Every text goes through `p`, the
 * printer's letters when the markup is for the printer, before it is measured or escaped.
 */
function receiptWriter(doc: ReceiptDocument, cpl: ReceiptColumns, opts: MarkupOptions) {
  const p = opts.printable ? (text: string) => printableText(text.normalize('NFC')) : (text: string) => text;
  const cell = (c: Cell | string): Cell =>
    typeof c === 'string' ? { text: p(c) } : { ...c, text: p(c.text) };
  const t = documentT(doc.language);
  const digits = currencyMinorDigits(doc.currency);
  // Dates and numbers in the business's locale (en + KES → en-KE: 24/11/2026, never US month/day).
  const locale = businessLocale(doc.language, doc.currency);
  const number = numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  const percent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const out: string[] = [];
  return {
    t,
    p,
    cell,
    cpl,
    /** 32 characters (a 58 mm roll): the number and time, the lines, the total each take their own rows. */
    narrow: cpl < 40,
    out,
    amount: (m: number) => printableFigure(number.format(m / 10 ** digits)),
    /** Thousandths as the locale writes them ("1,5" in German), exact. */
    quantity: (q: number) => printableFigure(formatLocalQuantity(q, locale)),
    /** A tax rate in basis points as the locale writes it: "16%", "7.5%"; "7,5 %" in German. */
    rate: (bp: number) => printableFigure(percent.format(bp / TAX_SCALE)),
    /** In the locale of the lines' amounts: a total in es (1844,82) under lines in es-MX (1,844.82) read wrong. */
    money: (m: number) => printableFigure(formatMoney(m, doc.currency, locale)),
    /** A business day (2026-12-07) as the locale writes a date: 07/12/2026, 07.12.26. */
    day: (day: string) =>
      dateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`)),
    time: dateTimeFormat(locale, {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: doc.time_zone,
    }).format(new Date(doc.time)),
    /** Text wrapped at words to `width`, each line escaped. */
    wrap: (text: string, w: number) => wrapText(p(text), w),
    /** Text escaped, on one line. */
    escape: (text: string) => escapeText(p(text)),
    /** Centred text, wrapped at words. */
    centred: (text: string) => {
      for (const l of text.split('\n')) out.push(...wrapText(p(l), cpl));
    },
    /** Text on the left, wrapped at words. */
    left: (text: string) => {
      for (const l of wrapText(p(text), cpl)) out.push(`|${l}`);
    },
    /** A label and its value: on one row when they fit, else wrapped at words (receipt-columns.ts). */
    pair: (left: Cell | string, right: Cell | string) => out.push(...rowMarkup(cell(left), cell(right), cpl)),
  };
}
type Writer = ReturnType<typeof receiptWriter>;

/**
 * What the paper is: a sale's kind ("Cash sale"), a debtor's refund a credit note, a debtor's
 * payment row that is none a credit paid out or a payment voided, else the document's type.
 */
function titleOf(doc: ReceiptDocument, t: Writer['t']): string {
  if (doc.kind && doc.type === 'sale') return t(`receipt.kind.${doc.kind}`);
  if (creditNote(doc)) return t('receipt.title.creditNote');
  if (doc.type === 'payment' && doc.payment_kind === 'payout') return t('receipt.title.payout');
  if (doc.type === 'payment' && doc.payment_kind === 'void') return t('receipt.title.paymentVoid');
  return t(`receipt.title.${doc.type}`);
}

/** The business, then the document: its title, number, time, place, cashier and what it reverses. */
function headSection(doc: ReceiptDocument, w: Writer, copy: boolean): void {
  const { t, out, centred, pair } = w;
  // Double height, normal width: the name wraps at words over the whole line.
  for (const l of w.wrap(doc.business.name, w.cpl)) out.push(`^^${l}`);
  centred(doc.business.address);
  centred(doc.business.phone);
  if (doc.business.tax_number.trim()) centred(`${t('receipt.taxNumber')} ${doc.business.tax_number}`);
  centred(doc.business.header);
  out.push('-');
  for (const l of w.wrap(titleOf(doc, t), w.cpl)) out.push(`"${l}"`);
  if (copy) for (const l of w.wrap(t('receipt.copy'), w.cpl)) out.push(`"${l}"`);
  const number = t('receipt.no', { no: doc.receipt_no });
  if (w.narrow) {
    out.push(`|"${w.escape(number)}"`);
    w.left(w.time);
  } else pair(bold(number), w.time);
  pair(t('receipt.location'), doc.location);
  pair(t(doc.close ? 'receipt.closedBy' : 'receipt.cashier'), doc.cashier);
  if (doc.sale_receipt_no) w.left(t('receipt.reverses', { no: doc.sale_receipt_no }));
  if (doc.voids_receipt_no) w.left(t('receipt.voids', { no: doc.voids_receipt_no }));
  if (doc.reason) pair(t('receipt.reason'), doc.reason);
}

/** Each line's quantity in its unit at its price ("2 kg x 180.00", "1,5 kg x 180,00"). */
function quantityText(l: ReceiptDocument['lines'][number], w: Writer): string {
  const unit = w.t(`receipt.unit.${l.unit}`, { defaultValue: l.unit });
  return `${w.quantity(l.quantity)} ${unit} x ${w.amount(l.unit_price)}`;
}

/**
 * At 42 or 48 characters a line, the lines as a table: the name (wrapped at words) beside its quantity and its
 * amount, each column as wide as its widest entry. Null when the name would have too little room.
 */
function lineTable(doc: ReceiptDocument, w: Writer): string[] | null {
  const rows = doc.lines.map((l) => ({
    l,
    qty: w.p(quantityText(l, w)),
    amount: w.p(w.amount(l.amount + l.discount)),
    discount: l.discount > 0 ? w.p(`-${w.amount(l.discount)}`) : '',
  }));
  const q = Math.max(...rows.map((r) => [...r.qty].length));
  const a = Math.max(...rows.map((r) => Math.max([...r.amount].length, [...r.discount].length)));
  const nameWidth = w.cpl - q - a - 2;
  if (nameWidth < 14) return null;
  const out = [`{width:*,${q},${a}}`];
  for (const r of rows) {
    // receiptline centres a cell with spaces on both sides: the quantity has one on its left only,
    // so it is right-aligned as the amounts are and the rows' quantities line up
    w.wrap(r.l.name, nameWidth).forEach((part, i) =>
      out.push(i === 0 ? `${part} | ${escapeText(r.qty)}| ${escapeText(r.amount)}` : `${part} | |`),
    );
    if (r.discount) out.push(`~~${w.escape(w.t('receipt.discount'))} | | ${escapeText(r.discount)}`);
  }
  out.push('{width:auto}');
  return out;
}

/**
 * The lines, each with its quantity in its unit and its own discount under it; then, when the sale
 * itself has a discount, the subtotal and that discount. A line's discount shows once, on its
 * line: the column of amounts and discounts adds up to the total.
 */
function linesSection(doc: ReceiptDocument, w: Writer): void {
  const { t, out, pair, amount } = w;
  if (doc.lines.length === 0) {
    if (!doc.close) out.push('-');
    return;
  }
  out.push('-');
  const table = w.narrow ? null : lineTable(doc, w);
  if (table) out.push(...table);
  else
    for (const l of doc.lines) {
      w.left(l.name);
      pair({ text: quantityText(l, w), indent: true }, amount(l.amount + l.discount));
      if (l.discount > 0) pair({ text: t('receipt.discount'), indent: true }, `-${amount(l.discount)}`);
    }
  out.push('-');
  if (doc.discount > 0) {
    pair(t('receipt.subtotal'), amount(doc.gross));
    pair(t('receipt.saleDiscount'), `-${amount(doc.discount)}`);
  }
}

/**
 * The tax in the total, one row per rate ("VAT 16% incl. (net 86.21)  13.79"), the taxable base
 * in it when the row fits on one line of the roll; the rates add up to the tax. A document whose
 * rates do not (none given) shows the tax in one row, as receipts did before there were rates.
 * The tax is called what the business calls it (GST, ICMS…), else by the language's word.
 */
function taxRows(doc: ReceiptDocument, w: Writer): void {
  const { t, pair, amount } = w;
  const own = doc.business.tax_name?.trim() ?? '';
  const name = own || t('receipt.taxName');
  const byRate = doc.tax_rates.reduce((s, r) => s + r.tax, 0);
  if (doc.tax_rates.length === 0 || byRate !== doc.tax) {
    pair(own ? t('receipt.taxNameIncluded', { name: own }) : t('receipt.taxIncluded'), amount(doc.tax));
    return;
  }
  for (const r of doc.tax_rates) {
    const rate = w.rate(r.rate);
    const value = amount(r.tax);
    const withBase = t('receipt.taxRateBase', { name, rate, base: amount(r.amount - r.tax) });
    const fits = cellWidth(w.cell(withBase)) + 1 + cellWidth(w.cell(value)) <= w.cpl;
    pair(fits ? withBase : t('receipt.taxRate', { name, rate }), value);
  }
}

/**
 * A debtor's sale reversed: no money goes back, the amount comes off the debtor's balance, so the
 * paper says so (a "REFUND … Refunded" read as cash to hand over).
 */
const creditNote = (doc: ReceiptDocument) => doc.type === 'reversal' && doc.kind === 'debtor';

/**
 * A balance after the document. After a pay-out or a void one below zero is money the shop still
 * owes the debtor, worded as the statement words it ("In credit KES 500.00"); every other
 * receipt prints the figure as it is.
 */
function balanceText(doc: ReceiptDocument, balance: number, w: Writer): string {
  if (doc.type !== 'payment' || !doc.payment_kind || balance >= 0) return w.money(balance);
  return w.t('statement.inCredit', { amount: w.money(-balance) });
}

/** The total or the amount paid, the tax in it, then how it was paid and the day close's cash. */
function totalsSection(doc: ReceiptDocument, w: Writer): void {
  const { t, pair, amount, money } = w;
  if (doc.type === 'sale' || doc.type === 'reversal') {
    const label = creditNote(doc)
      ? t('receipt.creditedToBalance')
      : doc.type === 'reversal'
        ? t('receipt.refunded')
        : t('receipt.total');
    // Double width needs room: at 32 characters (58 mm) the total is emphasised instead, and so
    // it is wider where the row would not fit on one line at double width (rowMarkup).
    const big = (text: string): Cell => ({ text, style: w.narrow ? 'bold' : 'wide' });
    pair(big(label), big(money(doc.total)));
    if (doc.tax > 0) taxRows(doc, w);
  }
  if (doc.type === 'payment') {
    pair(t('receipt.customer'), doc.debtor ?? '');
    pair(t(`receipt.method.${doc.kind ?? 'cash'}`), '');
    const label =
      doc.payment_kind === 'payout'
        ? 'receipt.amountPaidOut'
        : doc.payment_kind === 'void'
          ? 'receipt.amountVoided'
          : 'receipt.amountPaid';
    pair(bold(t(label)), bold(money(doc.total)));
  }
  if (doc.tendered !== null) pair(t('receipt.tendered'), amount(doc.tendered));
  if (doc.change !== null) pair(bold(t('receipt.change')), bold(money(doc.change)));
  if (doc.debtor && doc.type !== 'payment') pair(t('receipt.customer'), doc.debtor);
  if (doc.balance_after !== null) pair(t('receipt.balance'), balanceText(doc, doc.balance_after, w));
  if (doc.provider) pair(t('receipt.provider'), doc.provider);
  if (doc.reference) pair(t('receipt.reference'), doc.reference);
  if (doc.close) {
    pair(t('receipt.day'), w.day(doc.close.day));
    pair(t('receipt.expected'), money(doc.close.expected));
    pair(t('receipt.counted'), money(doc.close.counted));
    // a surplus says so, as a shortfall does with its minus
    const difference = money(doc.close.difference);
    pair(bold(t('receipt.difference')), bold(doc.close.difference > 0 ? `+${difference}` : difference));
  }
}

/**
 * Where to pay (on a sale or a payment), the footer or a thank-you, and the number as a barcode.
 * A refund and a credit paid out hand money to the customer: no "Pay to", no thanks, but the
 * customer's signature line instead of the footer. A payment's void is a correction: neither.
 */
function footSection(doc: ReceiptDocument, w: Writer): void {
  const { t, out, centred } = w;
  const refund = doc.type === 'reversal';
  const signed = refund || (doc.type === 'payment' && doc.payment_kind === 'payout');
  // a day close is the shop's own paper: no thanks, no footer for a customer
  const plain = doc.type !== 'close' && !refund && !(doc.type === 'payment' && doc.payment_kind);
  if (doc.business.payment_details.length > 0 && doc.type !== 'close' && plain) {
    out.push('-');
    centred(t('receipt.payTo'));
    for (const l of doc.business.payment_details) centred(l);
  }
  out.push('-');
  if (signed) {
    out.push('');
    const signature = w.p(t('receipt.refundSignature'));
    w.left(`${signature} ${'.'.repeat(Math.max(3, w.cpl - 2 - [...signature].length))}`);
    out.push('');
  } else if (plain) {
    const footer = doc.business.footer.split('\n').filter((l) => l.trim());
    for (const l of footer.length > 0 ? footer : [t('receipt.thanks')]) centred(l);
  }
  out.push(`{code:${escapeValue(doc.receipt_no)}; option:code128,2,64,hri}`);
}

/**
 * The receiptline markup of a receipt at `cpl` characters a line (32, 42 or 48): business header, document facts, lines,
 * totals, payment, the profile's payment details, footer and a CODE128 barcode of the number.
 * User text is escaped; the words come from the business's language.
 */
export function receiptMarkup(doc: ReceiptDocument, cpl: ReceiptColumns, opts: MarkupOptions = {}): string {
  const w = receiptWriter(doc, cpl, opts);
  headSection(doc, w, opts.copy === true);
  linesSection(doc, w);
  totalsSection(doc, w);
  footSection(doc, w);
  return `${w.out.join('\n')}\n`;
}

/**
 * receiptline's SVG asks Google Fonts for Courier Prime; a shop may be offline and the page must
 * not call out, so the import goes and the SVG falls back to the system's Courier.
 */
export function offlineSvg(svg: string): string {
  return svg.replace(/<style type="text\/css"><!\[CDATA\[@import url\([^)]*\);\]\]><\/style>/, '');
}
