import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Location, Product } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { ProductCards, ProductsTable } from './products-table';

const shop: Location = { id: 'L1', name: 'Main', active: true, home_here: true };
const sugar: Product = {
  id: 'p1',
  name: 'Sugar',
  code: 'SUG',
  barcodes: [],
  category: 'Dry',
  unit: 'kg',
  price: 18_000,
  buying_price: 0,
  tax_rate: 0,
  reorder_level: 0,
  avg_cost: 0,
  image: null,
  active: true,
  levels: [{ location_id: 'L1', quantity: 1_234_500 }],
  on_hand: 1_234_500,
  updated_at: '2026-01-01T00:00:00Z',
};

describe('the products list writes quantities as the language does', () => {
  it('German: a decimal comma and grouped thousands, in the table', async () => {
    await renderApp(<ProductsTable rows={[sugar]} shown={[shop]} onOpen={() => {}} />, {
      session: makeSession(),
      lng: 'de',
    });
    expect(screen.getByTestId('level-SUG-Main')).toHaveTextContent(/^1\.234,5$/);
    expect(screen.getByTestId('total-SUG')).toHaveTextContent(/^1\.234,5 kg$/);
  });

  it('German cards; English keeps its point and commas', async () => {
    const de = await renderApp(<ProductCards rows={[sugar]} shown={[shop]} onOpen={() => {}} />, {
      session: makeSession(),
      lng: 'de',
    });
    expect(screen.getByText('1.234,5 kg')).toBeVisible();
    expect(screen.getByText('Main: 1.234,5')).toBeVisible();
    de.unmount();
    await renderApp(<ProductsTable rows={[sugar]} shown={[shop]} onOpen={() => {}} />, {
      session: makeSession(),
      lng: 'en',
    });
    expect(screen.getByTestId('total-SUG')).toHaveTextContent(/^1,234\.5 kg$/);
  });
});

describe('the low-stock badge', () => {
  const store: Location = { id: 'L2', name: 'Store', active: true, home_here: false };
  // 10 at the shop, never received at the store, reorder at 5
  const rice: Product = {
    ...sugar,
    id: 'p2',
    code: 'RICE',
    reorder_level: 5_000,
    levels: [{ location_id: 'L1', quantity: 10_000 }],
    on_hand: 10_000,
  };

  it('compares what the product holds where the list is filtered: low at the store, not at the shop', async () => {
    const atStore = await renderApp(
      <ProductsTable rows={[rice]} shown={[store]} at="L2" onOpen={() => {}} />,
      {
        session: makeSession(),
        lng: 'en',
      },
    );
    expect(screen.getByTestId('product-row-RICE')).toHaveTextContent('Low');
    expect(screen.getByTestId('level-RICE-Store')).toHaveTextContent(/^0$/);
    atStore.unmount();
    const atShop = await renderApp(<ProductCards rows={[rice]} shown={[shop]} at="L1" onOpen={() => {}} />, {
      session: makeSession(),
      lng: 'en',
    });
    expect(screen.queryByText('Low')).toBeNull();
    atShop.unmount();
    // everywhere: by the total
    await renderApp(<ProductsTable rows={[rice]} shown={[shop, store]} onOpen={() => {}} />, {
      session: makeSession(),
      lng: 'en',
    });
    expect(screen.getByTestId('product-row-RICE')).not.toHaveTextContent('Low');
  });
});
