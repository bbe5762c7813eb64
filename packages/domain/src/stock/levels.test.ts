import { describe, expect, it } from 'vitest';
import { compareLowStock, compareText, isInStock, isLowStock } from './levels.js';

describe('stock levels', () => {
  it('counts a product as in stock only when it holds more than zero', () => {
    expect([1, 0, -1_000].map(isInStock)).toEqual([true, false, false]);
  });

  it('calls a product low only with a reorder level above zero and at most that much held', () => {
    expect(isLowStock(5_000, 5_000)).toBe(true);
    expect(isLowStock(-1_000, 5_000)).toBe(true);
    expect(isLowStock(5_001, 5_000)).toBe(false);
    expect(isLowStock(0, 0)).toBe(false);
    expect(isLowStock(-1_000, 0)).toBe(false);
  });

  it('orders low stock by shortfall, then name, then id', () => {
    const p = (product_id: string, name: string, on_hand: number) => ({
      product_id,
      name,
      on_hand,
      reorder_level: 5_000,
    });
    const list = [p('2', 'Soap', 0), p('1', 'Soap', 0), p('3', 'Oil', 0), p('4', 'Rice', -1_000)];
    expect(list.sort(compareLowStock).map((x) => x.product_id)).toEqual(['4', '3', '1', '2']);
  });
});

describe('compareText', () => {
  it('orders names as people read them, the same on every machine', () => {
    expect(['banana', 'Item 10', 'apple', 'Item 2', 'Banana'].sort(compareText)).toEqual([
      'apple',
      'banana',
      'Banana',
      'Item 2',
      'Item 10',
    ]);
  });
});
