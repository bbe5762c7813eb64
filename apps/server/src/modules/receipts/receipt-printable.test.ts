/**
 * The receipt's ESC/POS for text the printer's code pages lack, and for a printer set to another
 * country's characters: rendered from a document, read back as the printer prints it.
 */
import { RECEIPT_COLUMNS, type ReceiptDocument } from '@duka/domain';
import { describe, expect, it } from 'vitest';
import { printedLines, printedText } from '../../test/escpos-text.js';
import { receiptEscPos } from './receipt-render.js';

const CUT = Buffer.from([0x1d, 0x56]); // GS V
const count = (bytes: Buffer, needle: Buffer) => {
  let n = 0;
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) n += 1;
  return n;
};

const business: ReceiptDocument['business'] = {
  name: 'Mama Mboga',
  address: 'Moi Avenue',
  phone: '0700 000000',
  tax_number: '',
  header: '',
  footer: '',
  payment_details: [],
};

const doc = (over: Partial<ReceiptDocument> = {}): ReceiptDocument => ({
  type: 'sale',
  id: 'x',
  receipt_no: '000123',
  language: 'en',
  currency: 'KES',
  time_zone: 'Africa/Nairobi',
  time: '2026-11-24T09:26:53Z',
  business,
  location: 'Main',
  cashier: 'Wanjiku',
  kind: 'cash',
  lines: [{ name: 'Sugar', quantity: 1000, unit: 'kg', unit_price: 18_000, amount: 18_000, discount: 0 }],
  gross: 18_000,
  discount: 0,
  tax: 0,
  tax_rates: [],
  total: 18_000,
  tendered: 20_000,
  change: 2_000,
  debtor: null,
  balance_after: null,
  provider: null,
  reference: null,
  sale_receipt_no: null,
  reason: null,
  close: null,
  ...over,
});

describe('receipt ESC/POS: text in the printer’s letters before the markup', () => {
  it('prints a footer line of "≠" signs as text, not as a paper cut mid-receipt', () => {
    // "≠" is in no code page and is written "=": a markup line of "=" is receiptline's cut, so
    // the letters are replaced before escaping, never in the finished markup
    for (const cpl of RECEIPT_COLUMNS) {
      const bytes = receiptEscPos(doc({ business: { ...business, footer: 'Karibu tena\n≠≠≠≠≠≠' } }), cpl);
      expect(count(bytes, CUT)).toBe(1);
      const text = printedText(bytes);
      expect(text).toContain('Karibu tena');
      expect(text).toContain('======');
    }
  });

  it('measures the columns on the letters printed: spelled Greek (θ → th) wraps at words within the line', () => {
    // each word is longer once spelled in Latin letters than as written
    const name = 'Ψωμί θυμάρι ψητό φθινόπωρο χωριάτικο ψωμάκι θεσσαλίας';
    const spelled = ['Psomi', 'thymari', 'psito', 'fthinoporo', 'choriatiko', 'psomaki', 'thessalias'];
    for (const cpl of RECEIPT_COLUMNS) {
      const bytes = receiptEscPos(
        doc({
          location: name,
          lines: [{ ...doc().lines[0]!, name }],
          business: { ...business, footer: name },
        }),
        cpl,
      );
      const lines = printedLines(bytes);
      for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(cpl);
      // every word whole on a line, in each of the three places (a column's gap is a command)
      const text = lines.join('\n');
      for (const w of spelled) expect(text.split(w).length - 1, w).toBe(3);
    }
  });
});

describe('receipt ESC/POS: the international character set', () => {
  it('selects USA (ESC R 0) after ESC @, so "#", "@", "[", "{", "|", "~" print as themselves', () => {
    // ESC @ restores the printer's power-on set, which a memory switch may have made
    // Germany, Spain or the UK (then "#" prints as "£" or "Pt", "@" as "§", "{" as "ä")
    const footer = 'a@duka.ke #1 [ok] {x|y} ~';
    for (const cpl of RECEIPT_COLUMNS) {
      const bytes = receiptEscPos(doc({ business: { ...business, footer } }), cpl);
      const init = bytes.indexOf(Buffer.from([0x1b, 0x40]));
      const usa = bytes.indexOf(Buffer.from([0x1b, 0x52, 0x00]));
      expect(init).toBe(0);
      expect(usa).toBeGreaterThan(init);
      expect(usa).toBeLessThan(bytes.indexOf(Buffer.from('Mama Mboga')));
      expect(printedText(bytes)).toContain(footer);
    }
  });
});
