import type { Product } from '@duka/domain';

/** A product as the API answers it, for tests (the till's, the stock screens'). */
export const product = (over: Partial<Product> = {}): Product => ({
  id: 'p1',
  name: 'Sugar 1 kg',
  code: 'SUG1',
  barcodes: ['6161100000017'],
  category: 'Dry',
  unit: 'each',
  price: 18000,
  tax_rate: 1600,
  reorder_level: 0,
  avg_cost: 15050,
  buying_price: 0,
  image: null,
  active: true,
  levels: [{ location_id: 'L1', quantity: 5000 }],
  on_hand: 5000,
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});
