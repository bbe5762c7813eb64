import { RECEIPT_COLUMNS, type ReceiptDocument } from '@duka/domain';
import { transform } from 'receiptline';
import { describe, expect, it } from 'vitest';
import { printedLines, withColumnGaps } from '../../test/escpos-text.js';
import { rowMarkup, wrapWords } from './receipt-columns.js';
import { receiptMarkup } from './receipt-markup.js';
import { receiptEscPos } from './receipt-render.js';

/** The receipt as the printer lays it out, in plain text (receiptline's text renderer). */
const asText = (markup: string, cpl: number) =>
  transform(markup, { cpl, encoding: 'multilingual', command: 'text' })
    .split('\n')
    .map((l) => l.trimEnd());

const LONG = 'Premium basmati rice extra long grain 5 kg bag';
const doc = (over: Partial<ReceiptDocument> = {}): ReceiptDocument => ({
  type: 'sale',
  id: 'r1',
  receipt_no: '000042',
  language: 'en',
  currency: 'KES',
  time_zone: 'Africa/Nairobi',
  time: '2026-11-24T09:26:53Z',
  business: {
    name: 'Mama Mboga Supermarket and General Hardware Ltd',
    address: 'Moi Avenue 12, Nairobi',
    phone: '0722000000',
    tax_number: '',
    header: '',
    footer: 'Goods once sold are exchanged within 7 days',
    payment_details: ['M-Pesa paybill 123456'],
  },
  location: 'Main shop',
  cashier: 'Grace Wanjiku',
  kind: 'cash',
  lines: [
    { name: LONG, quantity: 2000, unit: 'each', unit_price: 125_000, amount: 250_000, discount: 0 },
    { name: 'Bread', quantity: 1000, unit: 'each', unit_price: 6_500, amount: 6_000, discount: 500 },
  ],
  gross: 256_000,
  discount: 0,
  tax: 0,
  tax_rates: [],
  total: 256_000,
  tendered: 300_000,
  change: 44_000,
  debtor: null,
  balance_after: null,
  provider: null,
  reference: null,
  sale_receipt_no: null,
  reason: null,
  close: null,
  ...over,
});

/** Every word of `text` printed whole on some line of the receipt. */
const wordsWhole = (lines: string[], text: string) =>
  text
    .split(' ')
    .every((w) =>
      lines.some((l) => new RegExp(`(^|\\s)${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`).test(l)),
    );

describe('receipt rows that break between words', () => {
  it('wraps at spaces; a word longer than the line is the only thing cut', () => {
    expect(wrapWords('Premium basmati rice', 10)).toEqual(['Premium', 'basmati', 'rice']);
    expect(wrapWords('Supercalifragilistic tea', 8)).toEqual(['Supercal', 'ifragili', 'stic tea']);
    expect(wrapWords('  a   b ', 5)).toEqual(['a b']);
  });

  it('keeps a label and its value on one row, or wraps the longer side at words beside the other', () => {
    const one = asText(rowMarkup({ text: 'Served by' }, { text: 'Grace Wanjiku' }, 32).join('\n'), 32);
    expect(one[0]).toMatch(/^Served by\s+Grace Wanjiku$/);
    const reason = asText(
      rowMarkup(
        { text: 'Reason' },
        { text: 'customer returned it because the packaging was damaged' },
        32,
      ).join('\n'),
      32,
    );
    expect(wordsWhole(reason, 'customer returned it because the packaging was damaged')).toBe(true);
    expect(reason[0]).toMatch(/^Reason\s+customer/);
  });

  for (const cpl of RECEIPT_COLUMNS) {
    it(`${cpl} characters a line: product names, the shop's name and the reason wrap at word boundaries`, () => {
      const lines = asText(receiptMarkup(doc(), cpl), cpl);
      expect(wordsWhole(lines, LONG)).toBe(true);
      expect(wordsWhole(lines, 'Mama Mboga Supermarket and General Hardware Ltd')).toBe(true);
      expect(lines.some((l) => l.includes('2 pc x 1,250.00') && l.endsWith('2,500.00'))).toBe(true);
      expect(lines.every((l) => [...l].length <= cpl)).toBe(true);
      // the same in the printer's bytes
      const bytes = receiptEscPos(doc(), cpl).toString('latin1');
      for (const w of LONG.split(' ')) expect(bytes).toContain(w);
    });
  }

  it('a refund slip is titled as a refund, thanks nobody and has no footer or pay-to details', () => {
    const refund = doc({
      type: 'reversal',
      sale_receipt_no: '000041',
      reason: 'Customer returned it',
      tendered: null,
      change: null,
    });
    for (const cpl of RECEIPT_COLUMNS) {
      const text = asText(receiptMarkup(refund, cpl), cpl).join('\n');
      expect(text).toContain('REFUND');
      expect(text).toContain('Reverses receipt #000041');
      // (a wide roll prints the total double width: the text renderer spaces its letters)
      expect(text.replace(/ /g, '')).toContain('RefundedKES2,560.00');
      expect(text).toContain('Customer signature');
      expect(text).not.toContain('Thank you');
      expect(text).not.toContain('Goods once sold');
      expect(text).not.toContain('M-Pesa paybill');
    }
    const sale = asText(receiptMarkup(doc({ business: { ...doc().business, footer: '' } }), 48), 48).join(
      '\n',
    );
    expect(sale).toContain('Thank you!');
  });

  it("a debtor's sale reversed is a credit note: the amount comes off the balance, no money goes back", () => {
    const note = doc({
      type: 'reversal',
      kind: 'debtor',
      sale_receipt_no: '000042',
      reason: 'Half returned',
      tendered: null,
      change: null,
    });
    for (const cpl of RECEIPT_COLUMNS) {
      const text = asText(receiptMarkup(note, cpl), cpl).join('\n');
      expect(text).toContain('CREDIT NOTE');
      expect(text.replace(/ /g, '')).toContain('CreditedKES2,560.00');
      expect(text).not.toContain('REFUND');
      expect(text).not.toContain('Refunded');
    }
    const es = asText(receiptMarkup({ ...note, language: 'es' }, 48), 48).join('\n');
    expect(es).toContain('NOTA DE CRÉDITO');
  });
});

