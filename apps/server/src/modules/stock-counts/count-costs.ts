/**
 * What a count's gains cost: a product with no average cost yet and a buying price (a new
 * product's opening count) comes in at its buying price (`incomingCost`), not at 0, and its
 * finalise moves the product's average cost as a receipt at that price would; every other
 * correction is booked at the average cost. The open count's review values its gains the same.
 */
import { incomingCost } from '@duka/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Actor } from '../../lib/context.js';
import type { Trx } from '../../lib/tx.js';
import type { MovementInput } from '../inventory/ledger.js';
import {
  type ProductsOnHand,
  averagedCosts,
  movedCosts,
  readProductsOnHand,
  writeMovedCosts,
} from '../inventory/moved-costs.js';

/** Of the counted products, those a gain books at their buying price, with their stock on hand. */
export function foundAtBuyingPrice(
  db: Kysely<Database>,
  businessId: string,
  counted: readonly { product_id: string }[],
): Promise<ProductsOnHand> {
  const ids = counted.map((c) => c.product_id);
  return readProductsOnHand(db, businessId, ids, { atBuyingPrice: true });
}

/** The unit cost a line's correction is booked at: a gain of a product `found` at its buying price. */
export function bookedCost(
  line: { product_id: string; variance: number },
  costs: Map<string, number>,
  found: ProductsOnHand | undefined,
): number {
  const p = line.variance > 0 ? found?.products.get(line.product_id) : undefined;
  return p ? incomingCost(Number(p.avg_cost), Number(p.buying_price)) : (costs.get(line.product_id) ?? 0);
}

/**
 * Before the corrections are posted (`found` holds the stock on hand before them): the average
 * costs they move, journaled (naming the count) and written, stamped.
 */
export async function moveCountedCosts(
  trx: Trx,
  actor: Actor,
  countId: string,
  found: ProductsOnHand,
  movements: readonly MovementInput[],
): Promise<void> {
  const lines = movements.map((m) => ({
    product_id: m.productId,
    quantity: m.quantity,
    unit_cost: m.unitCost,
  }));
  const moved = averagedCosts(found.products, found.onHand, lines);
  await writeMovedCosts(trx, actor.businessId, await movedCosts(trx, actor, moved, { count_id: countId }));
}
