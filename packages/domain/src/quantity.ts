import { numberFormat } from './intl-formats.js';

/** Quantities are integer thousandths (0.25 kg = 250); never floats in storage or maths. */
export const QTY_SCALE = 1000;

/** The sign a locale writes decimals with: '.' in English, ',' in Spanish, Portuguese and German. */
export type DecimalSign = '.' | ',';
export function decimalSignOf(locale: string): DecimalSign {
  const part = numberFormat(locale)
    .formatToParts(1.5)
    .find((p) => p.type === 'decimal');
  return part?.value === ',' ? ',' : '.';
}

/**
 * The sign, whole digits and decimal digits of a number a person typed. With `decimal`, the sign
 * of their language: the other sign groups thousands where groups can be ("1,250.5" in English,
 * "1.250,5" in German: one thousand two hundred and fifty), and once before one or two digits it
 * is a decimal sign as well ("1,5" in English). Without it (a file's cell) either sign is the
 * decimal sign and nothing groups.
 */
function typedNumber(
  text: string,
  decimal?: DecimalSign,
): { neg: boolean; whole: string; frac: string } | null {
  const m = /^\s*(-)?(\d[\d.,]*)\s*$/.exec(text);
  if (!m) return null;
  const neg = m[1] !== undefined;
  if (!decimal) {
    const n = /^(\d+)(?:[.,](\d+))?$/.exec(m[2]!);
    return n ? { neg, whole: n[1]!, frac: n[2] ?? '' } : null;
  }
  const group = decimal === '.' ? ',' : '.';
  const [whole, frac, more] = m[2]!.split(decimal);
  if (more !== undefined || frac === '' || (frac !== undefined && !/^\d+$/.test(frac))) return null;
  if (/^\d+$/.test(whole!)) return { neg, whole: whole!, frac: frac ?? '' };
  const groups = whole!.split(group);
  // a thousands group never follows a leading 0 ("0.250" in German is a quarter, not 250)
  if (/^[1-9]\d{0,2}$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g)))
    return { neg, whole: groups.join(''), frac: frac ?? '' };
  // the other sign once, as a decimal sign: before one or two digits ("1,5" in English), or after a
  // whole part of zeros ("0,250")
  const [head, tail] = groups;
  if (frac === undefined && groups.length === 2 && /^\d+$/.test(head!) && /^\d+$/.test(tail!))
    if (tail!.length <= 2 || /^0+$/.test(head!)) return { neg, whole: head!, frac: tail! };
  return null;
}

/**
 * Parses a decimal quantity written by a person ("2", "0.25", "1,5") into thousandths, read in
 * their language's `decimal` sign where given ("1,000" is a thousand in English, "1.000" in German:
 * read without it as one, a receipt of a thousand saved a thousandth of it, the QA found).
 * Returns null when it is not a number or has more than three decimals.
 */
export function parseQuantity(text: string, decimal?: DecimalSign): number | null {
  const n = typedNumber(text, decimal);
  // ten whole digits: the largest quantity a schema takes, 10^12 thousandths, is 1000000000
  if (!n || n.whole.length > 10 || n.frac.length > 3) return null;
  const v = Number(n.whole) * QTY_SCALE + (n.frac ? Number(n.frac.padEnd(3, '0')) : 0);
  return n.neg ? -v : v;
}

/** A quantity typed by a person as thousandths, more than zero (what a line takes); null when not one. */
export function parsePositiveQuantity(text: string, decimal?: DecimalSign): number | null {
  const v = parseQuantity(text, decimal);
  return v !== null && v > 0 ? v : null;
}

/**
 * Thousandths as a plain decimal without needless zeros, to edit and parse back: 2000 → "2",
 * 250 → "0.25" (with `decimal` ',': "0,25").
 */
export function formatQuantity(thousandths: number, decimal: DecimalSign = '.'): string {
  const sign = thousandths < 0 ? '-' : '';
  const abs = Math.abs(thousandths);
  const whole = Math.trunc(abs / QTY_SCALE);
  const frac = abs % QTY_SCALE;
  return frac === 0
    ? `${sign}${whole}`
    : `${sign}${whole}${decimal}${String(frac).padStart(3, '0').replace(/0+$/, '')}`;
}

/**
 * Thousandths as a person reads them in a locale: grouped, with the locale's decimal sign and no
 * needless zeros (`de`: 1500 → "1,5"; `es`: 1000000000 → "1.000.000"; `en`: 1234500 → "1,234.5").
 * Exact: Intl lays out the sign and the grouped whole (as whole + 0.5, so that it shows where the
 * decimal sign goes), and the thousandths are written after it as digits, never through a float.
 * For the screen and documents only; a text to edit or parse back stays `formatQuantity`.
 */
export function formatLocalQuantity(thousandths: number, locale: string): string {
  const abs = Math.abs(thousandths);
  const whole = Math.trunc(abs / QTY_SCALE);
  const digits = String(abs % QTY_SCALE)
    .padStart(3, '0')
    .replace(/0+$/, '');
  const parts = numberFormat(locale, { maximumFractionDigits: 3 }).formatToParts(
    (thousandths < 0 ? -1 : 1) * (whole + 0.5),
  );
  let out = '';
  for (const p of parts) {
    if (p.type === 'fraction') out += digits;
    else if (p.type !== 'decimal' || digits) out += p.value;
  }
  return out;
}

