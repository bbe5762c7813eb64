import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineAmount } from '../quantity.js';
import {
  type CartLine,
  MAX_SALE_AMOUNT,
  allocate,
  cartProblems,
  maxDiscountOn,
  priceSale,
  reversalShare,
  taxIncluded,
} from './cart.js';

const line = fc.record({
  quantity: fc.integer({ min: 1, max: 50_000_000 }),
  unit_price: fc.integer({ min: 0, max: 100_000_000 }),
  tax_rate: fc.constantFrom(0, 800, 1600, 2500),
  discount: fc.constant(0),
});
/** A cart whose line discounts fit within each line. */
const cart = fc
  .array(fc.tuple(line, fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 12 })
  .map((xs) =>
    xs.map(([l, f]): CartLine => ({ ...l, discount: Math.floor(lineAmount(l.quantity, l.unit_price) * f) })),
  );

describe('sale totals', () => {
  it('examples: tax inside tax-inclusive prices, per line, half away from zero', () => {
    expect(taxIncluded(11_600, 1600)).toBe(1600); // 116.00 at 16 % holds 16.00
    expect(taxIncluded(10_000, 1600)).toBe(1379); // 13.793… → 13.79
    expect(taxIncluded(5_000, 0)).toBe(0);
    const s = priceSale(
      [
        { quantity: 2000, unit_price: 18_000, tax_rate: 1600, discount: 0 },
        { quantity: 250, unit_price: 15_000, tax_rate: 0, discount: 0 },
      ],
      1_000,
    );
    expect(s.gross).toBe(36_000 + 3_750);
    expect(s.lines.map((l) => l.sale_discount)).toEqual([906, 94]);
    expect(s.total).toBe(39_750 - 1_000);
    expect(s.discount).toBe(1_000);
    expect(s.tax).toBe(taxIncluded(36_000 - 906, 1600));
  });

  it('the total is the sum of the lines, and gross less every discount', () => {
    fc.assert(
      fc.property(cart, fc.double({ min: 0, max: 1, noNaN: true }), (lines, f) => {
        const afterLines = lines.reduce((s, l) => s + lineAmount(l.quantity, l.unit_price) - l.discount, 0);
        const saleDiscount = Math.floor(afterLines * f);
        const s = priceSale(lines, saleDiscount);
        expect(s.total).toBe(s.lines.reduce((x, l) => x + l.net, 0));
        expect(s.total).toBe(s.gross - s.discount);
        expect(s.discount).toBe(lines.reduce((x, l) => x + l.discount, 0) + saleDiscount);
        expect(s.lines.reduce((x, l) => x + l.sale_discount, 0)).toBe(saleDiscount);
        for (const l of s.lines) {
          expect(l.net).toBeGreaterThanOrEqual(0);
          expect(l.tax).toBeGreaterThanOrEqual(0);
          expect(l.tax).toBeLessThanOrEqual(l.net);
          expect(l.gross).toBe(lineAmount(l.quantity, l.unit_price));
        }
        expect(s.tax).toBe(s.lines.reduce((x, l) => x + l.tax, 0));
      }),
    );
  });

  it('shares the sale discount in proportion, each share within one unit of exact', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 1e9 }),
        (weights, raw) => {
          const sum = weights.reduce((s, w) => s + w, 0);
          fc.pre(sum > 0);
          const amount = Math.min(raw, sum);
          const shares = allocate(amount, weights);
          expect(shares.reduce((s, x) => s + x, 0)).toBe(amount);
          shares.forEach((x, i) => {
            const exact = (amount * weights[i]!) / sum;
            expect(Math.abs(x - exact)).toBeLessThan(1 + 1e-6);
            expect(x).toBeLessThanOrEqual(weights[i]!);
          });
        },
      ),
    );
  });

  it('tax is the rate’s share of the tax-inclusive amount, within half a unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 10_000 }), (amount, rate) => {
        const tax = taxIncluded(amount, rate);
        const exact = (amount * rate) / (10_000 + rate);
        expect(Math.abs(tax - exact)).toBeLessThanOrEqual(0.5 + 1e-3);
      }),
    );
  });

  it('is exact for large quantities at large prices (beyond 2^53 in between)', () => {
    const s = priceSale(
      [{ quantity: 999_999_999, unit_price: 99_999_999_999, tax_rate: 1600, discount: 0 }],
      0,
    );
    // 999,999.999 units × 999,999,999.99 = 999,999,998,990,000,000.01 minor units, rounded
    expect(s.gross).toBe(Number((999_999_999n * 99_999_999_999n + 500n) / 1000n));
  });
});

describe('discount limits', () => {
  const l = (discount: number): CartLine => ({ quantity: 1000, unit_price: 10_000, tax_rate: 0, discount });
  it('names what is wrong', () => {
    expect(cartProblems([], 0, null)).toEqual([{ code: 'empty', field: 'lines' }]);
    expect(cartProblems([l(10_001)], 0, null)[0]?.code).toBe('line_discount_exceeds_amount');
    expect(cartProblems([l(1_001)], 0, 1000)).toEqual([
      { code: 'line_discount_over_limit', field: 'lines.0.discount' },
    ]);
    expect(cartProblems([l(1_000)], 0, 1000)).toEqual([]);
    expect(cartProblems([l(0)], 10_001, null)[0]?.code).toBe('sale_discount_exceeds_amount');
    expect(cartProblems([l(500), l(500)], 1_001, 1000)[0]?.code).toBe('discount_over_limit');
    expect(cartProblems([l(500), l(500)], 1_000, 1000)).toEqual([]);
    expect(cartProblems([l(10_000)], 0, null)).toEqual([]); // an admin may give a line away
  });

  it('refuses a line or a sale above MAX_SALE_AMOUNT, and takes one exactly at it', () => {
    const line = (quantity: number): CartLine => ({ quantity, unit_price: 1e12, tax_rate: 0, discount: 0 });
    expect(cartProblems([line(10_000)], 0, null)).toEqual([]); // 10 units: exactly the most
    expect(lineAmount(10_000, 1e12)).toBe(MAX_SALE_AMOUNT);
    expect(cartProblems([line(10_001)], 0, null)).toEqual([
      { code: 'amount_too_large', field: 'lines.0.quantity' },
    ]);
    expect(cartProblems([line(5_000), line(5_001)], 0, null)).toEqual([
      { code: 'amount_too_large', field: 'lines' },
    ]);
    // However large the cart, the sum is refused before it could leave the exact integers.
    expect(cartProblems([line(1e9)], 0, null)[0]?.code).toBe('amount_too_large');
  });

  it('accepts exactly the largest discount the limit allows, and refuses one more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (price, bp) => {
          const max = maxDiscountOn(price, bp);
          const one: CartLine = { quantity: 1000, unit_price: price, tax_rate: 0, discount: max };
          expect(cartProblems([one], 0, bp)).toEqual([]);
          if (max < price) expect(cartProblems([{ ...one, discount: max + 1 }], 0, bp)).not.toEqual([]);
        },
      ),
    );
  });
});

describe('partial reversals', () => {
  it('give back exactly the line amount, in any number of pieces', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 10 }),
        (amount, pieces) => {
          const sold = pieces.reduce((s, p) => s + p, 0);
          let before = 0;
          let back = 0;
          for (const p of pieces) {
            const share = reversalShare(amount, sold, before, p);
            expect(share).toBeGreaterThanOrEqual(0);
            back += share;
            before += p;
          }
          expect(back).toBe(amount);
        },
      ),
    );
  });
});
