import { BASIS_POINTS, QTY_SCALE } from '../quantity.js';

/** Units a product is sold in. */
export const UNITS = ['each', 'kg', 'g', 'litre', 'ml', 'metre', 'pack', 'box', 'dozen', 'pair'] as const;
export type Unit = (typeof UNITS)[number];

/**
 * The units counted in whole pieces: a quantity of them has no fraction (1.5 sodas, 0.5 pair),
 * as Odoo's "Units" rounds to 1. Weights, volumes, lengths and the dozen (half a dozen eggs) keep
 * three decimals.
 */
export const WHOLE_UNITS = ['each', 'pack', 'box', 'pair'] as const satisfies readonly Unit[];
export type WholeUnit = (typeof WHOLE_UNITS)[number];

/** Whether the unit is counted in whole pieces (`WHOLE_UNITS`). */
export function isWholeUnit(unit: string): unit is WholeUnit {
  return (WHOLE_UNITS as readonly string[]).includes(unit);
}

/**
 * Whether a quantity in thousandths is one a product in `unit` can have: a whole number of a
 * whole unit (2000, not 1500 "each"), any thousandths of the others. Sign aside (a count's
 * correction is below zero).
 */
export function quantityFitsUnit(thousandths: number, unit: string): boolean {
  return !isWholeUnit(unit) || thousandths % QTY_SCALE === 0;
}

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
