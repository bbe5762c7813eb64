import { describe, expect, it } from 'vitest';
import { UNITS, WHOLE_UNITS, isWholeUnit, quantityFitsUnit } from './units.js';

describe('whole units', () => {
  it('counts each, pack, box and pair in whole pieces; weights, volumes, lengths and the dozen in thousandths', () => {
    expect(UNITS.filter(isWholeUnit)).toEqual(['each', 'pack', 'box', 'pair']);
    expect(WHOLE_UNITS.every((u) => (UNITS as readonly string[]).includes(u))).toBe(true);
  });

  it('takes a whole number of a whole unit only, any thousandths of the others', () => {
    expect(quantityFitsUnit(2_000, 'each')).toBe(true);
    expect(quantityFitsUnit(1_500, 'each')).toBe(false);
    expect(quantityFitsUnit(500, 'pair')).toBe(false);
    expect(quantityFitsUnit(3_700, 'box')).toBe(false);
    expect(quantityFitsUnit(1, 'pack')).toBe(false);
    // a count's correction below zero, and nothing at all
    expect(quantityFitsUnit(-2_000, 'each')).toBe(true);
    expect(quantityFitsUnit(-1_500, 'each')).toBe(false);
    expect(quantityFitsUnit(0, 'each')).toBe(true);
    for (const unit of ['kg', 'g', 'litre', 'ml', 'metre', 'dozen'])
      expect(quantityFitsUnit(1_250, unit), unit).toBe(true);
    // a unit this code does not know (an older row's) is not refused
    expect(quantityFitsUnit(1_500, 'crate')).toBe(true);
  });
});
