import { describe, expect, it } from 'vitest';
import { priceSale, reversalShare, taxIncluded } from '../sales/cart.js';
import { RECEIPT_LAYOUTS, receiptColumnsOf, reversalTaxByRate, saleTaxByRate, taxByRate } from './receipt.js';

/** A priced sale's lines as a receipt reads them: what each costs the customer and the tax in it. */
const saleLines = (lines: Parameters<typeof priceSale>[0], discount: number) =>
  priceSale(lines, discount).lines.map((l) => ({ tax_rate: l.tax_rate, amount: l.net, tax: l.tax }));

const sum = (rates: { tax: number }[]) => rates.reduce((s, r) => s + r.tax, 0);

describe('taxByRate', () => {
  it('sums the tax of each rate above zero from its lines, lowest rate first, adding up to the tax', () => {
    // 16 % with a line discount, 0 %, 7.5 %, and a sale discount of 5.00 shared over all three
    const lines = [
      { quantity: 2000, unit_price: 18_000, tax_rate: 1600, discount: 1_000 },
      { quantity: 1000, unit_price: 6_500, tax_rate: 0, discount: 0 },
      { quantity: 1000, unit_price: 25_000, tax_rate: 750, discount: 0 },
    ];
    const priced = priceSale(lines, 500);
    // the sale discount's shares: 263, 49, 188 (largest remainder)
    expect(priced.lines.map((l) => l.net)).toEqual([34_737, 6_451, 24_812]);
    const rates = taxByRate(saleLines(lines, 500));
    expect(rates).toEqual([
      { rate: 750, amount: 24_812, tax: 1_731 },
      { rate: 1600, amount: 34_737, tax: 4_791 },
    ]);
    expect(sum(rates)).toBe(priced.tax);
  });

  it("adds the lines' own rounded tax: never the rate's total worked out again", () => {
    // three lines of 1.00 at 16 %: 0.14 each, 0.42 in all; 3.00 at 16 % would round to 0.41
    const lines = [1, 2, 3].map(() => ({ quantity: 1000, unit_price: 100, tax_rate: 1600, discount: 0 }));
    const priced = priceSale(lines, 0);
    expect(taxIncluded(300, 1600)).toBe(41);
    expect(priced.tax).toBe(42);
    expect(taxByRate(saleLines(lines, 0))).toEqual([{ rate: 1600, amount: 300, tax: 42 }]);
  });

  it('shows nothing for lines that carry no tax: zero rates, or a rate whose lines were given away', () => {
    expect(taxByRate([{ tax_rate: 0, amount: 6_500, tax: 0 }])).toEqual([]);
    expect(taxByRate([])).toEqual([]);
    const lines = [
      { quantity: 1000, unit_price: 6_500, tax_rate: 0, discount: 0 },
      { quantity: 1000, unit_price: 18_000, tax_rate: 1600, discount: 18_000 },
    ];
    expect(taxByRate(saleLines(lines, 0))).toEqual([]);
  });

  it("a reversal's tax going back, by rate, from its lines' shares of the sale's", () => {
    const lines = [
      { quantity: 2000, unit_price: 18_000, tax_rate: 1600, discount: 1_000 },
      { quantity: 1000, unit_price: 6_500, tax_rate: 0, discount: 0 },
      { quantity: 1000, unit_price: 25_000, tax_rate: 750, discount: 0 },
    ];
    const sold = priceSale(lines, 500).lines;
    // one of the two bags of sugar, the bread and the oil back
    const back = [
      { l: sold[0]!, qty: 1000 },
      { l: sold[1]!, qty: 1000 },
      { l: sold[2]!, qty: 1000 },
    ].map(({ l, qty }) => ({
      tax_rate: l.tax_rate,
      amount: reversalShare(l.net, l.quantity, 0, qty),
      tax: reversalShare(l.tax, l.quantity, 0, qty),
    }));
    const rates = taxByRate(back);
    expect(rates).toEqual([
      { rate: 750, amount: 24_812, tax: 1_731 },
      { rate: 1600, amount: 17_369, tax: 2_396 },
    ]);
    expect(sum(rates)).toBe(back.reduce((s, l) => s + l.tax, 0));
  });
});

describe('saleTaxByRate', () => {
  const lines = [
    { tax_rate: 1600, net: 11_600, tax: 1_600 },
    { tax_rate: 0, net: 6_500, tax: 0 },
    { tax_rate: 750, net: 10_750, tax: 750 },
  ];
  it("a sale's lines by rate when they add up to its tax; none (one figure) when they do not", () => {
    expect(saleTaxByRate({ tax: 2_350, lines })).toEqual([
      { rate: 750, amount: 10_750, tax: 750 },
      { rate: 1600, amount: 11_600, tax: 1_600 },
    ]);
    expect(saleTaxByRate({ tax: 2_351, lines })).toEqual([]);
    expect(saleTaxByRate({ tax: 0, lines: [lines[1]!] })).toEqual([]);
  });
});

describe('reversalTaxByRate', () => {
  const lines = [
    { tax_rate: 1600, amount: 5_800, tax: 800 },
    { tax_rate: 1600, amount: 5_800, tax: 800 },
    { tax_rate: 0, amount: 6_500, tax: 0 },
  ];
  it("what goes back by rate when the lines add up to the reversal's tax; none when they do not", () => {
    expect(reversalTaxByRate({ tax: 1_600, lines })).toEqual([{ rate: 1600, amount: 11_600, tax: 1_600 }]);
    expect(reversalTaxByRate({ tax: 1_599, lines })).toEqual([]);
  });
});

describe('receipt layouts', () => {
  it('are 58 mm at 32 characters, 80 mm at 42 and at 48', () => {
    expect(RECEIPT_LAYOUTS).toEqual([
      { width: 58, columns: 32 },
      { width: 80, columns: 42 },
      { width: 80, columns: 48 },
    ]);
  });

  it('reads a roll and its characters per line: what the roll prints, else what the roll alone means', () => {
    // a profile saved before 42 was a choice: 58 and 80 mean 32 and 48
    expect(receiptColumnsOf(58)).toBe(32);
    expect(receiptColumnsOf(80)).toBe(48);
    expect(receiptColumnsOf(80, null)).toBe(48);
    expect(receiptColumnsOf(80, 42)).toBe(42);
    expect(receiptColumnsOf(80, 48)).toBe(48);
    expect(receiptColumnsOf(58, 32)).toBe(32);
    // values that do not go together (two servers' edits merged field by field): the roll decides
    expect(receiptColumnsOf(58, 42)).toBe(32);
    expect(receiptColumnsOf(58, 48)).toBe(32);
    expect(receiptColumnsOf(80, 32)).toBe(48);
    expect(receiptColumnsOf(80, 40)).toBe(48);
  });
});
