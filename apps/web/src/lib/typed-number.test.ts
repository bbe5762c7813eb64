import { describe, expect, it } from 'vitest';
import { retypeMoney, retypeQuantity } from './typed-number';

describe('texts typed in one decimal sign, written again in another (a language changed, a draft came back)', () => {
  it('keeps the quantity and the amount, not the characters', () => {
    expect(retypeQuantity('0,125', ',', '.')).toBe('0.125');
    expect(retypeQuantity('1.000', ',', '.')).toBe('1000');
    expect(retypeQuantity('1,000', '.', ',')).toBe('1000');
    expect(retypeMoney('0,875', 3, ',', '.')).toBe('0.875');
    expect(retypeMoney('1.250,5', 2, ',', '.')).toBe('1250.50');
  });

  it('leaves alone a text in the same sign, an empty one and one that is no number', () => {
    expect(retypeQuantity('1,5', ',', ',')).toBe('1,5');
    expect(retypeMoney('', 2, ',', '.')).toBe('');
    expect(retypeQuantity('abc', ',', '.')).toBe('abc');
  });

  it('reads a text kept before drafts named their sign as then: either sign a decimal sign', () => {
    expect(retypeQuantity('1,000', undefined, '.')).toBe('1');
    expect(retypeMoney('12,50', 2, undefined, '.')).toBe('12.50');
  });
});
