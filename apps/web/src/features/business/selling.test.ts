import { describe, expect, it } from 'vitest';
import { bpToPercent, moneyTextFor, percentToBp } from './selling';

describe('discount limit as a percentage', () => {
  it('reads a percentage with up to two decimals as basis points', () => {
    expect(percentToBp('10')).toBe(1000);
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp('12,5')).toBe(1250);
    expect(percentToBp('0.01')).toBe(1);
    expect(percentToBp(' 7.25 ')).toBe(725);
    expect(percentToBp('0')).toBe(0);
    expect(percentToBp('100')).toBe(10_000);
  });

  it('refuses what is not a percentage from 0 to 100 with two decimals at most', () => {
    expect(percentToBp('')).toBeNull();
    expect(percentToBp('100.01')).toBeNull();
    expect(percentToBp('-1')).toBeNull();
    expect(percentToBp('1.234')).toBeNull();
    expect(percentToBp('ten')).toBeNull();
    expect(percentToBp('10%')).toBeNull();
  });

  it('writes basis points back without needless zeros', () => {
    expect(bpToPercent(1000)).toBe('10');
    expect(bpToPercent(1250)).toBe('12.5');
    expect(bpToPercent(1234)).toBe('12.34');
    expect(bpToPercent(5)).toBe('0.05');
    expect(bpToPercent(0)).toBe('0');
    expect(bpToPercent(10_000)).toBe('100');
  });

  it('round-trips every basis point value', () => {
    for (let bp = 0; bp <= 10_000; bp += 7) expect(percentToBp(bpToPercent(bp))).toBe(bp);
  });
});

describe('money re-shown for another currency', () => {
  it("re-shows an amount for the new currency's minor digits when its value fits them", () => {
    expect(moneyTextFor('0.00', 2, 0)).toBe('0');
    expect(moneyTextFor('12.00', 2, 0)).toBe('12');
    expect(moneyTextFor('12,00', 2, 0)).toBe('12');
    expect(moneyTextFor('12', 0, 2)).toBe('12.00');
    expect(moneyTextFor('12.5', 2, 3)).toBe('12.500');
    expect(moneyTextFor('12.500', 3, 2)).toBe('12.50');
  });

  it('keeps as typed what the new currency cannot hold, or what is no amount', () => {
    expect(moneyTextFor('12.50', 2, 0)).toBe('12.50');
    expect(moneyTextFor('12.505', 3, 2)).toBe('12.505');
    expect(moneyTextFor('', 2, 0)).toBe('');
    expect(moneyTextFor('five', 2, 0)).toBe('five');
    expect(moneyTextFor('1,2,50', 2, 0)).toBe('1,2,50');
    // grouped in the page's language (English): an amount
    expect(moneyTextFor('1,250.00', 2, 0)).toBe('1250');
  });
});
