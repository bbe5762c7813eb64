import { MAX_STOCK_QUANTITY, type Product, lineAmount } from '@duka/domain';
import { quantityText, typedMoney, typedPositiveQuantity, typedQuantity } from '../../../lib/typed-number';
import { moneyText } from './shared-lines';

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
  /** The quantity of each unit, in the order the lines first name it: kilograms and pieces never add up. */
  quantities: { unit: string; quantity: number }[];
  amount: number;
  invalid: boolean;
}

export function totalsOf(lines: DraftLine[], digits: number): Totals {
  const byUnit = new Map<string, number>();
  let amount = 0;
  let invalid = false;
  for (const l of lines) {
    const q = qtyOf(l.qty);
    const c = costOf(l.cost, digits);
    if (q === null || c === null) {
      invalid = true;
      continue;
    }
    byUnit.set(l.unit, (byUnit.get(l.unit) ?? 0) + q);
    amount += lineAmount(q, c);
  }
  const quantities = [...byUnit].map(([unit, quantity]) => ({ unit, quantity }));
  return { lines: lines.length, quantities, amount, invalid };
}
