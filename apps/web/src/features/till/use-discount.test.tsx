import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hookWrapper } from '../../test/keyed-server';
import type { Cart } from './cart';
import { SALE, useDiscount } from './use-discount';

describe('a discount reopened', () => {
  it("shows what it holds in the page's decimal sign, and reads back the same (0,750 BHD read 750 BHD)", async () => {
    const was = document.documentElement.lang;
    const wrapper = await hookWrapper();
    document.documentElement.lang = 'de';
    try {
      const cart: Cart = { id: 'c1', location_id: 'l1', lines: [], discount: 750 };
      const { result } = renderHook(
        () =>
          useDiscount({
            opened: true,
            onClose: () => undefined,
            cart,
            limitBp: null,
            digits: 3,
            dispatch: () => undefined,
          }),
        { wrapper },
      );
      expect(result.current.text).toBe('0,750');
      expect(result.current.amount).toBe(750);
    } finally {
      document.documentElement.lang = was;
    }
  });
});

describe('the discount dialog opened again', () => {
  it('starts on the whole sale, not on the line chosen last time', async () => {
    const wrapper = await hookWrapper();
    const oil = {
      key: 'p-oil',
      product_id: 'p-oil',
      name: 'Cooking oil 1 l',
      code: 'OIL1',
      unit: 'each',
      unit_price: 35_000,
      tax_rate: 0,
      qty: '3',
      discount: 5_000,
      on_hand: null,
    };
    const cart: Cart = { id: 'c1', location_id: 'l1', lines: [oil], discount: 0 };
    const { result, rerender } = renderHook(
      ({ opened }) =>
        useDiscount({
          opened,
          onClose: () => undefined,
          cart,
          limitBp: null,
          digits: 2,
          dispatch: () => undefined,
        }),
      { wrapper, initialProps: { opened: true } },
    );
    act(() => result.current.setTarget('p-oil'));
    expect(result.current.text).toBe('50.00');
    rerender({ opened: false });
    rerender({ opened: true });
    expect(result.current.target).toBe(SALE);
    expect(result.current.text).toBe('');
  });
});
