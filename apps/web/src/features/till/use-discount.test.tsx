import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hookWrapper } from '../../test/keyed-server';
import type { Cart } from './cart';
import { useDiscount } from './use-discount';

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
