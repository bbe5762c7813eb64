import { transform } from 'receiptline';
import { describe, expect, it } from 'vitest';
import { escapeText, wrapText } from './receipt-markup.js';

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
