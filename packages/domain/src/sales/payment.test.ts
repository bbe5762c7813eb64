import { describe, expect, it } from 'vitest';
import { rolesFromFlags } from '../permissions.js';
import {
  changeDue,
  mayReverse,
  maySell,
  overCreditLimit,
  overpays,
  paymentFieldsNotOf,
  sellableKinds,
} from './payment.js';

const staff = (...flags: string[]) => ({ role: 'staff', roles: rolesFromFlags(flags) });

describe('who may sell and reverse each kind of sale', () => {
  it('lets admins (any case) make and reverse every kind', () => {
    for (const role of ['admin', 'Admin', ' ADMIN ']) {
      expect(sellableKinds({ role, roles: {} })).toEqual(['cash', 'debtor', 'transfer']);
      expect(mayReverse({ role, roles: {} }, 'cash')).toBe(true);
    }
  });

  it('gives staff the kinds of their flags, in the till’s order', () => {
    expect(sellableKinds(staff('sell_transfer', 'sell_cash'))).toEqual(['cash', 'transfer']);
    expect(maySell(staff('sell_debtors'), 'debtor')).toBe(true);
    expect(maySell(staff('sell_debtors'), 'cash')).toBe(false);
  });

  it('reverses cash with reversing_cash, debtor and transfer sales with their selling flags', () => {
    expect(mayReverse(staff('sell_cash'), 'cash')).toBe(false);
    expect(mayReverse(staff('reversing_cash'), 'cash')).toBe(true);
    expect(mayReverse(staff('sell_debtors'), 'debtor')).toBe(true);
    expect(mayReverse(staff('sell_transfer'), 'transfer')).toBe(true);
    expect(mayReverse(staff('reversing_cash'), 'transfer')).toBe(false);
  });
});

describe('how each kind is paid', () => {
  it('keeps each payment field to its own kind', () => {
    expect(paymentFieldsNotOf('cash')).toEqual(['debtor_id', 'provider_id', 'reference']);
    expect(paymentFieldsNotOf('debtor')).toEqual(['tendered', 'provider_id', 'reference']);
    expect(paymentFieldsNotOf('transfer')).toEqual(['tendered', 'debtor_id']);
  });

  it('gives change on cash; less than the total is short', () => {
    expect(changeDue(50_000, 43_550)).toBe(6_450);
    expect(changeDue(43_550, 43_550)).toBe(0);
    expect(changeDue(40_000, 43_550)).toBeLessThan(0);
  });

  it('allows credit up to the limit, not beyond', () => {
    const debtor = { balance: 60_000, credit_limit: 100_000 };
    expect(overCreditLimit(debtor, 40_000)).toBe(false);
    expect(overCreditLimit(debtor, 40_001)).toBe(true);
    expect(overCreditLimit({ balance: 120_000, credit_limit: 100_000 }, 0)).toBe(true);
  });

  it('takes a debtor’s payment up to what they owe', () => {
    expect(overpays(5_000, 5_000)).toBe(false);
    expect(overpays(5_000, 5_001)).toBe(true);
    expect(overpays(0, 1)).toBe(true);
  });
});
