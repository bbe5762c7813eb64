import { describe, expect, it } from 'vitest';
import { cashDifference, signOf } from './difference';

describe('the cash difference when closing a day', () => {
  it('is counted less expected, in minor units', () => {
    expect(cashDifference('990', 2, 100_000)).toEqual({ counted: 99_000, difference: -1_000, sign: 'short' });
    expect(cashDifference('1000.50', 2, 100_000)).toEqual({ counted: 100_050, difference: 50, sign: 'over' });
    expect(cashDifference('1000', 2, 100_000)).toEqual({ counted: 100_000, difference: 0, sign: 'exact' });
    expect(cashDifference('12,5', 2, 0)).toEqual({ counted: 1_250, difference: 1_250, sign: 'over' });
  });

  it('follows the currency: no minor digits, three minor digits', () => {
    expect(cashDifference('500', 0, 600)).toEqual({ counted: 500, difference: -100, sign: 'short' });
    expect(cashDifference('1.234', 3, 1_000)).toEqual({ counted: 1_234, difference: 234, sign: 'over' });
    expect(cashDifference('1.5', 0, 0).counted).toBeNull();
  });

  it('shows nothing until a valid amount is typed', () => {
    for (const text of ['', '  ', 'abc', '-5', '1,00,0.00', '1.000,00', '10.123'])
      expect(cashDifference(text, 2, 500)).toEqual({ counted: null, difference: null, sign: null });
  });

  it('names the sign', () => {
    expect([signOf(-1), signOf(0), signOf(7)]).toEqual(['short', 'exact', 'over']);
  });
});
