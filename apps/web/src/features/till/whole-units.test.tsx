import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { CashSalePanel } from '../../test/cash-sale-panel';
import { renderApp, testI18n } from '../../test/render';
import { product } from '../../test/products';
import { SODA_NOT_WHOLE } from '../../test/refusals';
import { type Cart, cartReducer, emptyCart, totalsOf } from './cart';
import { placeSaleError } from './till-errors';

const soda = product({ id: 'p1', name: 'Soda', code: 'SODA', barcodes: [], unit: 'each', price: 5_000 });
const beans = product({ id: 'p2', name: 'Beans', code: 'BNS', barcodes: [], unit: 'kg', price: 17_000 });
const eggs = product({ id: 'p3', name: 'Eggs', code: 'EGG', barcodes: [], unit: 'dozen', price: 2_000 });

const cartOf = (qty: Record<string, string>): Cart =>
  [soda, beans, eggs].reduce<Cart>(
    (c, p) =>
      cartReducer(cartReducer(c, { type: 'add', product: p }), {
        type: 'setQty',
        key: p.id,
        text: qty[p.id]!,
      }),
    emptyCart('c1', 'L1'),
  );

describe('a fraction of a product sold each, at the till', () => {
  it('keeps the sale from being charged; kilograms and dozens take decimals', () => {
    const half = totalsOf(cartOf({ p1: '1.5', p2: '1.5', p3: '0.5' }), null);
    expect([...half.badQty]).toEqual([['p1', 'till.errors.notWhole']]);
    expect(half.payable).toBe(false);
    const whole = totalsOf(cartOf({ p1: '2', p2: '1.5', p3: '0.5' }), null);
    expect(whole.badQty.size).toBe(0);
    expect(whole.payable).toBe(true);
  });

  it('says so under the line, in the language of the page, and Pay waits until it is whole', async () => {
    function Till() {
      const [cart, dispatch] = useReducer(cartReducer, { p1: '1.5', p2: '1.5', p3: '0.5' }, cartOf);
      return <CashSalePanel cart={cart} dispatch={dispatch} />;
    }
    await renderApp(<Till />, { lng: 'es' });
    const [sodaLine, beansLine, eggsLine] = screen.getAllByRole('group');
    expect(within(sodaLine!).getByRole('alert')).toHaveTextContent(
      'Se vende en unidades enteras (ud.): escriba una cantidad sin decimales.',
    );
    expect(within(sodaLine!).getByTestId('till-qty-0')).toBeInvalid();
    expect(within(beansLine!).queryByRole('alert')).toBeNull();
    expect(within(eggsLine!).queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('till-pay')).toBeDisabled();
    act(() => {
      fireEvent.change(within(sodaLine!).getByTestId('till-qty-0'), { target: { value: '2' } });
    });
    expect(within(screen.getAllByRole('group')[0]!).queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('till-pay')).toBeEnabled();
  });

  it("shows the server's refusal on its line, worded from its code", async () => {
    const i18n = await testI18n('pt');
    const cart = cartOf({ p1: '2', p2: '1', p3: '1' });
    expect(placeSaleError(SODA_NOT_WHOLE, i18n, cart)).toEqual({
      lines: { p1: 'Soda é contado em unidades inteiras (un.): digite uma quantidade sem casas decimais.' },
      fields: {},
      form: null,
    });
    await testI18n('en');
  });
});
