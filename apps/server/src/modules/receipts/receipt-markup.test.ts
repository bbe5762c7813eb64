import { transform } from 'receiptline';
import { describe, expect, it } from 'vitest';
import { RECEIPT_COLUMNS, type ReceiptDocument } from '@duka/domain';
import { printableText } from './printable-text.js';
import { escapeText, receiptMarkup, wrapText } from './receipt-markup.js';

/** ESC/POS bytes of one line of markup, as the receipts are printed. */
const escpos = (markup: string) =>
  Buffer.from(transform(markup, { command: 'escpos', cpl: 42, encoding: 'multilingual' }), 'binary');
const GS_INVERT_ON = Buffer.from([0x1d, 0x42, 0x31]); // GS B "1"
const ESC_UNDERLINE_ON = Buffer.from([0x1b, 0x2d, 0x32]); // ESC - "2", as receiptline writes it

describe('user text on a receipt', () => {
  it('prints every markup character as itself, never as markup', () => {
    const text = 'a\\b|c{d}e-f=g~h_i"j`k^l';
    const out = escpos(escapeText(text)).toString('latin1');
    expect(out).toContain(text);
    expect(escpos(escapeText(text)).includes(GS_INVERT_ON)).toBe(false);
    expect(escpos(escapeText(text)).includes(ESC_UNDERLINE_ON)).toBe(false);
    // Without the escaping, a backtick does switch on inverted printing: the check can fail.
    expect(escpos('Soap`INVERTED').includes(GS_INVERT_ON)).toBe(true);
    expect(escpos('Soap_UNDERLINED').includes(ESC_UNDERLINE_ON)).toBe(true);
  });

  it('escapes what Unicode normalisation turns into markup (U+1FEF is a backtick in NFC)', () => {
    const name = 'Soap\u1fefINVERTED';
    expect('\u1fef'.normalize('NFC')).toBe('`');
    expect(escpos(escapeText(name)).includes(GS_INVERT_ON)).toBe(false);
    expect(wrapText(name, 42).every((l) => !escpos(l).includes(GS_INVERT_ON))).toBe(true);
    expect(escpos(escapeText(name)).toString('latin1')).toContain('Soap`INVERTED');
  });

  it('keeps a line break in user text from starting a new receipt line', () => {
    expect(escapeText('Line one\nline two | three')).toBe('Line one line two \\| three');
  });
});

/** A sale of one line, in a language and currency. */
const saleOf = (
  language: ReceiptDocument['language'],
  currency: string,
  quantity: number,
): ReceiptDocument => ({
  type: 'sale',
  id: 'sale-1',
  receipt_no: '000001',
  language,
  currency,
  time_zone: 'Africa/Nairobi',
  time: '2026-11-24T09:26:00Z',
  business: {
    name: 'Duka',
    address: '',
    phone: '',
    tax_number: '',
    header: '',
    footer: '',
    payment_details: [],
  },
  location: 'Main',
  cashier: 'owner',
  kind: 'cash',
  lines: [{ name: 'Sugar', quantity, unit: 'kg', unit_price: 18_000, amount: 18_000, discount: 0 }],
  gross: 18_000,
  discount: 0,
  tax: 0,
  tax_rates: [],
  total: 18_000,
  tendered: null,
  change: null,
  debtor: null,
  balance_after: null,
  provider: null,
  reference: null,
  sale_receipt_no: null,
  reason: null,
  close: null,
});

describe("a line's quantity on a receipt", () => {
  it('follows the language as the money does: decimal comma and grouping in German', () => {
    for (const cpl of RECEIPT_COLUMNS) {
      const markup = receiptMarkup(saleOf('de', 'KES', 1_234_500), cpl);
      expect(markup).toContain('1.234,5 kg x 180,00');
      expect(markup).not.toContain('1234.5');
    }
    expect(receiptMarkup(saleOf('en', 'KES', 1_234_500), 48)).toContain('1,234.5 kg x 180.00');
  });

  it('groups with a space the printer has where the locale groups with one (pt in Mozambique)', () => {
    const markup = receiptMarkup(saleOf('pt', 'MZN', 12_345_500), 48);
    expect(markup).toMatch(/12\u00a0345,5 kg x 180,00/);
    expect(markup).not.toContain('\u202f');
    // every character of it prints as itself: nothing dropped or turned into "?"
    expect(printableText(markup)).toBe(markup);
  });
});

describe("a receipt's money", () => {
  it("writes every figure in the business's locale: the total and the change as the lines (Spanish in Mexico)", () => {
    const doc: ReceiptDocument = {
      ...saleOf('es', 'MXN', 1000),
      lines: [
        { name: 'Azucar', quantity: 1000, unit: 'pc', unit_price: 184_482, amount: 184_482, discount: 0 },
      ],
      gross: 184_482,
      total: 184_482,
      tendered: 200_000,
      change: 15_518,
    };
    const markup = receiptMarkup(doc, 48);
    // es-MX writes 1,844.82 for the line and the cash tendered; the total and change the same way
    expect(markup).toContain('1,844.82');
    expect(markup).toContain('2,000.00');
    expect(markup).toContain('155.18');
    expect(markup).not.toMatch(/1844,82|155,18/);
  });

  it('keeps a figure grouped with a space on one line of a 58 mm roll (English in South Africa)', () => {
    const doc: ReceiptDocument = {
      ...saleOf('en', 'ZAR', 12_345),
      lines: [
        {
          name: 'Rice',
          quantity: 12_345,
          unit: 'kg',
          unit_price: 1_234_500,
          amount: 15_239_903,
          discount: 0,
        },
      ],
      gross: 15_239_903,
      total: 15_239_903,
    };
    const lines = receiptMarkup(doc, 32).split('\n');
    // the unit price's groups stay together: "12 345,00" is never cut after "12"
    expect(lines.some((l) => /12[\u00a0 ]345,00/.test(l))).toBe(true);
    expect(lines.some((l) => /x 12\s*$/.test(l))).toBe(false);
  });
});

// The QA: a day close printed its day as 2026-12-07, "Served by" and the customers' "Thank you",
// and a surplus without its sign.
describe('a day close on paper', () => {
  const closeOf = (difference: number): ReceiptDocument => ({
    ...saleOf('de', 'KES', 1000),
    type: 'close',
    kind: null,
    lines: [],
    total: 0,
    business: { ...saleOf('de', 'KES', 1000).business, footer: 'Vielen Dank für Ihren Einkauf!' },
    close: { day: '2026-12-07', expected: 100_000, counted: 100_000 + difference, difference },
  });
  const text = (doc: ReceiptDocument) => receiptMarkup(doc, 48).replace(/\s+/g, ' ');

  it('writes its day as the locale does, who closed it, and no words for a customer', () => {
    const shown = text(closeOf(-500));
    expect(shown).toContain('07.12.26');
    expect(shown).not.toContain('2026-12-07');
    expect(shown).toContain('Abgeschlossen von');
    expect(shown).not.toContain('Es bediente Sie');
    expect(shown).not.toContain('Vielen Dank');
    expect(shown).toMatch(/-5,00 KES/);
  });

  it('gives a surplus its plus sign', () => {
    expect(text(closeOf(762_000))).toMatch(/\+7\.620,00 KES/);
  });
});
