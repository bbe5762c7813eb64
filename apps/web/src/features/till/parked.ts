import type { WorkDraft, WorkDraftPut } from '@duka/domain';
import type { Cart } from './cart';

/** A sale put aside by its cashier, kept on the server under the cart's id (its sale id). */
export interface ParkedSale {
  name: string;
  /** ISO time it was parked. */
  parked_at: string;
  cart: Cart;
  /** A cart open on another till where the user is signed in now (the server lists it so). */
  elsewhere?: boolean;
}

/** The keys the till kept in local storage before carts moved to the server (read once, then removed). */
/** What the header's list of parked sales shows and does (parked-button, parked-list). */
export type ParkedProps = {
  parked: ParkedSale[];
  money: (minor: number) => string;
  totalOf: (s: ParkedSale) => number;
  time: (iso: string) => string;
  onResume: (id: string) => void;
  onDrop: (id: string) => void;
};

export const LEGACY_CART_KEY = 'duka.till.cart';
export const LEGACY_PARKED_KEY = 'duka.till.parked';

export function isCart(x: unknown): x is Cart {
  const c = x as Cart | null;
  return (
    !!c &&
    typeof c.id === 'string' &&
    typeof c.location_id === 'string' &&
    Array.isArray(c.lines) &&
    typeof c.discount === 'number'
  );
}

/** The user's saved cart and parked sales (newest first) from their drafts; broken ones are left out. */
export function tillDraftsOf(drafts: WorkDraft[]): { cart: Cart | null; parked: ParkedSale[] } {
  const cart = drafts.find((d) => d.kind === 'cart' && isCart(d.body) && d.body.id === d.id);
  const parked = drafts
    .filter((d) => d.kind === 'parked' && isCart(d.body) && d.body.id === d.id)
    .map((d) => ({
      name: d.name,
      parked_at: d.updated_at,
      cart: d.body as unknown as Cart,
      elsewhere: d.elsewhere,
    }));
  return { cart: cart ? (cart.body as unknown as Cart) : null, parked };
}

export const cartDraft = (cart: Cart): WorkDraftPut => ({
  kind: 'cart',
  slot: '',
  name: '',
  body: cart as unknown as WorkDraftPut['body'],
});

export const parkedDraft = (cart: Cart, name: string): WorkDraftPut => ({
  kind: 'parked',
  slot: '',
  name,
  body: cart as unknown as WorkDraftPut['body'],
});

/** A cart worth keeping: it has lines or a discount. */
export const hasWork = (cart: Cart) => cart.lines.length > 0 || cart.discount > 0;

/** Whether an older till left work in this browser's local storage (read only). */
export function hasLegacyTillWork(): boolean {
  try {
    return localStorage.getItem(LEGACY_CART_KEY) !== null || localStorage.getItem(LEGACY_PARKED_KEY) !== null;
  } catch {
    return false;
  }
}

/** Nothing to bring back: no cart and no parked sale kept for the user, nothing from an older till. */
export function nothingToRestore(drafts: WorkDraft[]): boolean {
  const kept = tillDraftsOf(drafts);
  return kept.cart === null && kept.parked.length === 0 && !hasLegacyTillWork();
}

/**
 * What an older version of the till left in this browser's local storage (a cart, parked sales),
 * taken out so it can be saved on the server; the entries are removed.
 */
export function takeLegacyTillWork(): { cart: Cart | null; parked: ParkedSale[] } {
  const read = (key: string): unknown => {
    try {
      const raw = localStorage.getItem(key);
      return raw ? (JSON.parse(raw) as unknown) : null;
    } catch {
      return null;
    }
  };
  const cart = read(LEGACY_CART_KEY);
  const list = read(LEGACY_PARKED_KEY);
  localStorage.removeItem(LEGACY_CART_KEY);
  localStorage.removeItem(LEGACY_PARKED_KEY);
  const parked = Array.isArray(list)
    ? list.filter(
        (p): p is ParkedSale =>
          !!p && typeof (p as ParkedSale).name === 'string' && isCart((p as ParkedSale).cart),
      )
    : [];
  return { cart: isCart(cart) ? cart : null, parked };
}
