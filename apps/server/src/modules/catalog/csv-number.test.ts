import { describe, expect, it } from 'vitest';
import { cellMoney, cellQuantity, ungroupCell } from './csv-number.js';

/** A file's numbers: thousands separators taken where they are unambiguous, never guessed. */
describe("an imported file's numbers", () => {
  it('takes commas grouping thousands out, before a decimal dot or where a decimal comma would be too precise', () => {
    expect(cellMoney('1,500.00', 2)).toBe(150_000);
    expect(cellMoney('1,500', 2)).toBe(150_000);
    expect(cellMoney(' 12,345,678.50 ', 2)).toBe(1_234_567_850);
    expect(cellMoney('1,500', 0)).toBe(1_500);
    expect(cellMoney('1,500,000', 3)).toBe(1_500_000_000);
    expect(cellMoney('1,500.250', 3)).toBe(1_500_250);
    expect(cellQuantity('1,000.5')).toBe(1_000_500);
    expect(cellQuantity('2,500,000')).toBe(2_500_000_000);
  });

  it('reads a decimal comma or dot as before', () => {
    expect(cellMoney('1,5', 2)).toBe(150);
    expect(cellMoney('120.50', 2)).toBe(12_050);
    expect(cellMoney('0,500', 3)).toBe(500);
    expect(cellMoney('1.500', 3)).toBe(1_500);
    expect(cellQuantity('1,25')).toBe(1_250);
  });

  it('refuses "1,500" where it may be one and a half (three decimals): a German 1.5, an English 1500', () => {
    expect(ungroupCell('1,500', 3)).toBeNull();
    expect(cellMoney('1,500', 3)).toBeNull();
    expect(cellQuantity('1,500')).toBeNull();
    expect(cellQuantity('12,000')).toBeNull();
  });

  it('refuses a dot grouping (the decimal sign of the file is not known) and groups that are not thousands', () => {
    for (const text of ['1.500,00', '1.500.000', '1,500,00', '1,50.00', '01,500', '1,5000', ',500', '1,500.'])
      expect([text, cellMoney(text, 2)]).toEqual([text, null]);
    expect(cellMoney('1.500', 2)).toBeNull();
    expect(cellMoney('1.500', 0)).toBeNull();
  });
});
