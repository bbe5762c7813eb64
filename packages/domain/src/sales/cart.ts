import { lineAmount, mulDivRound } from '../quantity.js';

/** Tax rates are basis points of the price without tax: 1600 = 16 %. Prices include the tax. */
export const TAX_SCALE = 10_000;

/** The tax inside a tax-inclusive amount, rounded half away from zero (per line, product.md). */
export function taxIncluded(amount: number, rateBasisPoints: number): number {
  if (rateBasisPoints <= 0 || amount === 0) return 0;
  return mulDivRound(amount, rateBasisPoints, TAX_SCALE + rateBasisPoints);
}

/** One line of a cart: quantity in thousandths, the unit price and a line discount in minor units. */
export interface CartLine {
  quantity: number;
  unit_price: number;
  tax_rate: number;
  /** Money off this line, minor units. */
  discount: number;
}

/** A line once the whole sale is priced: its share of the sale discount, what is paid, the tax in it. */
export interface PricedLine extends CartLine {
  /** quantity × unit price, rounded. */
  gross: number;
  /** This line's share of the discount on the whole sale. */
  sale_discount: number;
  /** What the customer pays for the line: gross − discount − sale_discount. */
  net: number;
  /** The tax included in `net`. */
  tax: number;
}

export interface PricedSale {
  lines: PricedLine[];
  /** Sum of the lines' gross amounts. */
  gross: number;
  /** Line discounts and the sale discount together. */
  discount: number;
  /** What the customer pays. */
  total: number;
  /** The tax included in the total (sum of the lines' tax). */
  tax: number;
}

/**
 * Splits `amount` over `weights` in proportion, in whole minor units that add up to `amount`
 * exactly (largest remainder; ties go to the earlier line). All weights zero → all to none, so
 * the caller must refuse a positive amount over nothing.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || amount === 0) return weights.map(() => 0);
  const shares = weights.map((w) => mulDivFloor(amount, w, sum));
  let left = amount - shares.reduce((s, x) => s + x, 0);
  const order = weights
    .map((w, i) => ({ i, rem: remainderOf(amount, w, sum) }))
    .sort((a, b) => (b.rem === a.rem ? a.i - b.i : b.rem > a.rem ? 1 : -1));
  for (let k = 0; left > 0 && k < order.length; k++, left--) shares[order[k]!.i]! += 1;
  return shares;
}

function mulDivFloor(a: number, b: number, d: number): number {
  const p = a * b;
  if (Number.isSafeInteger(p)) return Math.floor(p / d);
  return Number((BigInt(a) * BigInt(b)) / BigInt(d));
}

function remainderOf(a: number, b: number, d: number): bigint {
  return (BigInt(a) * BigInt(b)) % BigInt(d);
}

/**
 * Prices a cart the way the till shows it and the server stores it: each line's gross rounded
 * half away from zero, its own discount, then the sale discount shared over the lines in
 * proportion to what they cost after their own discounts, and the tax inside each line.
 * Call `cartProblems` first: this assumes the discounts fit.
 */
export function priceSale(lines: readonly CartLine[], saleDiscount: number): PricedSale {
  const gross = lines.map((l) => lineAmount(l.quantity, l.unit_price));
  const afterLine = lines.map((l, i) => gross[i]! - l.discount);
  const shares = allocate(saleDiscount, afterLine);
  // `Object.assign`, not `{ ...l, gross, … }`: on Node 20 (V8 11.3) a spread followed by
  // properties takes the slow path, 2.5 µs a line against 0.1 µs (the server prices every sale).
  const priced = lines.map((l, i): PricedLine => {
    const net = afterLine[i]! - shares[i]!;
    return Object.assign({}, l, {
      gross: gross[i]!,
      sale_discount: shares[i]!,
      net,
      tax: taxIncluded(net, l.tax_rate),
    });
  });
  const sum = (f: (l: PricedLine) => number) => priced.reduce((s, l) => s + f(l), 0);
  return {
    lines: priced,
    gross: sum((l) => l.gross),
    discount: sum((l) => l.discount + l.sale_discount),
    total: sum((l) => l.net),
    tax: sum((l) => l.tax),
  };
}

