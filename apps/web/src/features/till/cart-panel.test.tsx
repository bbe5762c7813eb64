import { useReducer } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../test/render';
import { type Cart, type CartAction, cartReducer, emptyCart } from './cart';
import { CashSalePanel } from '../../test/cash-sale-panel';
import { product } from '../../test/products';

/** Product i of the basket, each with a price of its own, so each line's amounts can be told apart. */
const item = (i: number) =>
  product({ id: `p${i}`, name: `Item ${i}`, code: `I${i}`, barcodes: [], price: 100_000 + i * 100 });
const basket = (n: number): Cart =>
  Array.from({ length: n }, (_, i) => i).reduce<Cart>(
    (c, i) => cartReducer(c, { type: 'add', product: item(i), locationId: 'L1' }),
    emptyCart('c1', 'L1'),
  );

/**
 * The cart as the till holds it: a reducer, totals worked out anew for every cart, and a dispatch
 * passed as a new function at every render, as the till's actions are. This one applies the action
 * to the cart of the render that made it, so a line calling an old one would undo later changes.
 */
async function openCart(lines: number) {
  const money = vi.fn((minor: number) => `KES ${minor}`);
  let send: (a: CartAction) => void = () => undefined;
  function Till() {
    const [cart, dispatch] = useReducer(cartReducer, lines, basket);
    send = dispatch;
    return (
      <CashSalePanel
        cart={cart}
        money={money}
        dispatch={(a) => dispatch({ type: 'replace', cart: cartReducer(cart, a) })}
      />
    );
  }
  await renderApp(<Till />);
  return {
    money,
    /** Formats asked for by what `action` rendered. */
    after: (action: CartAction) => {
      money.mockClear();
      act(() => send(action));
      return money.mock.calls.map(([minor]) => minor);
    },
  };
}

const price = (i: number) => 100_000 + i * 100;

describe('the cart, as lines are added and changed', () => {
  it('renders the new line and the totals on a scan, not every line already in the cart', async () => {
    const cart = await openCart(10);
    expect(screen.getAllByRole('group')).toHaveLength(10);
    const formatted = cart.after({ type: 'add', product: item(10), locationId: 'L1' });
    expect(screen.getAllByRole('group')).toHaveLength(11);
    expect(formatted).toContain(price(10));
    for (let i = 0; i < 10; i++) expect(formatted, `line ${i}`).not.toContain(price(i));
  });

  it('renders again only the line whose quantity changed, with its new amount', async () => {
    const cart = await openCart(6);
    const formatted = cart.after({ type: 'step', key: 'p3', delta: 1 });
    expect(formatted).toContain(2 * price(3));
    expect(screen.getByTestId('line-amount-3')).toHaveTextContent(`KES ${2 * price(3)}`);
    for (const i of [0, 1, 2, 4, 5]) expect(formatted, `line ${i}`).not.toContain(price(i));
  });

  it('renders the lines after a removed one again: they moved up', async () => {
    const cart = await openCart(4);
    const formatted = cart.after({ type: 'remove', key: 'p1' });
    expect(screen.getAllByRole('group')).toHaveLength(3);
    expect(formatted).not.toContain(price(0));
    expect(formatted).toEqual(expect.arrayContaining([price(2), price(3)]));
    expect(screen.getByTestId('line-amount-1')).toHaveTextContent(`KES ${price(2)}`);
  });

  it("keeps a line's keys acting on the cart as it is now, not as it was when the line last rendered", async () => {
    const cart = await openCart(3);
    // line 0 does not render again when line 2 changes; its + must still step the cart of now
    cart.after({ type: 'step', key: 'p2', delta: 1 });
    const line0 = screen.getAllByRole('group')[0]!;
    fireEvent.keyDown(line0, { key: '+' });
    expect(screen.getByTestId('line-amount-0')).toHaveTextContent(`KES ${2 * price(0)}`);
    expect(screen.getByTestId('line-amount-2')).toHaveTextContent(`KES ${2 * price(2)}`);
  });
});

describe("a line's quantity refused", () => {
  it('names the most a line may sell, in the language (a million), before the sale is sent', async () => {
    const cart = await openCart(1);
    cart.after({ type: 'setQty', key: 'p0', text: '2000000' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Enter a quantity above zero and up to 1,000,000, at most 3 decimals.',
    );
    cart.after({ type: 'setQty', key: 'p0', text: '1000000' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
