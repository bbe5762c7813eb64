import { useMemo } from 'react';
import { type Cart, type CartAction, totalsOf } from '../features/till/cart';
import { CartPanel } from '../features/till/cart-panel';
import { NO_TILL_ERRORS } from '../features/till/till-errors';

/**
 * The till's cart panel for a cash sale of `cart`, its totals worked out anew for every cart (no
 * customer): no errors, nothing blocked, negative stock and discounts allowed, the buttons doing
 * nothing. `dispatch` gets the line's actions.
 */
export function CashSalePanel({
  cart,
  dispatch,
  money = (minor) => `KES ${minor}`,
}: {
  cart: Cart;
  dispatch: (action: CartAction) => void;
  money?: (minor: number) => string;
}) {
  const totals = useMemo(() => totalsOf(cart, null), [cart]);
  return (
    <CartPanel
      cart={cart}
      totals={totals}
      title="Cash sale"
      errors={NO_TILL_ERRORS}
      blocked={null}
      money={money}
      allowNegative
      dispatch={dispatch}
      onPay={() => undefined}
      onPark={() => undefined}
      onDiscount={() => undefined}
      onNewSale={() => undefined}
      onDone={() => undefined}
      canDiscount
    />
  );
}
