import { describe, expect, it } from 'vitest';
import type { WorkDraft } from '@duka/domain';
import { type Cart, cartReducer, emptyCart } from './cart';
import { product } from '../../test/products';
import {
  LEGACY_CART_KEY,
  LEGACY_PARKED_KEY,
  cartDraft,
  parkedDraft,
  takeLegacyTillWork,
  tillDraftsOf,
} from './parked';
import { EMPTY_PAY, checkPayment, paymentOf, quickAmounts, tenderedOf } from './payment';

const withSugar = (id: string): Cart => cartReducer(emptyCart(id, 'L1'), { type: 'add', product: product() });

describe("the cashier's cart and parked sales, from their drafts on the server", () => {
  const draft = (over: Partial<WorkDraft>): WorkDraft => ({
    id: 'x',
    kind: 'parked',
    slot: '',
    name: '',
    body: {},
    updated_at: '2026-03-01T08:00:00.000Z',
    ...over,
  });
  const body = (c: Cart) => c as unknown as WorkDraft['body'];

  it('reads back the cart and the parked sales; a broken or mislabelled one is left out', () => {
    const { cart, parked } = tillDraftsOf([
      draft({ id: 'c', kind: 'cart', body: body(withSugar('c')) }),
      draft({
        id: 'b',
        name: 'Mama Wanjiru',
        body: body(withSugar('b')),
        updated_at: '2026-03-01T09:00:00.000Z',
      }),
      draft({ id: 'a', body: body(withSugar('a')) }),
      draft({ id: 'broken', body: { id: 3 } }),
      draft({ id: 'other', body: body(withSugar('not-its-id')) }),
      draft({ id: 's', kind: 'stock', slot: 'duka.draft.receipt', body: { id: 's', lines: [] } }),
    ]);
    expect(cart).toEqual(withSugar('c'));
    expect(parked.map((p) => [p.cart.id, p.name, p.parked_at])).toEqual([
      ['b', 'Mama Wanjiru', '2026-03-01T09:00:00.000Z'],
      ['a', '', '2026-03-01T08:00:00.000Z'],
    ]);
    expect(parkedDraft(withSugar('a'), 'Juma')).toEqual({
      kind: 'parked',
      slot: '',
      name: 'Juma',
      body: withSugar('a'),
    });
    expect(cartDraft(withSugar('a')).kind).toBe('cart');
  });

  it("takes out, once, what an older till left in this browser's local storage", () => {
    localStorage.setItem(LEGACY_CART_KEY, JSON.stringify(withSugar('c')));
    localStorage.setItem(
      LEGACY_PARKED_KEY,
      JSON.stringify([
        { name: 'x', cart: { id: 1 } },
        null,
        { name: 'Otieno', parked_at: '', cart: withSugar('p') },
      ]),
    );
    const legacy = takeLegacyTillWork();
    expect(legacy.cart).toEqual(withSugar('c'));
    expect(legacy.parked.map((p) => p.name)).toEqual(['Otieno']);
    expect(localStorage.getItem(LEGACY_CART_KEY)).toBeNull();
    expect(localStorage.getItem(LEGACY_PARKED_KEY)).toBeNull();
    expect(takeLegacyTillWork()).toEqual({ cart: null, parked: [] });
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
    // in the page's language (English): grouped by commas, not by dots
    expect(tenderedOf('1,000.00', 60500, 2)).toBe(100000);
    expect(tenderedOf('1.000,00', 60500, 2)).toBeNull();
    expect(checkPayment('cash', { ...EMPTY_PAY, tendered: '600' }, 60500, 2)).toEqual({
      tendered: 'till.errors.tenderedTooLow',
    });
    expect(checkPayment('cash', { ...EMPTY_PAY, tendered: 'abc' }, 60500, 2)).toEqual({
      tendered: 'till.errors.badAmount',
    });
    // past what the server takes (it answered 422, and the till said "Enter the amount tendered")
    expect(checkPayment('cash', { ...EMPTY_PAY, tendered: '9999999999999' }, 60500, 2)).toEqual({
      tendered: 'till.errors.tenderedTooLarge',
    });
    expect(checkPayment('cash', { ...EMPTY_PAY, tendered: '10000000000' }, 60500, 2)).toEqual({});
    expect(checkPayment('cash', EMPTY_PAY, 1_000_000_000_001, 2)).toEqual({
      tendered: 'till.errors.amountTooLarge',
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
