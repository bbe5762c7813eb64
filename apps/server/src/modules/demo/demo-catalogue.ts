import type { Unit } from '@duka/domain';

/**
 * The demo shop's catalogue (issue 16): a small Kenyan general store. Prices and buying prices in
 * KES minor units (cents); `daily` is how many units a usual day sells, which shapes the sales.
 */
export interface DemoProduct {
  name: string;
  code: string;
  category: string;
  unit: Unit;
  price: number;
  cost: number;
  vat: boolean;
  daily: number;
  reorder: number;
}

const p = (
  name: string,
  code: string,
  category: string,
  price: number,
  cost: number,
  daily: number,
  opts: { unit?: Unit; vat?: boolean; reorder?: number } = {},
): DemoProduct => ({
  name,
  code,
  category,
  unit: opts.unit ?? 'each',
  price: price * 100,
  cost: cost * 100,
  vat: opts.vat ?? true,
  daily,
  reorder: (opts.reorder ?? 10) * 1000,
});

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  p('Bread 400 g', 'BRD400', 'Bakery', 65, 55, 14, { vat: false }),
  p('Mandazi (pack of 5)', 'MDZ5', 'Bakery', 50, 35, 6, { vat: false, unit: 'pack' }),
  p('Milk 500 ml', 'MLK500', 'Dairy', 60, 50, 16, { vat: false }),
  p('Yoghurt 250 ml', 'YGT250', 'Dairy', 80, 62, 4),
  p('Eggs (tray of 30)', 'EGG30', 'Dairy', 450, 390, 2, { vat: false, reorder: 3 }),
  p('Sugar 1 kg', 'SUG1', 'Dry goods', 180, 155, 9),
  p('Maize flour 2 kg', 'UGA2', 'Dry goods', 190, 165, 10, { vat: false }),
  p('Wheat flour 2 kg', 'WHT2', 'Dry goods', 210, 180, 4),
  p('Rice 1 kg', 'RCE1', 'Dry goods', 160, 130, 5, { vat: false }),
  p('Beans (loose)', 'BNS', 'Dry goods', 170, 130, 3, { vat: false, unit: 'kg' }),
  p('Cooking oil 1 l', 'OIL1', 'Dry goods', 350, 300, 5, { unit: 'litre' }),
  p('Salt 500 g', 'SLT500', 'Dry goods', 30, 22, 3),
  p('Tea leaves 250 g', 'TEA250', 'Beverages', 120, 95, 4),
  p('Drinking chocolate 200 g', 'CHC200', 'Beverages', 280, 230, 1, { reorder: 12 }),
  p('Soda 500 ml', 'SDA500', 'Beverages', 70, 55, 12),
  p('Mineral water 1 l', 'WTR1', 'Beverages', 60, 40, 8, { unit: 'litre' }),
  p('Juice 1 l', 'JCE1', 'Beverages', 180, 145, 3, { unit: 'litre' }),
  p('Tomatoes (loose)', 'TMT', 'Fresh produce', 100, 70, 5, { vat: false, unit: 'kg' }),
  p('Onions (loose)', 'ONN', 'Fresh produce', 120, 85, 4, { vat: false, unit: 'kg' }),
  p('Sukuma wiki (bunch)', 'SKM', 'Fresh produce', 20, 12, 10, { vat: false }),
  p('Bananas (bunch of 6)', 'BNN6', 'Fresh produce', 60, 40, 5, { vat: false }),
  p('Bar soap 800 g', 'SOP800', 'Household', 150, 120, 3),
  p('Washing powder 500 g', 'WSH500', 'Household', 140, 112, 3),
  p('Toilet paper (4 rolls)', 'TPR4', 'Household', 160, 128, 3, { unit: 'pack' }),
  p('Matches (box of 10)', 'MTC10', 'Household', 50, 38, 2, { unit: 'box' }),
  p('Candles (pack of 6)', 'CDL6', 'Household', 90, 70, 1, { unit: 'pack', reorder: 12 }),
  p('Toothpaste 100 ml', 'TTP100', 'Personal care', 130, 100, 2),
  p('Body lotion 400 ml', 'LTN400', 'Personal care', 320, 260, 1, { reorder: 3 }),
  p('Airtime KES 100', 'AIR100', 'Airtime', 100, 96, 6, { vat: false }),
  p('Exercise book 96 pages', 'BK96', 'Stationery', 45, 32, 3),
  p('Pen (blue)', 'PEN', 'Stationery', 20, 12, 4),
];

export const DEMO_DEBTORS = [
  { name: 'Juma Otieno', phone: '0722000111', credit_limit: 500_000 },
  { name: 'Wanjiru Kamau', phone: '0733000222', credit_limit: 300_000 },
] as const;