describe('the total at double width', () => {
  /** The receipt's printed lines: the ESC/POS bytes read back, a space where a column starts. */
  const printed = (d: ReceiptDocument, cpl: 32 | 42 | 48) =>
    printedLines(withColumnGaps(receiptEscPos(d, cpl))).map((l) => l.trim());
  const creditNote = (language: ReceiptDocument['language']) =>
    doc({
      type: 'reversal',
      kind: 'debtor',
      language,
      sale_receipt_no: '000041',
      total: 15_000,
      tendered: null,
      change: null,
    });
  const bigSale = (language: ReceiptDocument['language']) =>
    doc({ language, total: 149_999_040, tendered: null, change: null });

  it('is bold at single width when it does not fit on one line so, never cut in a word or a figure', () => {
    const cases = [
      [creditNote('de'), 48, /^Gutgeschrieben +150,00 KES$/],
      [creditNote('de'), 42, /^Gutgeschrieben +150,00 KES$/],
      [bigSale('en'), 42, /^TOTAL +KES 1,499,990\.40$/],
      [bigSale('de'), 42, /^SUMME +1\.499\.990,40 KES$/],
    ] as const;
    for (const [d, cpl, row] of cases) {
      const lines = printed(d, cpl);
      expect(
        lines.filter((l) => row.test(l)),
        `${d.language} ${cpl}: ${lines.join('|')}`,
      ).toHaveLength(1);
      // the screen's receipt (the same markup) keeps the row whole as well
      expect(
        asText(receiptMarkup(d, cpl), cpl).some((l) => row.test(l.trim())),
        `${d.language} ${cpl}`,
      ).toBe(true);
    }
  });

  it('stays double width where it fits', () => {
    const wide = asText(receiptMarkup(bigSale('en'), 48), 48);
    // receiptline's text renderer spaces the letters of double-width text
    expect(wide.some((l) => /^T O T A L +K E S {3}1 , 4 9 9 , 9 9 0 \. 4 0$/.test(l))).toBe(true);
    const note = asText(receiptMarkup(creditNote('en'), 42), 42);
    expect(note.some((l) => /^C r e d i t e d +K E S {3}1 5 0 \. 0 0$/.test(l))).toBe(true);
  });
});

describe('the lines as a table (42 and 48 characters)', () => {
  it("right-aligns each line's quantity, so the quantities of the lines line up", () => {
    const d = doc({
      lines: [
        {
          name: 'Beans (loose)',
          quantity: 1250,
          unit: 'kg',
          unit_price: 17_000,
          amount: 21_250,
          discount: 0,
        },
        {
          name: 'Bar soap 800 g',
          quantity: 2000,
          unit: 'each',
          unit_price: 15_000,
          amount: 30_000,
          discount: 0,
        },
      ],
    });
    for (const cpl of [42, 48] as const) {
      const lines = asText(receiptMarkup(d, cpl), cpl);
      const beans = lines.find((l) => l.startsWith('Beans (loose)'));
      const soap = lines.find((l) => l.startsWith('Bar soap 800 g'));
      expect(beans, lines.join('\n')).toMatch(/1\.25 kg x 170\.00 +212\.50$/);
      expect(soap, lines.join('\n')).toMatch(/2 pc x 150\.00 +300\.00$/);
      // the quantities end in the same column, as the amounts do
      expect(beans!.indexOf('x 170.00'), `${cpl}\n${beans}\n${soap}`).toBe(soap!.indexOf('x 150.00'));
      expect(beans!.length).toBe(soap!.length);
    }
  });
});
