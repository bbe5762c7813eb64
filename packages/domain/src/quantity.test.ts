import { describe, expect, it } from 'vitest';
import {
  decimalSignOf,
  BASIS_POINTS,
  divRound,
  formatLocalQuantity,
  formatQuantity,
  incomingCost,
  lineAmount,
  marginOf,
  nextAverageCost,
  parseMoney,
  parsePositiveQuantity,
  parsePercent,
  parseQuantity,
} from './quantity.js';

describe('quantities and money', () => {
  it.each([
    ['2', 2000],
    ['0.25', 250],
    ['1,5', 1500],
    ['0.001', 1],
    ['-3', -3000],
    ['1.2345', null],
    ['abc', null],
    ['', null],
    // the largest quantity a product takes (a reorder level of 10^12 thousandths), as exported
    ['1000000000', 1e12],
    ['99999999999', null],
  ])('parses quantity %j as %j', (text, v) => expect(parseQuantity(text)).toBe(v));

  it('formats thousandths without needless zeros', () => {
    expect(formatQuantity(2000)).toBe('2');
    expect(formatQuantity(250)).toBe('0.25');
    expect(formatQuantity(1)).toBe('0.001');
    expect(formatQuantity(-1500)).toBe('-1.5');
  });

  it('formats thousandths for a locale: its decimal sign and grouping', () => {
    expect(formatLocalQuantity(1500, 'de')).toBe('1,5');
    expect(formatLocalQuantity(1_000_000_000, 'es')).toBe('1.000.000');
    expect(formatLocalQuantity(1_234_500, 'en')).toBe('1,234.5');
    expect(formatLocalQuantity(1_234_500, 'de')).toBe('1.234,5');
    expect(formatLocalQuantity(2000, 'pt')).toBe('2');
    expect(formatLocalQuantity(0, 'de')).toBe('0');
  });

  it('formats negative quantities with the sign where the locale puts it', () => {
    expect(formatLocalQuantity(-1500, 'de')).toBe('-1,5');
    expect(formatLocalQuantity(-250, 'en')).toBe('-0.25');
    expect(formatLocalQuantity(-2_000_000, 'en')).toBe('-2,000');
  });

  it('keeps every thousandth exactly, with no float error, however large', () => {
    expect(formatLocalQuantity(1, 'de')).toBe('0,001');
    expect(formatLocalQuantity(1, 'en')).toBe('0.001');
    expect(formatLocalQuantity(123_456_789_123, 'en')).toBe('123,456,789.123');
    expect(formatLocalQuantity(123_456_789_123, 'de')).toBe('123.456.789,123');
    expect(formatLocalQuantity(9_007_199_254_740_991, 'en')).toBe('9,007,199,254,740.991');
    expect(formatLocalQuantity(4_503_599_627_370_495, 'de')).toBe('4.503.599.627.370,495');
    expect(formatLocalQuantity(100, 'es')).toBe('0,1');
  });

  it('rounds half away from zero', () => {
    expect(divRound(5, 2)).toBe(3);
    expect(divRound(-5, 2)).toBe(-3);
    expect(divRound(4, 3)).toBe(1);
    expect(lineAmount(250, 18050)).toBe(4513); // 0.25 × 180.50 = 45.125 → 45.13
    expect(lineAmount(333, 100)).toBe(33);
  });

  it('parses money in major units for the currency digits', () => {
    expect(parseMoney('120.5', 2)).toBe(12050);
    expect(parseMoney('120', 2)).toBe(12000);
    expect(parseMoney('120.505', 2)).toBeNull();
    expect(parseMoney('1250', 0)).toBe(1250);
    // the largest price (10^12 minor units) of a currency without decimals, as exported
    expect(parseMoney('1000000000000', 0)).toBe(1e12);
    expect(parseMoney('10000000000000', 0)).toBeNull();
    expect(parseMoney('1.5', 0)).toBeNull();
    expect(parseMoney('1,250.00', 2)).toBeNull();
  });

  it('moves the weighted average cost on each receipt', () => {
    expect(nextAverageCost(0, 0, 10_000, 500)).toBe(500);
    expect(nextAverageCost(10_000, 500, 10_000, 700)).toBe(600);
    expect(nextAverageCost(3000, 100, 1000, 101)).toBe(100); // (3 × 100 + 1 × 101) / 4 = 100.25
    expect(nextAverageCost(-2000, 400, 5000, 900)).toBe(900);
    expect(nextAverageCost(0, 400, 5000, 900)).toBe(900);
  });

  it('books stock that comes in without a receipt at the buying price only while there is no average', () => {
    expect(incomingCost(0, 10_000)).toBe(10_000);
    expect(incomingCost(9_000, 10_000)).toBe(9_000);
    expect(incomingCost(0, 0)).toBe(0);
  });

  it('moves the average cost exactly past 2^53, where floats put it a unit off', () => {
    // quantities and costs up to 10^12 are allowed: held × cost passes 2^53 and rounds in floats
    const exact = (a: bigint, b: bigint, c: bigint, e: bigint) =>
      Number((2n * (a * b + c * e) + (a + c)) / (2n * (a + c)));
    for (const [a, b, c, e] of [
      [536_519_110_252, 662_396_624_302, 83_538_795_664, 877_349_896_549],
      [72_243_511_196, 422_961_351_406, 929_663_846_168, 330_038_647_059],
    ] as const)
      expect(nextAverageCost(a, b, c, e)).toBe(exact(BigInt(a), BigInt(b), BigInt(c), BigInt(e)));
  });

  it('reads a typed percentage as basis points, 0 to 100 % with two decimals at most', () => {
    expect(parsePercent('12.5')).toBe(1250);
    expect(parsePercent('12,5')).toBe(1250);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent('100')).toBe(BASIS_POINTS);
    for (const bad of ['', ' ', '100.01', '-1', '1.005', '10 %']) expect(parsePercent(bad), bad).toBeNull();
  });

  it('reads a typed quantity of a line: more than zero', () => {
    expect(parsePositiveQuantity('0.25')).toBe(250);
    expect(parsePositiveQuantity('2')).toBe(2000);
    for (const bad of ['0', '0.000', '-1', '', 'two', '1.0005'])
      expect(parsePositiveQuantity(bad), bad).toBeNull();
  });

  it("a product's margin: price − buying price and its share of the price; none without a buying price", () => {
    expect(marginOf(18000, 15000)).toEqual({ amount: 3000, bp: 1667 }); // 16.67 %
    expect(marginOf(10000, 12500)).toEqual({ amount: -2500, bp: -2500 }); // sold at a loss
    expect(marginOf(18000, 0)).toBeNull();
    expect(marginOf(0, 100)).toBeNull();
    // 180.00 with 16 % VAT inside is 155.17 without it: bought at 157.51, each sale loses 2.34
    expect(marginOf(18000, 15751, 1600)).toEqual({ amount: -234, bp: -151 });
    expect(marginOf(11600, 5000, 1600)).toEqual({ amount: 5000, bp: 5000 });
  });
});

