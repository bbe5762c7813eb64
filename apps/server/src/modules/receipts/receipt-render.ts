import { DRAWER_KICK, type ReceiptDocument, type RollWidth } from '@duka/domain';
import { transform } from 'receiptline';
import { printableText } from './printable-text.js';
import { offlineSvg, receiptMarkup } from './receipt-markup.js';

/** The domain's drawer pulse as a receiptline command. */
const DRAWER_COMMAND = `{command:${DRAWER_KICK.map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('')}}\n`;
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

/** Whether a receipt can open the cash drawer at all: a cash sale's (its first print only does). */
export function opensDrawer(doc: ReceiptDocument): boolean {
  return doc.type === 'sale' && doc.kind === 'cash';
}

/**
 * The receipt as ESC/POS bytes for the printer: ESC @ first, the text in the printer's code pages
 * (what none has is transliterated, never "?"), a CODE128 barcode of the number, and a cut last.
 * With `drawer` (a cash sale's first print) it also opens the cash drawer.
 */
export function receiptEscPos(
  doc: ReceiptDocument,
  width: RollWidth,
  opts: { drawer?: boolean } = {},
): Buffer {
  const kick = opts.drawer && opensDrawer(doc) ? DRAWER_COMMAND : '';
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
