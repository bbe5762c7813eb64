import { describe, expect, it } from 'vitest';
import type { Product } from '@duka/domain';
import { product as aProduct } from '../../../test/products';
import { addProduct, costOf, qtyOf, startingCost, totalsOf } from './lines';
import { exactMatch, lineErrorOf, moneyText } from './shared-lines';

/** As the API answers it, with no stock anywhere (the levels are no part of a line's parsing). */
const product = (over: Partial<Product> = {}): Product => aProduct({ levels: [], on_hand: 0, ...over });

describe('line entry parsing', () => {
  it("starts a received line's unit cost at the buying price, else the cost so far, else empty", () => {
    expect(startingCost(product({ buying_price: 16000 }), 2)).toBe('160.00');
    expect(startingCost(product({ buying_price: 0 }), 2)).toBe('150.50');
    expect(startingCost(product({ buying_price: 0, avg_cost: 0 }), 2)).toBe('');
    const added = addProduct([], product({ buying_price: 16000 }), 2, () => 'k');
    expect(added.lines[0]?.cost).toBe('160.00');
  });

  it('reads quantities as thousandths, more than zero', () => {
    expect(qtyOf('2')).toBe(2000);
    expect(qtyOf('0.25')).toBe(250);
    expect(qtyOf('1,5')).toBe(1500);
    expect(qtyOf('0')).toBeNull();
    expect(qtyOf('-1')).toBeNull();
    expect(qtyOf('1.2345')).toBeNull();
    expect(qtyOf('abc')).toBeNull();
  });

  it("refuses a quantity above a stock line's most (a thousand million), which the server would", () => {
    expect(qtyOf('1000000000')).toBe(1e12);
    expect(qtyOf('1000000000.001')).toBeNull();
    expect(qtyOf('9999999999')).toBeNull();
  });

  it('reads unit costs in major units as minor units', () => {
    expect(costOf('120.5', 2)).toBe(12050);
    expect(costOf('', 2)).toBe(0);
    expect(costOf('12.345', 2)).toBeNull();
    expect(costOf('1,250.00', 2)).toBe(125000);
    expect(costOf('1.250,00', 2)).toBeNull();
    expect(costOf('500', 0)).toBe(500);
    expect(moneyText(15050, 2)).toBe('150.50');
    expect(moneyText(5, 2)).toBe('0.05');
    expect(moneyText(700, 0)).toBe('700');
  });

  it('totals quantity and amount, rounding each line half away from zero', () => {
    const t = totalsOf(
      [
        { key: 'a', product_id: 'p1', name: '', code: '', unit: 'kg', qty: '0.333', cost: '1.50' },
        { key: 'b', product_id: 'p2', name: '', code: '', unit: 'each', qty: '2', cost: '10' },
        { key: 'c', product_id: 'p3', name: '', code: '', unit: 'kg', qty: '1', cost: '0' },
      ],
      2,
    );
    // kilograms and pieces are totalled apart, never added together
    expect(t).toEqual({
      lines: 3,
      quantities: [
        { unit: 'kg', quantity: 1333 },
        { unit: 'each', quantity: 2000 },
      ],
      amount: 50 + 2000,
      invalid: false,
    });
    expect(
      totalsOf([{ key: 'a', product_id: 'p', name: '', code: '', unit: '', qty: 'x', cost: '' }], 2).invalid,
    ).toBe(true);
  });

  it('names the line of a server error', () => {
    expect(lineErrorOf('lines.2.quantity')).toEqual({ index: 2, field: 'quantity' });
    expect(lineErrorOf('location_id')).toBeNull();
  });
});

describe('scanner behaviour', () => {
  it('a scanned barcode or code picks exactly that product', () => {
    const list = [product(), product({ id: 'p2', code: 'SUG2', barcodes: [] })];
    expect(exactMatch('6161100000017', list)?.id).toBe('p1');
    expect(exactMatch('sug2', list)?.id).toBe('p2');
    expect(exactMatch('Sugar', list)).toBeNull();
  });

  it('adds a new line with quantity 1 at average cost, and a second scan adds one more', () => {
    let n = 0;
    const key = () => `k${++n}`;
    const first = addProduct([], product(), 2, key);
    expect(first.lines).toHaveLength(1);
    expect(first.lines[0]).toMatchObject({ qty: '1', cost: '150.50', key: 'k1' });
    const second = addProduct(first.lines, product(), 2, key);
    expect(second.key).toBe('k1');
    expect(second.lines).toHaveLength(1);
    expect(second.lines[0]!.qty).toBe('2');
  });
});

describe("line entry in the page's language (the QA: a receipt of '1,000' saved one unit)", () => {
  const inLanguage = (lang: string, check: () => void) => {
    const was = document.documentElement.lang;
    document.documentElement.lang = lang;
    try {
      check();
    } finally {
      document.documentElement.lang = was;
    }
  };

  it('reads a thousand as a thousand in English and in German, and a kilo and a quarter as that', () => {
    inLanguage('en', () => {
      expect(qtyOf('1,000')).toBe(1_000_000);
      expect(qtyOf('1.250')).toBe(1_250);
    });
    inLanguage('de', () => {
      expect(qtyOf('1.000')).toBe(1_000_000);
      expect(qtyOf('1,250')).toBe(1_250);
      expect(costOf('1.250,50', 2)).toBe(125_050);
    });
  });

  it("writes what a field starts with in the page's decimal sign, so it reads back the same", () => {
    inLanguage('de', () => {
      expect(moneyText(1_250, 3)).toBe('1,250');
      expect(costOf(moneyText(1_250, 3), 3)).toBe(1_250);
      const p = product();
      const first = addProduct([], p, 2, () => 'k1').lines.map((l) => ({ ...l, qty: '1,125' }));
      const { lines } = addProduct(first, p, 2, () => 'k2');
      expect(lines[0]!.qty).toBe('2,125');
      expect(qtyOf(lines[0]!.qty)).toBe(2_125);
    });
  });
});
