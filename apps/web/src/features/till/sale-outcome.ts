import type { Sale } from '@duka/domain';
import { type Cart, saleLines } from './cart';
import { isCart } from './parked';

/**
 * The sale on its way, kept in this browser's local storage from just before it is sent until an
 * answer comes back: a reload (or a crash) while it travels leaves this trace, and the till that
 * opens next asks the server what became of it. It holds the cart as it was sent (the cart's
 * draft on the server may be older: a save still waiting is not sent while the sale travels).
 */
export interface SaleOnItsWay {
  /** The user who sent it: another user of this device leaves it alone. */
  user: string;
  /** The sale's id (the cart's). */
  id: string;
  cart: Cart;
  /** ISO time it was sent. */
  at: string;
}

export const ON_ITS_WAY_KEY = 'duka.till.sale-on-its-way';

function isOnItsWay(x: unknown): x is SaleOnItsWay {
  const m = x as SaleOnItsWay | null;
  return (
    !!m && typeof m.user === 'string' && typeof m.id === 'string' && isCart(m.cart) && m.cart.id === m.id
  );
}

/** The sale on its way for `user`, if one is kept. */
export function readOnItsWay(user: string): SaleOnItsWay | null {
  try {
    const raw = localStorage.getItem(ON_ITS_WAY_KEY);
    const m = raw ? (JSON.parse(raw) as unknown) : null;
    return isOnItsWay(m) && m.user === user ? m : null;
  } catch {
    return null;
  }
}

/** Keeps the trace of the sale about to be sent (one at a time: the till sends one sale at a time). */
export function keepOnItsWay(user: string, cart: Cart): void {
  try {
    const m: SaleOnItsWay = { user, id: cart.id, cart, at: new Date().toISOString() };
    localStorage.setItem(ON_ITS_WAY_KEY, JSON.stringify(m));
  } catch {
    // storage full or refused: the cart's draft on the server is the only trace
  }
}

/** The cart of a sale whose outcome is unknown changed: its trace follows it. */
export function followOnItsWay(cart: Cart): void {
  try {
    const raw = localStorage.getItem(ON_ITS_WAY_KEY);
    const m = raw ? (JSON.parse(raw) as unknown) : null;
    if (isOnItsWay(m) && m.id === cart.id)
      localStorage.setItem(ON_ITS_WAY_KEY, JSON.stringify({ ...m, cart }));
  } catch {
    // as above
  }
}

/** What became of sale `id` is known (an answer came back): its trace goes. */
export function forgetOnItsWay(id: string): void {
  try {
    const raw = localStorage.getItem(ON_ITS_WAY_KEY);
    const m = raw ? (JSON.parse(raw) as { id?: unknown }) : null;
    if (!m || m.id === id) localStorage.removeItem(ON_ITS_WAY_KEY);
  } catch {
    localStorage.removeItem(ON_ITS_WAY_KEY);
  }
}

type Line = { product_id: string; quantity: number; discount: number };
const lineKey = (l: Line) => `${l.product_id}|${l.quantity}|${l.discount}`;

/**
 * Whether the sale the server stored under the cart's id is this cart's sale: the same products,
 * quantities and line discounts, and the same total. (An earlier version of the cart, recorded
 * before its answer was lost, differs.)
 */
export function isSameSale(sale: Sale, cart: Cart, total: number): boolean {
  const stored = sale.lines.map(lineKey).sort();
  const ours = saleLines(cart).map(lineKey).sort();
  return sale.total === total && stored.length === ours.length && stored.every((k, i) => k === ours[i]);
}
