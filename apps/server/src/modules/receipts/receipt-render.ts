import type { ReceiptDocument, RollWidth } from '@duka/domain';
import { transform } from 'receiptline';
import { printableText } from './printable-text.js';
import { offlineSvg, receiptMarkup } from './receipt-markup.js';

/** ESC p 0 25 250: pulse the cash drawer on pin 2 (50 ms on, 500 ms off). */
const DRAWER_KICK = '{command:\\x1bp\\x00\\x19\\xfa}\n';
/** receiptline ends ESC/POS with GS r 1 (ask for status); over raw TCP nobody reads it. */
const STATUS_REQUEST = '\x1dr1';

const cpl = (width: RollWidth) => (width === 58 ? 32 : 48);

/** The receipt drawn for the screen. */
export function receiptSvg(doc: ReceiptDocument, width: RollWidth): string {
  return offlineSvg(
    transform(receiptMarkup(doc, width), {
      cpl: cpl(width),
      encoding: 'multilingual',
      spacing: true,
      command: 'svg',
    }),
  );
}

/**
 * The receipt as ESC/POS bytes for the printer: ESC @ first, the text in the printer's code pages
 * (what none has is transliterated, never "?"), a CODE128 barcode of the number, and a cut last.
 * A cash sale also opens the cash drawer.
 */
export function receiptEscPos(doc: ReceiptDocument, width: RollWidth): Buffer {
  const kick = doc.type === 'sale' && doc.kind === 'cash' ? DRAWER_KICK : '';
  let out = transform(kick + printableText(receiptMarkup(doc, width)), {
    cpl: cpl(width),
    encoding: 'multilingual',
    spacing: true,
    cutting: true,
    command: 'escpos',
  });
  if (out.endsWith(STATUS_REQUEST)) out = out.slice(0, -STATUS_REQUEST.length);
  return Buffer.from(out, 'binary');
}
