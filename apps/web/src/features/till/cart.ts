import {
  type CartLine,
  type CartProblem,
  type PricedSale,
  type DecimalSign,
  MAX_SALE_QUANTITY,
  type Product,
  cartProblems,
  priceSale,
  quantityFitsUnit,
} from '@duka/domain';
import { quantityText, retypeQuantity, typedDecimal, typedPositiveQuantity } from '../../lib/typed-number';

/** One line of the till's cart: one per product; the quantity is kept as typed. */
export interface TillLine {
  /** The product id: a product has at most one line, a second scan adds to it. */
  key: string;
  product_id: string;
  name: string;
  code: string;
  unit: string;
  /** Catalogue price (minor units, tax included) when the product was added or last repriced. */
  unit_price: number;
  tax_rate: number;
  /** Quantity as typed ("2", "0.25"). */
  qty: string;
  /** Money off this line, minor units. */
  discount: number;
  /** Stock on hand at the sale's location when added (thousandths), for a warning only. */
  on_hand: number | null;
}

/** The sale being rung up. `id` is the sale's id (UUIDv7): the same until the sale succeeds. */
export interface Cart {
  id: string;
  location_id: string;
  lines: TillLine[];
  /** Money off the whole sale, minor units. */
  discount: number;
  /**
   * Its sale was sent and no answer came back (the network failed): the server may have recorded
   * it. Until that is known, the cart is not cleared or parked without asking the server first.
   */
  outcome_unknown?: boolean;
  /**
   * The decimal sign its quantities are typed in (the page's language's when it was made): a cart
   * kept as a draft and opened, or the page's language changed, is written again in the page's
   * (retype), so "1,125" kg typed in German is not read as 1125 kg in English. Absent: a cart
   * kept before it was named (its texts read as then, either sign a decimal sign).
   */
  decimal?: DecimalSign;
}

export type CartAction =
  | { type: 'add'; product: Product; locationId?: string }
  | { type: 'setQty'; key: string; text: string }
  | { type: 'step'; key: string; delta: 1 | -1 }
  | { type: 'remove'; key: string }
  | { type: 'lineDiscount'; key: string; amount: number }
  | { type: 'saleDiscount'; amount: number }
  | { type: 'location'; id: string }
  | { type: 'reprice'; products: Product[] }
  | { type: 'replace'; cart: Cart }
  /** Whether the outcome of the sale sent for this cart is unknown (no answer came back). */
  | { type: 'outcomeUnknown'; value: boolean }
  /** The same lines under a new sale id (the old id's sale was recorded as something else). */
  | { type: 'rekey'; id: string }
  /** After a sale (or to drop it): a new id, no lines, the location kept. */
  | { type: 'new'; id: string }
  /** Its quantities written again in the page's decimal sign `to` (see Cart.decimal). */
  | { type: 'retype'; to: DecimalSign };

export const emptyCart = (id: string, locationId = ''): Cart => ({
  id,
  location_id: locationId,
  lines: [],
  discount: 0,
  decimal: typedDecimal(),
});

/** A typed quantity as thousandths, more than zero and at most what a sale's line takes; null when not valid. */
export const qtyOf = (text: string) => typedPositiveQuantity(text, MAX_SALE_QUANTITY);

const levelAt = (p: Product, locationId?: string) =>
  locationId ? (p.levels.find((l) => l.location_id === locationId)?.quantity ?? 0) : null;

