import {
  CHARS_PER_LINE,
  type ReceiptDocument,
  type RollWidth,
  businessLocale,
  currencyMinorDigits,
  formatMoney,
  formatQuantity,
} from '@duka/domain';
import { documentT } from '../../lib/documents-i18n.js';

/**
 * Escapes user text for receiptline, whose markup gives `\ | { } - = ~ _ " ` ^` a meaning.
 * Normalised first, as receiptline does before it parses: otherwise a character that NFC turns
 * into markup (U+1FEF becomes a backtick) would slip past the escaping.
 */
export function escapeText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[\\|{}\-=~_"`^]/g, (c) => `\\${c}`)
    .trim();
}

/**
 * Breaks text into lines of at most `width` characters at spaces (receiptline would break inside
 * a word), each escaped.
 */
export function wrapText(text: string, width: number): string[] {
  const words = text.normalize('NFC').replace(/\s+/g, ' ').trim().split(' ');
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (!line) line = w;
    else if (line.length + 1 + w.length <= width) line += ` ${w}`;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line) lines.push(line);
  return lines.map(escapeText);
}

/** Escapes a property value (`\ | { } ; :` are special there). */
function escapeValue(text: string): string {
  return text.normalize('NFC').replace(/[\\|{};:]/g, (c) => `\\${c}`);
}

/**
 * What the sections of a receipt write with: the business's words, its money and time formats,
 * the roll's characters per line, and the markup lines so far.
 */
function receiptWriter(doc: ReceiptDocument, width: RollWidth) {
  const t = documentT(doc.language);
  const digits = currencyMinorDigits(doc.currency);
  // Dates and numbers in the business's locale (en + KES → en-KE: 24/11/2026, never US month/day).
  const locale = businessLocale(doc.language, doc.currency);
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  const cpl = CHARS_PER_LINE[width];
  const out: string[] = [];
  return {
    t,
    cpl,
    narrow: cpl < 40,
    out,
    amount: (m: number) => escapeText(number.format(m / 10 ** digits)),
    money: (m: number) => escapeText(formatMoney(m, doc.currency, doc.language)),
    time: new Intl.DateTimeFormat(locale, {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: doc.time_zone,
    }).format(new Date(doc.time)),
    /** Centred text, wrapped at words. */
    centred: (text: string) => {
      for (const l of text.split('\n')) out.push(...wrapText(l, cpl));
    },
    pair: (left: string, right: string) => out.push(`${left} | ${right}`),
  };
}
type Writer = ReturnType<typeof receiptWriter>;

/** The business, then the document: its title, number, time, place, cashier and what it reverses. */
function headSection(doc: ReceiptDocument, w: Writer): void {
  const { t, out, centred, pair } = w;
  out.push(`^^${escapeText(doc.business.name)}`);
  centred(doc.business.address);
  centred(doc.business.phone);
  if (doc.business.tax_number.trim()) centred(`${t('receipt.taxNumber')} ${doc.business.tax_number}`);
  centred(doc.business.header);
  out.push('-');
  const title =
    doc.kind && doc.type === 'sale' ? t(`receipt.kind.${doc.kind}`) : t(`receipt.title.${doc.type}`);
  out.push(`"${escapeText(title)}"`);
  if (w.narrow) {
    out.push(`|"${escapeText(t('receipt.no', { no: doc.receipt_no }))}"`);
    out.push(`|${escapeText(w.time)}`);
  } else pair(`"${escapeText(t('receipt.no', { no: doc.receipt_no }))}"`, escapeText(w.time));
  pair(escapeText(t('receipt.location')), escapeText(doc.location));
  pair(escapeText(t('receipt.cashier')), escapeText(doc.cashier));
  if (doc.sale_receipt_no) out.push(`|${escapeText(t('receipt.reverses', { no: doc.sale_receipt_no }))}`);
  if (doc.reason) pair(escapeText(t('receipt.reason')), escapeText(doc.reason));
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
  for (const l of doc.lines) {
    const unit = t(`receipt.unit.${l.unit}`, { defaultValue: l.unit });
    const qty = `${escapeText(`${formatQuantity(l.quantity)} ${unit}`)} x ${amount(l.unit_price)}`;
    if (w.narrow) {
      for (const part of wrapText(l.name, w.cpl)) out.push(`|${part}`);
      pair(`  ${qty}`, amount(l.amount + l.discount));
    } else {
      out.push(`${escapeText(l.name)} | ${qty} | ${amount(l.amount + l.discount)}`);
    }
    if (l.discount > 0) pair(`  ${escapeText(t('receipt.discount'))}`, `\\-${amount(l.discount)}`);
  }
  out.push('-');
  if (doc.discount > 0) {
    pair(escapeText(t('receipt.subtotal')), amount(doc.gross));
    pair(escapeText(t('receipt.saleDiscount')), `\\-${amount(doc.discount)}`);
  }
}

