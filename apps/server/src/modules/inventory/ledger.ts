import type { MovementKind } from '@duka/domain';
import { AppError } from '../../lib/errors.js';
import { keepBelowZero } from './below-zero.js';
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
export function upsertLevels(
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

/** `moveLevels` of more than LEVELS_PER_UPSERT levels, that many a statement: every level's new quantity. */
async function moveManyLevels(trx: Trx, levels: Insertable<StockLevelsTable>[], at: string) {
  const after = [];
  for (let i = 0; i < levels.length; i += LEVELS_PER_UPSERT)
    after.push(...(await moveLevels.all(trx, { rows: levels.slice(i, i + LEVELS_PER_UPSERT), at })));
  return after;
}

/**
 * PostgreSQL only: the movements as a part (`moved`) of a statement that does more (a data-modifying
 * `with`): of `moveAllAtOnce`, or of a sale's one statement (`sale-writes.ts`).
 */
export function withMovements(
  db: QueryCreator<Database>,
  movements: Insertable<StockMovementsTable>[],
): QueryCreator<Database> {
  return db.with('moved', (q) =>
    q.insertInto('stock_movements').values(movements),
  ) as unknown as QueryCreator<Database>;
}

/**
 * PostgreSQL only: the movements and the levels in one statement, one round trip fewer per
 * reversal and stock document (issue 21). The levels' new quantities are checked after it as
 * after `moveLevels`: a refusal throws, and the caller's transaction takes both back. SQLite has no
 * such `with`, and there a statement costs no round trip.
 */
const moveAllAtOnce = compiledQuery(
  (
    db,
    a: { levels: Insertable<StockLevelsTable>[]; at: string; movements: Insertable<StockMovementsTable>[] },
  ) => upsertLevels(withMovements(db, a.movements), 'postgres', a.levels, a.at),
);

/** Most movements one insert carries (a document of many lines goes in several). */
export const MOVEMENTS_PER_INSERT = 200;

/**
 * Most levels one upsert moves (5 parameters each): a count's finalise moves one per corrected
 * product, thousands, past SQLite's 32,766 and PostgreSQL's 65,535 bound parameters in one
 * statement. A sale or a document of up to this many levels still moves them in one statement.
 */
const LEVELS_PER_UPSERT = 1_000;

const insertMovements = compiledQuery((db, a: { rows: Insertable<StockMovementsTable>[] }) =>
  db.insertInto('stock_movements').values(a.rows),
);

const key = (productId: string, locationId: string) => `${productId}|${locationId}`;

/** What movements write: their rows, and each level's change (none for a change of zero). */
export interface LedgerRows {
  rows: Insertable<StockMovementsTable>[];
  levels: Insertable<StockLevelsTable>[];
  deltas: Map<string, { productId: string; locationId: string; delta: number }>;
}

/**
 * The ledger's rows of these movements, and the levels they move. `day` is the business day they
 * are recorded on (ADR 6): the sale's or reversal's own, or the day of `actor.at` in the business's
 * zone (`businessDay`).
 */
export function ledgerRows(actor: Actor, movements: MovementInput[], day: string): LedgerRows {
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
    business_day: day,
  }));
  const levels = [...deltas.values()]
    .filter((d) => d.delta !== 0)
    .map((d) => ({
      business_id: actor.businessId,
      product_id: d.productId,
      location_id: d.locationId,
      quantity: d.delta,
      updated_at: actor.at,
    }));
  return { rows, levels, deltas };
}

/** How much each level moved, for `keepBelowZero`. */
export const movedBy =
  (deltas: LedgerRows['deltas']) =>
  (productId: string, locationId: string): number =>
    deltas.get(key(productId, locationId))?.delta ?? 0;

/**
 * Unless negative stock is allowed, refuses with 409 insufficient_stock when a level that went
 * down is now below zero (the new quantities, as the levels' upsert answers them); the caller's
 * transaction then takes every write back.
 */
export function refuseBelowZero(
  after: { product_id: string; location_id: string; quantity: number | string }[],
  deltas: LedgerRows['deltas'],
  opts: { allowNegative: boolean; productNames?: Map<string, string> },
): void {
  if (opts.allowNegative) return;
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

/**
 * Appends movements to the ledger and moves the stock levels with them, in the caller's
 * transaction (which must hold `lockBusiness`). Unless negative stock is allowed, refuses with
 * 409 insufficient_stock when any location would go below zero; nothing is written then.
 */
export async function postMovements(
  trx: Trx,
  actor: Actor,
  movements: MovementInput[],
  opts: { dialect: DialectName; allowNegative: boolean; day: string; productNames?: Map<string, string> },
): Promise<void> {
  if (movements.length === 0) return;
  const { rows, levels, deltas } = ledgerRows(actor, movements, opts.day);
  // One statement moves every level and answers the new quantities; a level that would go below
  // zero then fails the whole transaction (nothing is written), so no separate read is needed.
  const together = opts.dialect === 'postgres' && levels.length > 0 && rows.length <= MOVEMENTS_PER_INSERT;
  const after =
    levels.length === 0
      ? []
      : together
        ? await moveAllAtOnce.all(trx, { levels, at: actor.at, movements: rows })
        : levels.length <= LEVELS_PER_UPSERT
          ? await moveLevels.all(trx, { rows: levels, at: actor.at })
          : await moveManyLevels(trx, levels, actor.at);
  refuseBelowZero(after, deltas, opts);
  await keepBelowZero(trx, actor.businessId, after, movedBy(deltas));
  if (together) return;
  for (let i = 0; i < rows.length; i += MOVEMENTS_PER_INSERT) {
    await insertMovements.run(trx, { rows: rows.slice(i, i + MOVEMENTS_PER_INSERT) });
  }
}
