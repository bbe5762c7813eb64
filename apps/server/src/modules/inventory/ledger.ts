import type { MovementKind } from '@duka/domain';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import type { Trx } from '../../lib/tx.js';
import { compiledQuery } from '../../db/compiled-query.js';
import { type DialectName, dialectOf } from '../../db/dialect.js';
import { conflictTarget } from '../../db/keys.js';
import type { StockLevelsTable, StockMovementsTable } from '../../db/tables/stock.js';
import { type Insertable, type QueryCreator, sql } from 'kysely';
import type { Database } from '../../db/tables.js';

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
function upsertLevels(
  db: QueryCreator<Database>,
  dialect: DialectName,
  rows: Insertable<StockLevelsTable>[],
  at: string,
) {
  return db
    .insertInto('stock_levels')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(conflictTarget(dialect, ['product_id', 'location_id'])).doUpdateSet({
        quantity: sql<number>`stock_levels.quantity + excluded.quantity`,
        updated_at: at,
      }),
    )
    .returning(['product_id', 'location_id', 'quantity']);
}

const moveLevels = compiledQuery((db, a: { rows: Insertable<StockLevelsTable>[]; at: string }) =>
  upsertLevels(db, dialectOf(db), a.rows, a.at),
);

/**
 * PostgreSQL only: the movements and the levels in one statement (a data-modifying `with`), one
 * round trip fewer per sale, reversal and stock document (issue 21). The levels' new quantities
 * are checked after it as after `moveLevels`: a refusal throws, and the caller's transaction takes
 * both back. SQLite has no such `with`, and there a statement costs no round trip.
 */
const moveAllAtOnce = compiledQuery(
  (
    db,
    a: { levels: Insertable<StockLevelsTable>[]; at: string; movements: Insertable<StockMovementsTable>[] },
  ) =>
    upsertLevels(
      db.with('moved', (q) =>
        q.insertInto('stock_movements').values(a.movements),
      ) as unknown as QueryCreator<Database>,
      'postgres',
      a.levels,
      a.at,
    ),
);

/** Most movements one insert carries (a document of many lines goes in several). */
const MOVEMENTS_PER_INSERT = 200;

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
  // One statement moves every level and answers the new quantities; a level that would go below
  // zero then fails the whole transaction (nothing is written), so no separate read is needed.
  const levels = [...deltas.values()]
    .filter((d) => d.delta !== 0)
    .map((d) => ({
      business_id: actor.businessId,
      product_id: d.productId,
      location_id: d.locationId,
      quantity: d.delta,
      updated_at: actor.at,
    }));
  const together = opts.dialect === 'postgres' && levels.length > 0 && rows.length <= MOVEMENTS_PER_INSERT;
  const after =
    levels.length === 0
      ? []
      : together
        ? await moveAllAtOnce.all(trx, { levels, at: actor.at, movements: rows })
        : await moveLevels.all(trx, { rows: levels, at: actor.at });
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
  if (together) return;
  for (let i = 0; i < rows.length; i += MOVEMENTS_PER_INSERT) {
    await insertMovements.run(trx, { rows: rows.slice(i, i + MOVEMENTS_PER_INSERT) });
  }
}