/** The total or the amount paid, the tax in it, then how it was paid and the day close's cash. */
function totalsSection(doc: ReceiptDocument, w: Writer): void {
  const { t, pair, amount, money } = w;
  if (doc.type === 'sale' || doc.type === 'reversal') {
    const label = doc.type === 'reversal' ? t('receipt.refunded') : t('receipt.total');
    // Double width needs room: on a 58 mm roll the total is emphasised instead.
    const big = w.narrow ? '"' : '^';
    const end = w.narrow ? '"' : '';
    pair(`${big}${escapeText(label)}${end}`, `${big}${money(doc.total)}${end}`);
    if (doc.tax > 0) pair(escapeText(t('receipt.taxIncluded')), amount(doc.tax));
  }
  if (doc.type === 'payment') {
    pair(escapeText(t('receipt.customer')), escapeText(doc.debtor ?? ''));
    pair(escapeText(t(`receipt.method.${doc.kind ?? 'cash'}`)), '');
    pair(`"${escapeText(t('receipt.amountPaid'))}"`, `"${money(doc.total)}"`);
  }
  if (doc.tendered !== null) pair(escapeText(t('receipt.tendered')), amount(doc.tendered));
  if (doc.change !== null) pair(`"${escapeText(t('receipt.change'))}"`, `"${money(doc.change)}"`);
  if (doc.debtor && doc.type !== 'payment') pair(escapeText(t('receipt.customer')), escapeText(doc.debtor));
  if (doc.balance_after !== null) pair(escapeText(t('receipt.balance')), money(doc.balance_after));
  if (doc.provider) pair(escapeText(t('receipt.provider')), escapeText(doc.provider));
  if (doc.reference) pair(escapeText(t('receipt.reference')), escapeText(doc.reference));
  if (doc.close) {
    pair(escapeText(t('receipt.day')), escapeText(doc.close.day));
    pair(escapeText(t('receipt.expected')), money(doc.close.expected));
    pair(escapeText(t('receipt.counted')), money(doc.close.counted));
    pair(`"${escapeText(t('receipt.difference'))}"`, `"${money(doc.close.difference)}"`);
  }
}

/** Where to pay (not on a day close), the footer or a thank-you, and the number as a barcode. */
function footSection(doc: ReceiptDocument, w: Writer): void {
  const { t, out, centred } = w;
  if (doc.business.payment_details.length > 0 && doc.type !== 'close') {
    out.push('-');
    centred(t('receipt.payTo'));
    for (const l of doc.business.payment_details) centred(l);
  }
  out.push('-');
  const footer = doc.business.footer.split('\n').filter((l) => l.trim());
  for (const l of footer.length > 0 ? footer : [t('receipt.thanks')]) centred(l);
  out.push(`{code:${escapeValue(doc.receipt_no)}; option:code128,2,64,hri}`);
}

/**
 * The receiptline markup of a receipt for a roll width: business header, document facts, lines,
 * totals, payment, the profile's payment details, footer and a CODE128 barcode of the number.
 * User text is escaped; the words come from the business's language.
 */
export function receiptMarkup(doc: ReceiptDocument, width: RollWidth): string {
  const w = receiptWriter(doc, width);
  headSection(doc, w);
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
