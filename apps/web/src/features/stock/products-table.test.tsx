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