describe('numbers typed in a language (the QA: "1,000" in English was saved as 1)', () => {
  it("reads the language's decimal sign, and the other as thousands where groups can be", () => {
    expect(decimalSignOf('en')).toBe('.');
    for (const l of ['es', 'pt', 'de']) expect(decimalSignOf(l)).toBe(',');
    expect(parseQuantity('1,000', '.')).toBe(1_000_000);
    expect(parseQuantity('1.000', ',')).toBe(1_000_000);
    expect(parseQuantity('1.250', '.')).toBe(1_250);
    expect(parseQuantity('1,250', ',')).toBe(1_250);
    expect(parseQuantity('12,345.5', '.')).toBe(12_345_500);
    expect(parseQuantity('1.234.567,125', ',')).toBe(1_234_567_125);
    expect(parseMoney('1,250.50', 2, '.')).toBe(125_050);
    expect(parseMoney('1.250,50', 2, ',')).toBe(125_050);
    // three decimals of a dinar are the decimals in its language, a thousand in the other
    expect(parseMoney('1.250', 3, '.')).toBe(1_250);
    expect(parseMoney('1,250', 3, '.')).toBe(1_250_000);
    expect(parsePercent('12,5', ',')).toBe(1250);
  });

  it('takes the other sign before one or two digits as a decimal sign, and refuses what groups cannot be', () => {
    expect(parseQuantity('1,5', '.')).toBe(1_500);
    expect(parseQuantity('0.25', ',')).toBe(250);
    expect(parseMoney('120.5', 2, ',')).toBe(12_050);
    // a thousands group never follows a leading zero: "0.250" in German is a quarter
    expect(parseQuantity('0.250', ',')).toBe(250);
    expect(parseQuantity('0,250', '.')).toBe(250);
    expect(parseQuantity('00,250', '.')).toBe(250);
    expect(parseMoney('0.750', 3, ',')).toBe(750);
    for (const bad of ['1,00,000', '1,2345', '12,34,5', '1.5.0', '1,000.5.', '1.', ',5'])
      expect(parseQuantity(bad, '.'), bad).toBeNull();
    expect(parseQuantity('1.000,5', '.')).toBeNull();
    expect(parseMoney('1.250,555', 2, ',')).toBeNull();
  });

  it('writes a quantity to edit back in the same sign', () => {
    expect(formatQuantity(1_125, ',')).toBe('1,125');
    expect(parseQuantity(formatQuantity(1_125, ','), ',')).toBe(1_125);
    expect(parseQuantity(formatQuantity(1_125), '.')).toBe(1_125);
  });

  it('reads a file cell as before: either sign a decimal sign, nothing grouped', () => {
    expect(parseQuantity('1,000')).toBe(1_000);
    expect(parseMoney('1,250.00', 2)).toBeNull();
  });
});
