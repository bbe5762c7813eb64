import { describe, expect, it } from 'vitest';
import { formatReceiptNo, receiptNoCandidates, receiptNoParamSchema } from './sales.js';

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
});
