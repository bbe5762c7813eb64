import { MAX_STOCK_QUANTITY, type Product, lineAmount } from '@duka/domain';
import {
  quantityText,
  typedDecimal,
  typedMoney,
  typedPositiveQuantity,
  typedQuantity,
} from '../../../lib/typed-number';

/** One line of a document as typed: text fields kept as written until saved. */
export interface DraftLine {
  key: string;
  product_id: string;
  name: string;
  code: string;
  unit: string;
  qty: string;
  cost: string;
}

/** A quantity typed by a person as thousandths, more than zero and at most a line's most; null when not valid. */
export const qtyOf = (text: string) => typedPositiveQuantity(text, MAX_STOCK_QUANTITY);

/** A unit cost typed in the currency's major units as minor units, zero or more. */
export function costOf(text: string, digits: number): number | null {
  if (!text.trim()) return 0;
  const v = typedMoney(text, digits);
  return v !== null && v >= 0 ? v : null;
}

/** Minor units as plain text for an input, in major units and the page's decimal sign ("1250" → "12.50"). */
export function moneyText(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const s = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${s.slice(0, -digits)}${typedDecimal()}${s.slice(-digits)}`;
}

/** The product a scan of `text` means: one whose code or barcode is exactly the text. */
export function exactMatch(text: string, products: Product[]): Product | null {
  const t = text.trim();
  if (!t) return null;
  return (
    products.find((p) => p.code === t || p.barcodes.includes(t)) ??
    products.find((p) => p.code.toLowerCase() === t.toLowerCase()) ??
    null
  );
}

/**
 * Adds a product to the lines: a product already there gets one more unit, a new one a line
 * with quantity 1 at its starting cost (startingCost). Answers the lines and the key of the touched line.
 */
export function addProduct(
  lines: DraftLine[],
  p: Product,
  digits: number,
  makeKey: () => string,
): { lines: DraftLine[]; key: string } {
  const existing = lines.find((l) => l.product_id === p.id);
  if (existing) {
    const q = typedQuantity(existing.qty) ?? 0;
    return {
      key: existing.key,
      lines: lines.map((l) => (l === existing ? { ...l, qty: quantityText(q + 1000) } : l)),
    };
  }
  const key = makeKey();
  return {
    key,
    lines: [
      ...lines,
      {
        key,
        product_id: p.id,
        name: p.name,
        code: p.code,
        unit: p.unit,
        qty: '1',
        cost: startingCost(p, digits),
      },
    ],
  };
}

/**
 * A received line's unit cost to start from: the product's buying price, else what it has cost
 * so far (its average cost); empty for a product never priced nor received.
 */
export function startingCost(p: Pick<Product, 'buying_price' | 'avg_cost'>, digits: number): string {
  const cost = p.buying_price > 0 ? p.buying_price : p.avg_cost;
  return cost > 0 ? moneyText(cost, digits) : '';
}

export interface Totals {
  lines: number;
  quantity: number;
  amount: number;
  invalid: boolean;
}

export function totalsOf(lines: DraftLine[], digits: number): Totals {
  let quantity = 0;
  let amount = 0;
  let invalid = false;
  for (const l of lines) {
    const q = qtyOf(l.qty);
    const c = costOf(l.cost, digits);
    if (q === null || c === null) {
      invalid = true;
      continue;
    }
    quantity += q;
    amount += lineAmount(q, c);
  }
  return { lines: lines.length, quantity, amount, invalid };
}

/** The index of the line a server field like `lines.3.quantity` names, and the field. */
export function lineErrorOf(field: string | undefined): { index: number; field: string } | null {
  const m = /^lines\.(\d+)(?:\.(\w+))?$/.exec(field ?? '');
  return m ? { index: Number(m[1]), field: m[2] ?? '' } : null;
}
