import { describe, expect, it } from 'vitest';
import { drawerDifference, expectedCash } from './daily.js';

const kinds = (cash: number) => ({
  cash: { count: 1, total: cash },
  debtor: { count: 1, total: 99_999 },
  transfer: { count: 1, total: 99_999 },
});

describe('the cash drawer of a day', () => {
  it('expects cash sales less cash refunds, plus cash debtor payments, less credit paid out and cash expenses', () => {
    const f = {
      sales: kinds(50_000),
      reversals: kinds(5_000),
      cash_debtor_payments: 2_000,
      cash_debtor_payouts: 1_500,
      cash_expenses: 7_000,
    };
    expect(expectedCash(f)).toBe(38_500);
  });

  it('records counted − expected: below zero when cash is missing', () => {
    expect(drawerDifference(39_500, 40_000)).toBe(-500);
    expect(drawerDifference(40_000, 40_000)).toBe(0);
    expect(drawerDifference(40_100, 40_000)).toBe(100);
  });
});
