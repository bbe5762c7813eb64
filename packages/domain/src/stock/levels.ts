/**
 * What "products in stock" and "low stock" mean, once, for every place that shows them: the
 * stock report, the dashboard, the products list and its filter, and the help text beside them.
 * Quantities are thousandths, summed over the locations being looked at (one chosen location, or
 * all the reader may see). A product that has no level at a location holds 0 there: one with a
 * reorder level, never received at a location in use (active, not deleted), is low there.
 */

/** A product is counted among the products in stock when it holds more than zero. */
export function isInStock(onHand: number): boolean {
  return onHand > 0;
}

/**
 * A product is low on stock when it has a reorder level above zero and holds that much or less.
 * A product without a reorder level (0) is never low, whatever it holds. Only active products
 * are listed as low (inactive ones are not reordered).
 */
export function isLowStock(onHand: number, reorderLevel: number): boolean {
  return reorderLevel > 0 && onHand <= reorderLevel;
}

/**
 * The order of low-stock lists: the furthest below its level first, then by name, then by id so
 * that two products of the same name keep one order on every database.
 */
export function compareLowStock(
  a: { on_hand: number; reorder_level: number; name: string; product_id: string },
  b: { on_hand: number; reorder_level: number; name: string; product_id: string },
): number {
  return (
    a.on_hand - a.reorder_level - (b.on_hand - b.reorder_level) ||
    compareText(a.name, b.name) ||
    compareIds(a.product_id, b.product_id)
  );
}

const collator = new Intl.Collator('en', { numeric: true });

/**
 * The order of names in lists sorted by the server: one fixed collation ("apple" before "Banana",
 * "Item 2" before "Item 10"), whatever the machine's locale or the database's collation, then code
 * points when the collation calls two different texts equal.
 */
export function compareText(a: string, b: string): number {
  return collator.compare(a, b) || compareIds(a, b);
}

/** Ids, days and ISO times: plain code-point order (what `Array.prototype.sort` and the databases' C collation do). */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