/** Integer division rounding half away from zero (the rounding rule of product.md). */
export function divRound(numerator: number, denominator: number): number {
  if (denominator === 0) throw new RangeError('division by zero');
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  if (2 * n + d > Number.MAX_SAFE_INTEGER) return sign * Number(bigDivRound(BigInt(n), BigInt(d)));
  return sign * Math.floor((2 * n + d) / (2 * d));
}

function bigDivRound(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/**
 * `a × b ÷ d` rounded half away from zero, exact for any integers: the product goes through
 * BigInt when it would pass 2^53 (a large quantity at a large price).
 */
export function mulDivRound(a: number, b: number, d: number): number {
  if (d === 0) throw new RangeError('division by zero');
  const product = a * b;
  if (Number.isSafeInteger(product) && Number.isSafeInteger(2 * Math.abs(product) + Math.abs(d)))
    return divRound(product, d);
  const sign = Math.sign(a) * Math.sign(b) * Math.sign(d);
  const n = BigInt(Math.abs(a)) * BigInt(Math.abs(b));
  return sign * Number(bigDivRound(n, BigInt(Math.abs(d))));
}

/** Money of `quantity` thousandths at `unitMinor` per unit, rounded half away from zero. */
export function lineAmount(quantity: number, unitMinor: number): number {
  return mulDivRound(quantity, unitMinor, QTY_SCALE);
}

/**
 * Parses an amount written in major units ("120.5"; "1,250.00" in English or "1.250,00" in German
 * with their `decimal` sign, refused without it) into minor units for a currency with `digits`
 * minor digits. Null when malformed or too precise.
 */
export function parseMoney(text: string, digits: number, decimal?: DecimalSign): number | null {
  const n = typedNumber(text, decimal);
  // thirteen whole digits: the largest amount (10^12 minor units) of a currency without decimals
  if (!n || n.whole.length > 13 || n.frac.length > digits) return null;
  const v = Number(n.whole) * 10 ** digits + (n.frac ? Number(n.frac.padEnd(digits, '0')) : 0);
  return n.neg ? -v : v;
}

/** Percentages are integer basis points: 10,000 = 100 %, 1,250 = 12.5 %. */
export const BASIS_POINTS = 10_000;

/**
 * A percentage typed by a person ("12.5", "12,5", "10") as basis points (1250, 1000): at most two
 * decimals, from 0 to 100 %. Null when it is not one. Integer maths only, never floats.
 */
export function parsePercent(text: string, decimal?: DecimalSign): number | null {
  const bp = parseMoney(text, 2, decimal);
  return bp !== null && bp >= 0 && bp <= BASIS_POINTS ? bp : null;
}

/**
 * Weighted average cost after receiving `qty` at `unitCost`, on `onHand` at `avgCost`.
 * When stock on hand is zero or below, the new cost is taken as it is.
 */
export function nextAverageCost(onHand: number, avgCost: number, qty: number, unitCost: number): number {
  if (qty <= 0) return avgCost;
  if (onHand <= 0) return unitCost;
  const held = onHand * avgCost;
  const added = qty * unitCost;
  if (Number.isSafeInteger(held) && Number.isSafeInteger(added) && Number.isSafeInteger(held + added))
    return divRound(held + added, onHand + qty);
  // past 2^53 (a million units at a large cost) the products go through BigInt, exact
  const n = BigInt(onHand) * BigInt(avgCost) + BigInt(qty) * BigInt(unitCost);
  return Number(bigDivRound(n, BigInt(onHand + qty)));
}

/**
 * The unit cost stock coming in without a receipt (stock found, a count's correction up) is
 * booked at: the product's average cost, or its buying price while it has no average cost yet (a
 * new product's first stock), so those units are not averaged in at 0 by the next receipt.
 */
export function incomingCost(avgCost: number, buyingPrice: number): number {
  return avgCost === 0 && buyingPrice > 0 ? buyingPrice : avgCost;
}

/**
 * A product's margin at a tax-inclusive price and a buying price, as the profit report counts it:
 * the price without the tax inside it (`taxBasisPoints` of the price without tax, as a sale's
 * tax) less the buying price, negative when sold at a loss, and its share of that price in basis
 * points, rounded half away from zero. Null without a buying price or a price to measure against.
 */
export function marginOf(
  price: number,
  buyingPrice: number,
  taxBasisPoints = 0,
): { amount: number; bp: number } | null {
  if (buyingPrice <= 0 || price <= 0) return null;
  const net =
    taxBasisPoints > 0 ? price - mulDivRound(price, taxBasisPoints, BASIS_POINTS + taxBasisPoints) : price;
  const amount = net - buyingPrice;
  return { amount, bp: mulDivRound(amount, BASIS_POINTS, net) };
}

/** The most an amount of money sent on its own may be, in minor units (a tendered amount, a payment, a price). */
export const MAX_MONEY = 1_000_000_000_000;
/** Most one stock line may move, in thousandths (a thousand million of its unit). */
export const MAX_STOCK_QUANTITY = 1_000_000_000_000;
