import { type Dispatch, type RefObject, type SetStateAction, useCallback, useRef } from 'react';
import { v7 as uuidv7 } from 'uuid';
import type { DraftWriter } from '../../lib/work-drafts';
import { type Cart, type CartAction, cartReducer } from './cart';
import { type ParkedSale, cartDraft, hasWork, parkedDraft } from './parked';

/** What the till's cart hooks share (use-till-cart.ts): its writer of drafts, state and refs. */
export interface CartRefs {
  writer: DraftWriter;
  /** The cart as it is now. */
  cartNow: RefObject<Cart>;
  /** The parked sales as they are now. */
  parkedNow: RefObject<ParkedSale[]>;
  /** The id the server holds as this user's cart, if any. */
  saved: RefObject<string | null>;
  dispatch: Dispatch<CartAction>;
  setParked: Dispatch<SetStateAction<ParkedSale[]>>;
  /** The user's home location. */
  home: string;
}

/** `p` first in the list of parked sales (in place of an older parking of the same cart). */
const withAside = (p: ParkedSale, list: ParkedSale[]) => [p, ...list.filter((x) => x.cart.id !== p.cart.id)];

/**
 * The cart being paid for: while its sale is on its way no save of it leaves (a save still waiting
 * for its pause would reach the server after the sale, which refuses a sold cart's draft); a sale
 * that did not go through leaves the cart, which is saved again. What comes back is about the
 * cart whose id was sent: if another cart is on the till by then, that one is left alone.
 */
export function useSaleOnItsWay({ writer, cartNow, parkedNow, saved, dispatch, setParked }: CartRefs) {
  const selling = useRef<string | null>(null);
  /** The carts whose sale this page sent (a save of one refused as recorded is this till's own sale). */
  const sent = useRef(new Set<string>());
  const sellingNow = useCallback(() => {
    selling.current = cartNow.current.id;
    sent.current.add(cartNow.current.id);
    writer.cancelWaiting(cartNow.current.id);
  }, [writer, cartNow]);
  const sentHere = useCallback((id: string) => sent.current.has(id), []);

  /** Nothing more is sent about cart `id` as on its way. */
  const settle = (id: string) => {
    if (selling.current === id) selling.current = null;
    writer.cancelWaiting(id);
  };

  /** Answers whether cart `id` is still the current one (only then is it saved again here). */
  const notSold = useCallback(
    (id: string): boolean => {
      if (selling.current === id) selling.current = null;
      const c = cartNow.current;
      if (c.id !== id) return false;
      if (hasWork(c)) {
        writer.later(c.id, cartDraft(c));
        saved.current = c.id;
      }
      return true;
    },
    [writer, cartNow, saved],
  );

  /**
   * After the sale of cart `id` was recorded: the server dropped that cart's draft with the sale,
   * so nothing is sent for it (a DELETE would only answer 404, a console error on every sale). The
   * current cart makes way for a new one only if it is that cart; a parked one just leaves the
   * list. Answers whether it was the current cart.
   */
  const sold = useCallback(
    (id: string): boolean => {
      settle(id);
      if (saved.current === id) saved.current = null;
      setParked((list) => (list.some((p) => p.cart.id === id) ? list.filter((p) => p.cart.id !== id) : list));
      if (cartNow.current.id !== id) return false;
      dispatch({ type: 'new', id: uuidv7() });
      return true;
    },
    [writer],
  );

  /**
   * The id of cart `id` holds a sale that is not this cart's (an earlier version of it, recorded):
   * its lines are kept under a new id, so the cart can still be finished or cleared.
   */
  const rekey = useCallback(
    (id: string) => {
      settle(id);
      if (saved.current === id) saved.current = null;
      const fresh = uuidv7();
      if (cartNow.current.id === id) return dispatch({ type: 'rekey', id: fresh });
      const at = parkedNow.current.find((p) => p.cart.id === id);
      if (!at) return;
      const cart = cartReducer(at.cart, { type: 'rekey', id: fresh });
      void writer.now(fresh, parkedDraft(cart, at.name));
      setParked((list) => list.map((p) => (p.cart.id === id ? { ...p, cart } : p)));
    },
    [writer],
  );

  return { selling, sellingNow, sentHere, notSold, sold, rekey };
}

/** Parking, resuming and dropping parked sales; and bringing back a cart left on its way. */
export function useParking({ writer, cartNow, parkedNow, saved, dispatch, setParked, home }: CartRefs) {
  /** Sends cart `c` to be kept as parked under `name` (its sale, if it was sent, is known not recorded). */
  const aside = useCallback(
    (c: Cart, name: string): ParkedSale => {
      const kept = cartReducer(c, { type: 'outcomeUnknown', value: false });
      void writer.now(kept.id, parkedDraft(kept, name));
      if (saved.current === kept.id) saved.current = null;
      return { name, parked_at: new Date().toISOString(), cart: kept };
    },
    [writer],
  );

  /** Puts the cart aside under `name` and starts an empty one. */
  const park = useCallback(
    (name: string) => {
      const c = cartNow.current;
      if (c.lines.length === 0) return;
      const p = aside(c, name);
      setParked((list) => withAside(p, list));
      dispatch({ type: 'new', id: uuidv7() });
    },
    [aside],
  );

  /** Brings a parked sale back; a cart with lines is parked in its place under `swapName`. */
  const resume = useCallback(
    (id: string, swapName: string) => {
      const parked = parkedNow.current;
      const sale = parked.find((p) => p.cart.id === id);
      if (!sale) return false;
      let list = parked.filter((p) => p.cart.id !== id);
      const c = cartNow.current;
      if (c.lines.length > 0) list = withAside(aside(c, swapName), list);
      else if (saved.current) void writer.drop(saved.current);
      const back = { ...sale.cart, location_id: sale.cart.location_id || home };
      saved.current = back.id;
      void writer.now(back.id, cartDraft(back));
      setParked(list);
      dispatch({ type: 'replace', cart: back });
      return true;
    },
    [home, aside, writer],
  );

  /**
   * A cart kept in this browser as on its way when the till last went (a reload while its sale
   * travelled) comes back: in place of the same cart or of an empty one, else parked. Answers
   * whether it is the current cart.
   */
  const bringBack = useCallback(
    (c: Cart): boolean => {
      const now = cartNow.current;
      if (now.id === c.id || !hasWork(now)) {
        if (now.id !== c.id && saved.current) void writer.drop(saved.current);
        dispatch({ type: 'replace', cart: { ...c, location_id: c.location_id || home } });
        return true;
      }
      const p = { name: '', parked_at: new Date().toISOString(), cart: c };
      void writer.now(c.id, parkedDraft(c, ''));
      setParked((list) => withAside(p, list));
      return false;
    },
    [home, writer],
  );

  const drop = useCallback(
    (id: string) => {
      void writer.drop(id);
      setParked((list) => list.filter((p) => p.cart.id !== id));
    },
    [writer],
  );

  return { park, resume, bringBack, drop };
}
