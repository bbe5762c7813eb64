import { DRAWER_KICK, type ReceiptColumns, type ReceiptDocument } from '@duka/domain';
import { transform } from 'receiptline';
import { offlineSvg, receiptMarkup } from './receipt-markup.js';

/** Bytes as a receiptline command, sent as they are. */
const command = (bytes: readonly number[]) =>
  `{command:${bytes.map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('')}}\n`;
/**
 * ESC R 0, the international character set USA: ESC @ restores the printer's power-on set, which
 * its memory switches may make Germany, Spain or the UK (then "#" prints as "£", "{" as "ä").
 */
const USA_CHARACTERS = [0x1b, 0x52, 0x00] as const;
/** receiptline ends ESC/POS with GS r 1 (ask for status); over raw TCP nobody reads it. */
const STATUS_REQUEST = '\x1dr1';

/** The receipt drawn for the screen, `cpl` characters a line as the printer lays it out. */
export function receiptSvg(doc: ReceiptDocument, cpl: ReceiptColumns): string {
  return offlineSvg(
    transform(receiptMarkup(doc, cpl), {
      cpl,
      encoding: 'multilingual',
      spacing: true,
      command: 'svg',
    }),
  );
}

/**
 * Whether a receipt can open the cash drawer at all (its first print only does): one whose money
 * moves in cash, a cash sale, a cash refund (a reversal of a cash sale; a debtor's goes to their
 * account, a transfer's back by transfer), a debtor's cash payment or a credit paid out in cash.
 * A day close never does, nor a payment's void: a correction, no cash changes hands.
 */
export function opensDrawer(doc: ReceiptDocument): boolean {
  if (doc.type === 'payment' && doc.payment_kind === 'void') return false;
  return (doc.type === 'sale' || doc.type === 'reversal' || doc.type === 'payment') && doc.kind === 'cash';
}

/**
 * The receipt as ESC/POS bytes for a printer of `cpl` characters a line: ESC @ first and the USA character set, the text in
 * the printer's code pages (what none has is transliterated before it is measured, never "?"), a
 * CODE128 barcode of the number, and a cut last. With `drawer` (a cash receipt's first print) it
 * also opens the cash drawer; with `copy` (a reprint) it says "COPY" under its title.
 */
export function receiptEscPos(
  doc: ReceiptDocument,
  cpl: ReceiptColumns,
  opts: { drawer?: boolean; copy?: boolean } = {},
): Buffer {
  // after receiptline's start (ESC @ …): the character set, then the domain's drawer pulse
  const start = command([...USA_CHARACTERS, ...(opts.drawer && opensDrawer(doc) ? DRAWER_KICK : [])]);
  const markup = receiptMarkup(doc, cpl, { printable: true, copy: opts.copy === true });
  let out = transform(start + markup, {
    cpl,
    encoding: 'multilingual',
    spacing: true,
    cutting: true,
    command: 'escpos',
  });
  if (out.endsWith(STATUS_REQUEST)) out = out.slice(0, -STATUS_REQUEST.length);
  return Buffer.from(out, 'binary');
}
