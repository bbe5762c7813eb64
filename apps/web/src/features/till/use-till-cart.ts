import { useCallback, useEffect, useReducer, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { cartReducer, emptyCart } from './cart';
import { CART_KEY, type ParkedSale, parkSale, readCart, readParked, takeParked, writeCart } from './parked';

/**
 * The till's cart, kept in localStorage as it changes (so a reload or a sign-out loses nothing),
 * and the sales parked on this device. The cart's id is the sale's: new only after a sale or
 * when the cart is dropped or parked.
 */
export function useTillCart(home: string, allowedIds: string[]) {
  const [cart, dispatch] = useReducer(cartReducer, undefined, () => readCart() ?? emptyCart(uuidv7()));
  const [parked, setParked] = useState<ParkedSale[]>(readParked);

  useEffect(() => {
    if (cart.lines.length > 0 || cart.discount > 0) writeCart(cart);
    else localStorage.removeItem(CART_KEY);
  }, [cart]);

  // a cart from another user of this device, or a first visit: sell at a location this user may use
  const allowedKey = allowedIds.join(',');
  useEffect(() => {
    if (!home) return;
    if (!cart.location_id || (allowedIds.length > 0 && !allowedIds.includes(cart.location_id)))
      dispatch({ type: 'location', id: home });
  }, [cart.location_id, home, allowedKey]);

  const newSale = useCallback(() => dispatch({ type: 'new', id: uuidv7() }), []);

  /** Puts the cart aside under `name` and starts an empty one. */
  const park = useCallback(
    (name: string) => {
      if (cart.lines.length === 0) return;
      setParked(parkSale(cart, name));
      dispatch({ type: 'new', id: uuidv7() });
    },
    [cart],
  );

  /** Brings a parked sale back; a cart with lines is parked in its place under `swapName`. */
  const resume = useCallback(
    (id: string, swapName: string) => {
      const { sale, list } = takeParked(id);
      setParked(list);
      if (!sale) return false;
      if (cart.lines.length > 0) setParked(parkSale(cart, swapName));
      dispatch({ type: 'replace', cart: { ...sale.cart, location_id: sale.cart.location_id || home } });
      return true;
    },
    [cart, home],
  );

  const drop = useCallback((id: string) => setParked(takeParked(id).list), []);

  return { cart, dispatch, parked, park, resume, drop, newSale };
}
