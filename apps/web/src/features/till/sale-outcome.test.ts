import { describe, expect, it } from 'vitest';
import type { Sale } from '@duka/domain';
import { type Cart, cartReducer, emptyCart } from './cart';
import {
  ON_ITS_WAY_KEY,
  followOnItsWay,
  forgetOnItsWay,
  isSameSale,
  keepOnItsWay,
  readOnItsWay,
} from './sale-outcome';
import { product } from '../../test/products';

const ID = '0190b1a0-0000-7000-8000-00000000d001';
const rice = product({ id: 'p-rice', name: 'Rice', price: 25000 });
const sugar = product({ id: 'p-sugar' });

/** A cart of 2 sugar (20 off the line) and 1 rice. */
function cart(): Cart {
  let c = emptyCart(ID, 'L1');
  c = cartReducer(c, { type: 'add', product: sugar });
  c = cartReducer(c, { type: 'add', product: sugar });
  c = cartReducer(c, { type: 'lineDiscount', key: 'p-sugar', amount: 2000 });
  return cartReducer(c, { type: 'add', product: rice });
}

/** What the server stored: its lines as given, its total. */
const stored = (lines: [string, number, number][], total: number) =>
  ({
    id: ID,
    receipt_no: '000007',
    total,
    lines: lines.map(([product_id, quantity, discount]) => ({ product_id, quantity, discount })),
  }) as unknown as Sale;

describe('whether the sale stored under the cart id is this cart’s sale', () => {
  const total = 2 * 18000 - 2000 + 25000;

  it('is, with the same products, quantities, line discounts and total (in any order)', () => {
    const same = stored(
      [
        ['p-rice', 1000, 0],
        ['p-sugar', 2000, 2000],
      ],
      total,
    );
    expect(isSameSale(same, cart(), total)).toBe(true);
  });

  it.each([
    [
      'a quantity',
      [
        ['p-sugar', 1000, 2000],
        ['p-rice', 1000, 0],
      ],
      total,
    ],
    [
      'a line discount',
      [
        ['p-sugar', 2000, 0],
        ['p-rice', 1000, 0],
      ],
      total,
    ],
    ['a line fewer', [['p-sugar', 2000, 2000]], total],
    [
      'another product',
      [
        ['p-sugar', 2000, 2000],
        ['p-salt', 1000, 0],
      ],
      total,
    ],
    [
      'the total',
      [
        ['p-sugar', 2000, 2000],
        ['p-rice', 1000, 0],
      ],
      total - 500,
    ],
  ] as [string, [string, number, number][], number][])('is not when %s differs', (_, lines, t) => {
    expect(isSameSale(stored(lines, t), cart(), total)).toBe(false);
  });
});

describe('the trace of a sale on its way', () => {
  it('is kept for its user, follows its cart, and goes once its outcome is known', () => {
    const c = cart();
    keepOnItsWay('u1', c);
    expect(readOnItsWay('u1')).toMatchObject({ user: 'u1', id: ID, cart: c });
    expect(readOnItsWay('u2')).toBeNull(); // another user of this device
    const more = cartReducer(c, { type: 'add', product: rice });
    followOnItsWay(more);
    expect(readOnItsWay('u1')?.cart).toEqual(more);
    followOnItsWay(emptyCart('another-id')); // another cart: left alone
    expect(readOnItsWay('u1')?.cart).toEqual(more);
    forgetOnItsWay('another-id');
    expect(readOnItsWay('u1')).not.toBeNull();
    forgetOnItsWay(ID);
    expect(localStorage.getItem(ON_ITS_WAY_KEY)).toBeNull();
  });

  it('ignores what is not a trace', () => {
    localStorage.setItem(ON_ITS_WAY_KEY, '{not json');
    expect(readOnItsWay('u1')).toBeNull();
    localStorage.setItem(ON_ITS_WAY_KEY, JSON.stringify({ user: 'u1', id: ID, cart: { id: 'other' } }));
    expect(readOnItsWay('u1')).toBeNull();
  });
});
