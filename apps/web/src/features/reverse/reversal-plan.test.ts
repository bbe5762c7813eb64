import { describe, expect, it } from 'vitest';
import type { Sale } from '@duka/domain';
import { leftTexts, lineOfField, planReversal, zeroTexts } from './reversal-plan';

type Line = Sale['lines'][number];
const line = (over: Partial<Line>): Line => ({
  line_no: 1,
  product_id: 'p1',
  name: 'Sugar 1 kg',
  code: 'SUG',
  unit: 'each',
  quantity: 3000,
  unit_price: 10000,
  tax_rate: 1600,
  gross: 30000,
  discount: 0,
  sale_discount: 0,
  net: 30000,
  tax: 4138,
  reversed: 0,
  ...over,
});

// 3 × 33.33 after a sale discount: 99.99 does not split evenly in thirds.
const sale = {
  lines: [
    line({ line_no: 1, quantity: 3000, net: 9999 }),
    line({ line_no: 2, name: 'Rice 2 kg', quantity: 2000, net: 70000, reversed: 1000 }),
    line({ line_no: 3, name: 'Milk', quantity: 1000, net: 6000, reversed: 1000 }),
  ],
};

describe('a reversal being prepared', () => {
  it('starts with every line at 0: nothing to reverse until a quantity is typed or Reverse all', () => {
    expect(zeroTexts(sale)).toEqual({ 1: '0', 2: '0', 3: '0' });
    const plan = planReversal(sale, zeroTexts(sale), false);
    expect(plan).toMatchObject({ count: 0, total: 0, ok: false, body: [] });
    expect(plan.lines.every((l) => l.problem === null)).toBe(true);
    const one = planReversal(sale, { ...zeroTexts(sale), 1: '1' }, false);
    expect(one).toMatchObject({ count: 1, ok: true, body: [{ line_no: 1, quantity: 1000 }] });
  });

  it('offers everything left by default', () => {
    expect(leftTexts(sale)).toEqual({ 1: '3', 2: '1', 3: '0' });
    const plan = planReversal(sale, leftTexts(sale), true);
    expect(plan.body).toBeUndefined();
    expect(plan.count).toBe(2);
    expect(plan.lines.map((l) => l.left)).toEqual([3000, 1000, 0]);
    // all of line 1 and the rest of line 2 (35000 of 70000 already given back)
    expect(plan.total).toBe(9999 + 35000);
    expect(plan.ok).toBe(true);
  });

  it('gives back the server share of a part, and the pieces add up to the line', () => {
    const one = planReversal(sale, { 1: '1', 2: '', 3: '' }, false);
    expect(one.body).toEqual([{ line_no: 1, quantity: 1000 }]);
    expect(one.total).toBe(3333);
    expect(one.count).toBe(1);
    // after one was reversed, the next two carry the rest exactly
    const after = { lines: [line({ line_no: 1, quantity: 3000, net: 9999, reversed: 1000 })] };
    const two = planReversal(after, { 1: '2' }, false);
    expect(one.total + two.total).toBe(9999);
  });

  it('handles fractions of a unit in thousandths', () => {
    const kg = { lines: [line({ line_no: 1, unit: 'kg', quantity: 1500, net: 15000 })] };
    const plan = planReversal(kg, { 1: '0.25' }, false);
    expect(plan.body).toEqual([{ line_no: 1, quantity: 250 }]);
    expect(plan.total).toBe(2500);
  });

  it('refuses more than is left, and what is not a quantity, next to the line', () => {
    const plan = planReversal(sale, { 1: '4', 2: 'abc', 3: '' }, false);
    expect(plan.lines.map((l) => l.problem)).toEqual(['tooMuch', 'badQty', null]);
    expect(plan.total).toBe(0);
    expect(plan.ok).toBe(false);
    expect(planReversal(sale, { 1: '-1' }, false).lines[0]!.problem).toBe('badQty');
  });

  it('takes back whole pieces of a line sold each, or all that is left of one kept with a fraction', () => {
    const plan = planReversal(sale, { 1: '1.5', 2: '0.5', 3: '' }, false);
    expect(plan.lines.map((l) => l.problem)).toEqual(['notWhole', 'notWhole', null]);
    expect(plan.ok).toBe(false);
    expect(plan.total).toBe(0);
    // 1.5 "each" sold before the rule: its 1.5 come back whole, half of it does not
    const old = { lines: [line({ line_no: 1, quantity: 1500, net: 15000 })] };
    expect(planReversal(old, { 1: '1.5' }, false)).toMatchObject({
      ok: true,
      body: [{ line_no: 1, quantity: 1500 }],
    });
    expect(planReversal(old, { 1: '0.5' }, false).lines[0]!.problem).toBe('notWhole');
    expect(planReversal(old, { 1: '1' }, false).ok).toBe(true);
  });

  it('needs at least one line', () => {
    const plan = planReversal(sale, { 1: '0', 2: '' }, false);
    expect(plan.count).toBe(0);
    expect(plan.ok).toBe(false);
  });

  it('finds the sale line a server error names', () => {
    const plan = planReversal(sale, { 1: '', 2: '1' }, false);
    expect(lineOfField('lines.0.quantity', plan)).toBe(2);
    expect(lineOfField('reason', plan)).toBeNull();
    expect(lineOfField('lines.5.quantity', plan)).toBeNull();
  });
});