/**
 * The most a line, a sale or its cost may come to, in minor units (a hundred billion in the
 * major unit). Far above any shop's sale, and low enough that 200 lines and a day's sums stay
 * exact in a JavaScript number (2^53) and in a 64-bit column.
 */
export const MAX_SALE_AMOUNT = 10_000_000_000_000;

export type CartProblemCode =
  | 'empty'
  | 'amount_too_large'
  | 'line_discount_exceeds_amount'
  | 'line_discount_over_limit'
  | 'sale_discount_exceeds_amount'
  | 'discount_over_limit';

export interface CartProblem {
  code: CartProblemCode;
  /** The request field at fault: `lines.2.discount`, `discount`, `lines`. */
  field: string;
}

/**
 * What is wrong with a cart's discounts, checked the same way on the till and the server.
 * `maxDiscountBasisPoints` is the business's limit for the user (null = no limit, an admin):
 * no line may be discounted by more than that share of its amount, nor the sale as a whole.
 */
export function cartProblems(
  lines: readonly CartLine[],
  saleDiscount: number,
  maxDiscountBasisPoints: number | null,
): CartProblem[] {
  if (lines.length === 0) return [{ code: 'empty', field: 'lines' }];
  const amounts = lines.map((l) => lineAmount(l.quantity, l.unit_price));
  const tooLarge = amounts.findIndex((g) => g > MAX_SALE_AMOUNT);
  if (tooLarge >= 0) return [{ code: 'amount_too_large', field: `lines.${tooLarge}.quantity` }];
  if (amounts.reduce((s, g) => s + g, 0) > MAX_SALE_AMOUNT)
    return [{ code: 'amount_too_large', field: 'lines' }];
  const out: CartProblem[] = [];
  let gross = 0;
  let afterLines = 0;
  let lineDiscounts = 0;
  lines.forEach((l, i) => {
    const g = lineAmount(l.quantity, l.unit_price);
    gross += g;
    afterLines += g - l.discount;
    lineDiscounts += l.discount;
    if (l.discount > g) out.push({ code: 'line_discount_exceeds_amount', field: `lines.${i}.discount` });
    else if (maxDiscountBasisPoints !== null && overLimit(l.discount, g, maxDiscountBasisPoints))
      out.push({ code: 'line_discount_over_limit', field: `lines.${i}.discount` });
  });
  if (out.length > 0) return out;
  if (saleDiscount > afterLines) return [{ code: 'sale_discount_exceeds_amount', field: 'discount' }];
  if (
    maxDiscountBasisPoints !== null &&
    overLimit(lineDiscounts + saleDiscount, gross, maxDiscountBasisPoints)
  )
    return [{ code: 'discount_over_limit', field: 'discount' }];
  return [];
}

function overLimit(discount: number, amount: number, maxBasisPoints: number): boolean {
  return BigInt(discount) * BigInt(TAX_SCALE) > BigInt(amount) * BigInt(maxBasisPoints);
}

/** The largest discount (minor units) the limit allows on `amount`. */
export function maxDiscountOn(amount: number, maxDiscountBasisPoints: number | null): number {
  if (maxDiscountBasisPoints === null) return amount;
  return Number((BigInt(amount) * BigInt(maxDiscountBasisPoints)) / BigInt(TAX_SCALE));
}

/**
 * The part of a line's `amount` that `qty` more thousandths of a partial reversal carry, after
 * `before` were already reversed out of `sold`. Taken as a difference of cumulative shares, so
 * reversing a line in any number of pieces gives back exactly the amount of the line.
 */
export function reversalShare(amount: number, sold: number, before: number, qty: number): number {
  if (sold <= 0) return 0;
  return mulDivRound(amount, before + qty, sold) - mulDivRound(amount, before, sold);
}
