import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { testI18n } from '../../test/render';
import { emptyCart } from './cart';
import { placeSaleError } from './till-errors';

describe('a sale that did not go through', () => {
  it('claims "no answer" only for a request that was sent; one held back says the connection is missing', async () => {
    const i18n = await testI18n('en');
    const cart = emptyCart('c1');
    const held = placeSaleError(new ApiError({ kind: 'offline', code: 'offline' }), i18n.t, cart);
    expect(held.form).toBe('Internet connection is missing or is not stable!');
    const refused = new ApiError({
      kind: 'http',
      status: 403,
      code: 'business_offline',
      message: 'local only',
    });
    expect(placeSaleError(refused, i18n.t, cart).form).toBe(
      'Internet connection is missing or is not stable!',
    );
    const lost = placeSaleError(new ApiError({ kind: 'network', code: 'network' }), i18n.t, cart);
    expect(lost.form).toMatch(/^No answer from the server\. The sale is kept/);
  });
});
