import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import { BuyingPriceField } from './product-margin';
import type { ProductForm } from './use-product-form';

const form = (price: string, buying: string, tax: string) =>
  ({ v: { price, buying, tax }, set: () => undefined, errors: {} }) as unknown as Pick<
    ProductForm,
    'v' | 'set' | 'errors'
  >;

describe('the margin under the buying price', () => {
  it('is counted on the price without the tax inside it, a loss in red with a true minus', async () => {
    // 180.00 with 16 % VAT inside is 155.17 without it: bought at 157.51, each sale loses 2.34
    await renderApp(<BuyingPriceField form={form('180', '157.51', '16')} />, { session: makeSession() });
    expect(screen.getByTestId('product-margin')).toHaveTextContent(
      /^Margin without tax −KES\s?2\.34 \(−1\.5%\)$/,
    );
  });

  it('without tax, on the price as it is', async () => {
    await renderApp(<BuyingPriceField form={form('240', '195.50', '0')} />, { session: makeSession() });
    expect(screen.getByTestId('product-margin')).toHaveTextContent(/^Margin KES\s?44\.50 \(18\.5%\)$/);
  });
});
