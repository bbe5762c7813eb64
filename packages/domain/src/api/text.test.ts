import { describe, expect, it } from 'vitest';
import { businessUpdateSchema } from './business.js';
import { barcodeSchema, productInputSchema, productQuerySchema } from './stock.js';
import { isSafeMultiline, isSafeText, safeMultiline, safeText } from './text.js';
import { transferReferenceSchema } from './sales.js';

const refusedEverywhere: [string, string][] = [
  ['NUL', 'Sugar\u0000'],
  ['bell', 'Su\u0007gar'],
  ['escape', '\u001b[31mSugar'],
  ['vertical tab', 'Su\u000bgar'],
  ['carriage return alone', 'Su\rgar'],
  ['DEL', 'Sugar\u007f'],
  ['a C1 control (NEL)', 'Su\u0085gar'],
  ['a C1 control (CSI)', 'Su\u009bgar'],
  ['LRE', '\u202aSugar'],
  ['RLE', '\u202bSugar'],
  ['PDF', 'Sugar\u202c'],
  ['LRO', '\u202dSugar'],
  ['RLO (right-to-left override)', 'Sugar \u202egk 1'],
  ['LRI', '\u2066Sugar'],
  ['RLI', '\u2067Sugar'],
  ['FSI', '\u2068Sugar'],
  ['PDI', 'Sugar\u2069'],
  ['line separator', 'Su\u2028gar'],
  ['paragraph separator', 'Su\u2029gar'],
  ['a lone high surrogate', 'Su\ud83dgar'],
  ['a lone low surrogate', 'Su\ude00gar'],
];

describe('safeText (single line)', () => {
  it.each(refusedEverywhere)('refuses %s', (_what, text) => {
    const r = safeText().safeParse(text);
    expect(r.success).toBe(false);
    expect(isSafeText(text)).toBe(false);
  });

  it.each([
    ['a tab', 'Su\tgar'],
    ['a line feed', 'Su\ngar'],
    ['a Windows line end', 'Su\r\ngar'],
  ])('refuses %s inside', (_what, text) => {
    expect(safeText().safeParse(text).success).toBe(false);
  });

  it('accepts letters of every script, emoji, marks and the right-to-left mark', () => {
    for (const text of ['Café 12', 'Ñandú', 'چای سبز', 'שוקו', 'Maziwa 🥛', 'a\u200fb', 'Zucker – 1 kg'])
      expect(safeText().parse(text)).toBe(text);
  });

  it('normalises to NFC and trims, as before', () => {
    expect(safeText().parse('  Cafe\u0301  ')).toBe('Caf\u00e9');
    expect(safeText().parse('\tSugar\n')).toBe('Sugar');
  });

  it('keeps min, max and regex chainable', () => {
    const s = safeText().min(2).max(4);
    expect(s.safeParse('a').success).toBe(false);
    expect(s.safeParse('abcde').success).toBe(false);
    expect(s.parse('abc')).toBe('abc');
  });
});

describe('safeMultiline', () => {
  it.each(refusedEverywhere)('refuses %s', (_what, text) => {
    expect(safeMultiline().safeParse(text).success).toBe(false);
    expect(isSafeMultiline(text)).toBe(false);
  });

  it('keeps tabs and line feeds; a Windows line end becomes a line feed', () => {
    expect(safeMultiline().parse('Plot 4\tMoi Avenue\nNairobi')).toBe('Plot 4\tMoi Avenue\nNairobi');
    expect(safeMultiline().parse('Asante!\r\nKaribu tena')).toBe('Asante!\nKaribu tena');
  });
});

describe('the request schemas use it', () => {
  it('a product name, a search and the receipt footer', () => {
    const product = { name: 'Sugar', code: 'S1', price: 100 };
    expect(productInputSchema.safeParse(product).success).toBe(true);
    for (const bad of ['Sugar\u0000', 'Sugar\u0007', 'Sugar\u202e', 'Su\tgar']) {
      const r = productInputSchema.safeParse({ ...product, name: bad });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(['name']);
      expect(productQuerySchema.safeParse({ q: bad }).success).toBe(false);
    }
    expect(businessUpdateSchema.parse({ receipt_footer: 'Asante\tsana\nKaribu' }).receipt_footer).toBe(
      'Asante\tsana\nKaribu',
    );
    expect(businessUpdateSchema.safeParse({ receipt_footer: 'Asante\u202e' }).success).toBe(false);
  });
});

describe('a transfer reference', () => {
  it('is put in capitals, then held to 60 characters as stored: 30 × ß is 60 × S, 31 refused', () => {
    expect(transferReferenceSchema.parse('  qk7abc1x ')).toBe('QK7ABC1X');
    expect(transferReferenceSchema.parse('ß'.repeat(30))).toBe('S'.repeat(60));
    expect(transferReferenceSchema.safeParse('ß'.repeat(31)).success).toBe(false);
    expect(transferReferenceSchema.safeParse('q'.repeat(61)).success).toBe(false);
  });
});

describe('a barcode', () => {
  it('is printable characters without spaces or "|" (the CSV puts "|" between barcodes)', () => {
    expect(barcodeSchema.safeParse('6161101234567').success).toBe(true);
    expect(barcodeSchema.safeParse('AB-12/{x}~').success).toBe(true);
    for (const bad of ['AB|CD', 'AB CD', 'é1']) expect(barcodeSchema.safeParse(bad).success, bad).toBe(false);
  });
});