/** Cart changes: pure, so the till, the parked sales and the tests share them. */
export function cartReducer(cart: Cart, action: CartAction): Cart {
  const edit = (key: string, fn: (l: TillLine) => TillLine): Cart => ({
    ...cart,
    lines: cart.lines.map((l) => (l.key === key ? fn(l) : l)),
  });
  switch (action.type) {
    case 'add': {
      const p = action.product;
      if (cart.lines.some((l) => l.key === p.id))
        return edit(p.id, (l) => ({ ...l, qty: quantityText((qtyOf(l.qty) ?? 0) + 1000) }));
      const line: TillLine = {
        key: p.id,
        product_id: p.id,
        name: p.name,
        code: p.code,
        unit: p.unit,
        unit_price: p.price,
        tax_rate: p.tax_rate,
        qty: '1',
        discount: 0,
        on_hand: levelAt(p, action.locationId),
      };
      return { ...cart, lines: [...cart.lines, line] };
    }
    case 'setQty':
      return edit(action.key, (l) => ({ ...l, qty: action.text }));
    case 'step':
      return edit(action.key, (l) => {
        const q = qtyOf(l.qty);
        if (q === null) return { ...l, qty: action.delta > 0 ? '1' : l.qty };
        const next = q + action.delta * 1000;
        // never below one unit by a step; a smaller quantity is typed
        return next > 0 ? { ...l, qty: quantityText(next) } : l;
      });
    case 'remove':
      return { ...cart, lines: cart.lines.filter((l) => l.key !== action.key) };
    case 'lineDiscount':
      return edit(action.key, (l) => ({ ...l, discount: Math.max(0, action.amount) }));
    case 'saleDiscount':
      return { ...cart, discount: Math.max(0, action.amount) };
    case 'location':
      return { ...cart, location_id: action.id };
    case 'reprice': {
      const byId = new Map(action.products.map((p) => [p.id, p]));
      return {
        ...cart,
        lines: cart.lines.map((l) => {
          const p = byId.get(l.product_id);
          return p ? { ...l, name: p.name, unit_price: p.price, tax_rate: p.tax_rate } : l;
        }),
      };
    }
    case 'replace':
      return action.cart;
    case 'outcomeUnknown': {
      if (!!cart.outcome_unknown === action.value) return cart;
      const { outcome_unknown: _, ...rest } = cart;
      return action.value ? { ...rest, outcome_unknown: true } : rest;
    }
    case 'rekey': {
      const { outcome_unknown: _, ...rest } = cart;
      return { ...rest, id: action.id };
    }
    case 'new':
      return emptyCart(action.id, cart.location_id);
    case 'retype':
      return cart.decimal === action.to
        ? cart
        : {
            ...cart,
            decimal: action.to,
            lines: cart.lines.map((l) => ({ ...l, qty: retypeQuantity(l.qty, cart.decimal, action.to) })),
          };
  }
}

export interface CartTotals {
  priced: PricedSale;
  /**
   * Lines whose quantity cannot be sold, by key, with the words why: not a valid number
   * (`till.errors.badQty`), or a fraction of a product counted in whole pieces, 1.5 "each"
   * (`till.errors.notWhole`).
   */
  badQty: Map<string, 'till.errors.badQty' | 'till.errors.notWhole'>;
  /** Cart problems (discounts, amounts), as the server would report them (`lines.N.discount`, `discount`, `lines`). */
  problems: CartProblem[];
  /** Pay is possible: lines, valid (and whole where they must be) quantities, discounts that fit. */
  payable: boolean;
}

/**
 * The cart priced by the domain's `priceSale` (the server's own maths). A line with a quantity
 * that is not valid counts as zero and makes the cart not payable.
 */
export function totalsOf(cart: Cart, maxDiscountBp: number | null): CartTotals {
  const badQty: CartTotals['badQty'] = new Map();
  const lines: CartLine[] = cart.lines.map((l) => {
    const q = qtyOf(l.qty);
    if (q === null) badQty.set(l.key, 'till.errors.badQty');
    else if (!quantityFitsUnit(q, l.unit)) badQty.set(l.key, 'till.errors.notWhole');
    return { quantity: q ?? 0, unit_price: l.unit_price, tax_rate: l.tax_rate, discount: l.discount };
  });
  const problems = cartProblems(lines, cart.discount, maxDiscountBp);
  // price with the discounts that fit, so the totals stay meaningful while one is being fixed
  const priced = problems.length
    ? priceSale(
        lines.map((l) => ({ ...l, discount: 0 })),
        0,
      )
    : priceSale(lines, cart.discount);
  return {
    priced,
    badQty,
    problems,
    payable: cart.lines.length > 0 && badQty.size === 0 && !problems.length,
  };
}

/** The request body's lines. */
export function saleLines(cart: Cart) {
  return cart.lines.map((l) => ({
    product_id: l.product_id,
    quantity: qtyOf(l.qty) ?? 0,
    discount: l.discount,
  }));
}

/** Whether a line asks for more than was on hand when it was added. */
export function beyondStock(line: TillLine): boolean {
  const q = qtyOf(line.qty);
  return line.on_hand !== null && q !== null && q > line.on_hand;
}
