import { describe, expect, it } from 'vitest';
import { type Cart, cartReducer, emptyCart } from './cart';
import { product } from './test-fixtures';
import { CART_KEY, PARKED_KEY, parkSale, readCart, readParked, takeParked, writeCart } from './parked';
import { EMPTY_PAY, checkPayment, paymentOf, quickAmounts, tenderedOf } from './payment';

const withSugar = (id: string): Cart => cartReducer(emptyCart(id, 'L1'), { type: 'add', product: product() });

describe('the cart kept on this device', () => {
  it('survives a reload: written and read back whole; a broken entry starts over', () => {
    const c = withSugar('s1');
    writeCart(c);
    expect(readCart()).toEqual(c);
    localStorage.setItem(CART_KEY, '{not json');
    expect(readCart()).toBeNull();
    localStorage.setItem(CART_KEY, JSON.stringify({ id: 3 }));
    expect(readCart()).toBeNull();
  });

  it('parks sales newest first, resumes one by id, and keeps its id (a retry stays the same sale)', () => {
    parkSale(withSugar('a'), 'Mama Wanjiru', new Date('2026-03-01T08:00:00Z'));
    const list = parkSale(withSugar('b'), '', new Date('2026-03-01T09:00:00Z'));
    expect(list.map((p) => p.cart.id)).toEqual(['b', 'a']);
    expect(readParked()[1]).toMatchObject({ name: 'Mama Wanjiru', parked_at: '2026-03-01T08:00:00.000Z' });

    const { sale, list: left } = takeParked('a');
    expect(sale?.cart).toEqual(withSugar('a'));
    expect(left.map((p) => p.cart.id)).toEqual(['b']);
    expect(takeParked('a').sale).toBeNull();
    takeParked('b');
    expect(localStorage.getItem(PARKED_KEY)).toBeNull();
  });

  it('parking the same sale again replaces it rather than doubling it', () => {
    parkSale(withSugar('a'), 'first');
    parkSale(withSugar('a'), 'again');
    expect(readParked().map((p) => p.name)).toEqual(['again']);
    localStorage.setItem(PARKED_KEY, JSON.stringify([{ name: 'x', cart: { id: 1 } }, null]));
    expect(readParked()).toEqual([]);
  });
});

describe('paying', () => {
  it('quick amounts: the exact total, then round sums above it', () => {
    expect(quickAmounts(60500, 2)).toEqual([60500, 65000, 70000, 80000]);
    expect(quickAmounts(100000, 2)).toEqual([100000, 200000, 500000, 1000000]);
    expect(quickAmounts(1250, 0)).toEqual([1250, 1300, 1400, 1500]);
  });

  it('an empty tendered amount is the exact total; too little or not a number is refused', () => {
    expect(tenderedOf('', 60500, 2)).toBe(60500);
    expect(tenderedOf('1000', 60500, 2)).toBe(100000);
    expect(tenderedOf('1,000.00', 60500, 2)).toBeNull();
    expect(checkPayment('cash', { ...EMPTY_PAY, tendered: '600' }, 60500, 2)).toEqual({
      tendered: 'till.errors.tenderedTooLow',
    });
    expect(checkPayment('cash', { ...EMPTY_PAY, tendered: 'abc' }, 60500, 2)).toEqual({
      tendered: 'till.errors.badAmount',
    });
    expect(paymentOf('cash', EMPTY_PAY, 60500, 2)).toEqual({ tendered: 60500 });
  });

  it('a debtor sale checks the credit limit; a transfer needs provider and reference', () => {
    const debtor = {
      id: 'd1',
      name: 'Otieno',
      phone: '',
      id_number: '',
      credit_limit: 100000,
      balance: 50000,
      available: 50000,
      active: true,
      note: '',
      last_activity_at: null,
      created_at: '',
      updated_at: '',
    };
    expect(checkPayment('debtor', EMPTY_PAY, 100, 2)).toEqual({ debtor_id: 'till.errors.debtorRequired' });
    expect(checkPayment('debtor', { ...EMPTY_PAY, debtor }, 50000, 2)).toEqual({});
    expect(checkPayment('debtor', { ...EMPTY_PAY, debtor }, 50001, 2)).toEqual({
      debtor_id: 'till.errors.creditLimit',
    });
    expect(checkPayment('transfer', { ...EMPTY_PAY, provider_id: 'm' }, 100, 2)).toEqual({
      reference: 'till.errors.referenceRequired',
    });
    expect(paymentOf('transfer', { ...EMPTY_PAY, provider_id: 'm', reference: ' qwe12 ' }, 100, 2)).toEqual({
      provider_id: 'm',
      reference: 'QWE12',
    });
  });
});
