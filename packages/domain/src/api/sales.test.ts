import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatReceiptNo, receiptNoCandidates } from '../sales/receipt-no.js';
import { receiptNoParamSchema } from './sales.js';

const seriesArb = fc.stringMatching(/^[BCDEFGHJKLMNPQRSTUVWXYZ]{0,2}$/);

describe('receipt numbers', () => {
  it('read with six digits at least', () => {
    expect(formatReceiptNo('', 42)).toBe('000042');
    expect(formatReceiptNo('B', 1_234_567)).toBe('B1234567');
  });

  it('are found as typed: with or without # and the leading zeros', () => {
    expect(receiptNoCandidates('#123')).toEqual(['123', '000123']);
    expect(receiptNoCandidates('000123')).toEqual(['000123']);
    expect(receiptNoParamSchema.parse('#000123')).toBe('000123');
  });

  it('of a series are found with the zeros put back after the letters, in any case', () => {
    expect(receiptNoCandidates('B123')).toEqual(['B123', 'B000123']);
    expect(receiptNoCandidates('#b1')).toEqual(['b1', 'B1', 'B000001']);
    expect(receiptNoCandidates('BC000042')).toEqual(['BC000042']);
    expect(receiptNoParamSchema.parse('B123')).toBe('B123');
  });

  it('every number written is found by its series and its number without zeros', () => {
    fc.assert(
      fc.property(seriesArb, fc.integer({ min: 1, max: 99_999_999 }), fc.boolean(), (series, n, lower) => {
        const written = formatReceiptNo(series, n);
        const typed = `${lower ? series.toLowerCase() : series}${n}`;
        expect(receiptNoCandidates(typed)).toContain(written);
        expect(receiptNoCandidates(`#${written}`)).toContain(written);
        // Never a number of another series: every candidate keeps the typed letters.
        for (const c of receiptNoCandidates(typed)) expect(c.toUpperCase().startsWith(series)).toBe(true);
      }),
    );
  });
});
