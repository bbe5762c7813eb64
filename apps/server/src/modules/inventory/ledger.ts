import type { MovementKind } from '@duka/domain';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import type { Trx } from '../../lib/tx.js';
import { compiledQuery } from '../../db/compiled-query.js';
import { type DialectName, dialectOf } from '../../db/dialect.js';
import { conflictTarget } from '../../db/keys.js';
import type { StockLevelsTable, StockMovementsTable } from '../../db/tables/stock.js';
import { type Insertable, sql } from 'kysely';

export interface MovementInput {
  productId: string;
  locationId: string;
  /** Signed thousandths: + into the location, − out of it. */
  quantity: number;
  unitCost: number;
  kind: MovementKind;
  docType: string;
  docId: string;
  reason?: string | null;
}

/** Moves levels by their deltas (a new level starts at its delta); answers the new quantities. */
const moveLevels = compiledQuery((db, a: { rows: Insertable<StockLevelsTable>[]; at: string }) =>
  db
    .insertInto('stock_levels')
    .values(a.rows)
    .onConflict((oc) =>
      oc.columns(conflictTarget(dialectOf(db), ['product_id', 'location_id'])).doUpdateSet({
        quantity: sql<number>`stock_levels.quantity + excluded.quantity`,
        updated_at: a.at,
      }),
    )
    .returning(['product_id', 'location_id', 'quantity']),
);

const insertMovements = compiledQuery((db, a: { rows: Insertable<StockMovementsTable>[] }) =>
  db.insertInto('stock_movements').values(a.rows),
);

const key = (productId: string, locationId: string) => `${productId}|${locationId}`;

/**
 * Appends movements to the ledger and moves the stock levels with them, in the caller's
 * transaction (which must hold `lockBusiness`). Unless negative stock is allowed, refuses with
 * 409 insufficient_stock when any location would go below zero; nothing is written then.
 */
export async function postMovements(
  trx: Trx,
  actor: Actor,
  movements: MovementInput[],
  opts: { dialect: DialectName; allowNegative: boolean; productNames?: Map<string, string> },
): Promise<void> {
  if (movements.length === 0) return;
  const deltas = new Map<string, { productId: string; locationId: string; delta: number }>();
  for (const m of movements) {
    const k = key(m.productId, m.locationId);
    const d = deltas.get(k) ?? { productId: m.productId, locationId: m.locationId, delta: 0 };
    d.delta += m.quantity;
    deltas.set(k, d);
  }
  // One statement moves every level and answers the new quantities; a level that would go below
  // zero then fails the whole transaction (nothing is written), so no separate read is needed.
  const changed = [...deltas.values()].filter((d) => d.delta !== 0);
  if (changed.length > 0) {
    const after = await moveLevels.all(trx, {
      rows: changed.map((d) => ({
        business_id: actor.businessId,
        product_id: d.productId,
        location_id: d.locationId,
        quantity: d.delta,
        updated_at: actor.at,
      })),
      at: actor.at,
    });
    if (!opts.allowNegative) {
      for (const row of after) {
        const d = deltas.get(key(row.product_id, row.location_id))!;
        const now = Number(row.quantity);
        if (d.delta < 0 && now < 0) {
          const name = opts.productNames?.get(d.productId) ?? d.productId;
          const onHand = now - d.delta;
          throw new AppError(
            'insufficient_stock',
            `Not enough ${name} in stock: ${onHand / 1000} on hand, ${-d.delta / 1000} needed`,
            'lines',
            {},
            { product_id: d.productId, name, on_hand: onHand },
          );
        }
      }
    }
  }
  const rows = movements.map((m) => ({
    id: newId(),
    business_id: actor.businessId,
    product_id: m.productId,
    location_id: m.locationId,
    quantity: m.quantity,
    unit_cost: m.unitCost,
    kind: m.kind,
    doc_type: m.docType,
    doc_id: m.docId,
    reason: m.reason ?? null,
    user_id: actor.userId,
    device_id: actor.deviceId,
    created_at: actor.at,
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await insertMovements.run(trx, { rows: rows.slice(i, i + 200) });
  }
}
