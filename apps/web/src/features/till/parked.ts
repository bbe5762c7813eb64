import type { Cart } from './cart';

/** The cart being rung up on this device: survives a reload and a sign-out. */
export const CART_KEY = 'duka.till.cart';
/** Sales put aside on this device, to be resumed later. */
export const PARKED_KEY = 'duka.till.parked';

export interface ParkedSale {
  name: string;
  /** ISO time it was parked. */
  parked_at: string;
  cart: Cart;
}

function isCart(x: unknown): x is Cart {
  const c = x as Cart | null;
  return (
    !!c &&
    typeof c.id === 'string' &&
    typeof c.location_id === 'string' &&
    Array.isArray(c.lines) &&
    typeof c.discount === 'number'
  );
}

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** The saved cart, or null when there is none (or it is broken: it starts over). */
export function readCart(): Cart | null {
  const c = readJson(CART_KEY);
  return isCart(c) ? c : null;
}

export function writeCart(cart: Cart): void {
  localStorage.setItem(CART_KEY, JSON.stringify(cart));
}

export function readParked(): ParkedSale[] {
  const list = readJson(PARKED_KEY);
  if (!Array.isArray(list)) return [];
  return list.filter(
    (p): p is ParkedSale =>
      !!p && typeof (p as ParkedSale).name === 'string' && isCart((p as ParkedSale).cart),
  );
}

function writeParked(list: ParkedSale[]): void {
  if (list.length === 0) localStorage.removeItem(PARKED_KEY);
  else localStorage.setItem(PARKED_KEY, JSON.stringify(list));
}

/** Puts a cart aside (newest first). A cart parked again under its id replaces the old entry. */
export function parkSale(cart: Cart, name: string, now = new Date()): ParkedSale[] {
  const list = [
    { name, parked_at: now.toISOString(), cart },
    ...readParked().filter((p) => p.cart.id !== cart.id),
  ];
  writeParked(list);
  return list;
}

/** Takes a parked sale out of the list; answers it (null when it is gone) and the list left. */
export function takeParked(id: string): { sale: ParkedSale | null; list: ParkedSale[] } {
  const all = readParked();
  const sale = all.find((p) => p.cart.id === id) ?? null;
  const list = all.filter((p) => p.cart.id !== id);
  writeParked(list);
  return { sale, list };
}
