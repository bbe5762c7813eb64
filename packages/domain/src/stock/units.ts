import { BASIS_POINTS } from '../quantity.js';

/** Units a product is sold in. */
export const UNITS = ['each', 'kg', 'g', 'litre', 'ml', 'metre', 'pack', 'box', 'dozen', 'pair'] as const;
export type Unit = (typeof UNITS)[number];

/** Reasons of a stock-positive adjustment (product.md). */
export const POSITIVE_REASONS = ['found', 'returned', 'correction'] as const;
/** Reasons of a stock-negative adjustment (product.md). */
export const NEGATIVE_REASONS = ['damaged', 'expired', 'lost_or_stolen', 'own_use', 'correction'] as const;

/** The reason a count's finalising writes on its corrections (stored as written; the screens word it). */
export const COUNT_REASON = 'stock count';

/** Kinds of stock movement in the ledger. */
export const MOVEMENT_KINDS = [
  'supplier_receipt',
  'stock_positive',
  'stock_negative',
  'transfer_out',
  'transfer_in',
  'count_correction',
  'sale',
  'sale_reversal',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** Tax rates are basis points: 1600 = 16 %. */
export const MAX_TAX_BASIS_POINTS = BASIS_POINTS;
