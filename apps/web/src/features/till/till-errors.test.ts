import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { testI18n } from '../../test/render';
import { type TillLine, emptyCart } from './cart';
import { placeSaleError } from './till-errors';

const LINE: TillLine = {
  key: '',
  product_id: '',
  name: '',
  code: 'C1',
  unit: 'each',
  unit_price: 10_000,
  tax_rate: 0,
  qty: '3',
  discount: 0,
  on_hand: null,
};

describe('a sale that did not go through', () => {
  it('claims "no answer" only for a request that was sent; one held back says the connection is missing', async () => {
    const i18n = await testI18n('en');
    const cart = emptyCart('c1');
    const held = placeSaleError(new ApiError({ kind: 'offline', code: 'offline' }), i18n, cart);
    expect(held.form).toBe('Internet connection is missing or is not stable!');
    const refused = new ApiError({
      kind: 'http',
      status: 403,
      code: 'business_offline',
      message: 'local only',
    });
    expect(placeSaleError(refused, i18n, cart).form).toBe('Internet connection is missing or is not stable!');
    const lost = placeSaleError(new ApiError({ kind: 'network', code: 'network' }), i18n, cart);
    expect(lost.form).toBe(
      'No answer from the server: the sale may already be recorded. Try again: it cannot be recorded twice. The cart is kept.',
    );
    expect(lost.retry).toBe(true);
    expect(held.retry).toBeUndefined();
  });

  it('words a refusal by the params it names, never by reading the server’s English', async () => {
    const i18n = await testI18n('es');
    const cart = {
      ...emptyCart('c1'),
      lines: [
        { ...LINE, key: 'k1', product_id: 'p1', name: 'Arroz' },
        { ...LINE, key: 'k2', product_id: 'p2', name: 'Azúcar' },
      ],
    };
    const short = new ApiError({
      kind: 'http',
      status: 409,
      code: 'insufficient_stock',
      message: 'Not enough Sugar in stock: 2.5 on hand, 3 needed',
      field: 'lines',
      params: { product_id: 'p2', name: 'Sugar', on_hand: 2500 },
    });
    const placed = placeSaleError(short, i18n, cart);
    expect(Object.keys(placed.lines)).toEqual(['k2']);
    expect(placed.lines.k2).toBe(
      i18n.t('till.errors.insufficientStockOnHand', { name: 'Azúcar', onHand: '2,5' }),
    );
    const used = new ApiError({
      kind: 'http',
      status: 409,
      code: 'reference_used',
      message: 'The reference QA1 was already used on receipt #000042',
      field: 'reference',
      params: { receipt_no: '000042' },
    });
    expect(placeSaleError(used, i18n, cart).fields.reference).toBe(
      i18n.t('till.errors.referenceUsedOn', { receipt: '000042' }),
    );
  });
});
