/**
 * A product's average cost moved by goods coming in: a supplier receipt, a reversal (goods back
 * at the cost they left with), stock found or a count's correction up (at `incomingCost`). Each
 * change is journaled (ADR 3: sync carries the product's new cost by that entry, as any edit of
 * it) and stamped with its entry's stamp; on PostgreSQL the updates go inside the write's one
 * statement (`withCostUpdates`), or a few products' in one update (`writeMovedCosts`: a count's
 * finalise, a document too large for one statement), elsewhere one statement each.
 */
import { nextAverageCost } from '@duka/domain';
import { type Kysely, type QueryCreator, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import { dialectOf } from '../../db/dialect.js';
import type { Database, ProductRow } from '../../db/tables.js';
import type { Actor } from '../../lib/context.js';
import { type JournalStamp, appendJournalEntries } from '../../lib/journal.js';
import { stampedSet, updateStamped } from '../../lib/stamps.js';
import type { Trx } from '../../lib/tx.js';

/** A product whose average cost a write moves, with the new cost. */
export interface CostMove {
  product: ProductRow;
  avgCost: number;
}

/** A product's cost as its update writes it: the row as read, the columns set, the entry's stamp. */
export interface MovedCost {
  was: ProductRow;
  set: { avg_cost: number; updated_at: string };
  stamp: JournalStamp['stamp'];
}

/** A product's cost moved inside a statement of its own making: the columns its stamped update sets. */
export interface CostUpdate {
  id: string;
  set: Record<string, unknown>;
}

/** Products by id and their stock on hand at every location, by id (what moves their costs). */
export interface ProductsOnHand {
  products: Map<string, ProductRow>;
  onHand: Map<string, number>;
}

/** A product's stock on hand at every location of the business, `p` its row (a scalar subquery). */
export const onHandSql = (businessId: string) =>
  sql<string>`(select coalesce(sum("sl"."quantity"), 0) from "stock_levels" as "sl" where "sl"."business_id" = ${businessId} and "sl"."product_id" = "p"."id")`;

/** The products' rows by id, their stock on hand (a number however read) kept apart. */
export function productsOnHand(rows: readonly (ProductRow & { on_hand: number | string })[]): ProductsOnHand {
  const products = new Map<string, ProductRow>();
  const onHand = new Map<string, number>();
  for (const { on_hand, ...p } of rows) {
    products.set(p.id, p);
    onHand.set(p.id, Number(on_hand));
  }
  return { products, onHand };
}

/**
 * Products whole with their stock on hand, by id; with `noCost` (0, a parameter as every argument
 * is) only those with no average cost and a buying price, which `incomingCost` books at the latter.
 */
const readOnHand = compiledQuery((db, a: { businessId: string; ids: string[]; noCost?: 0 }) => {
  const q = db
    .selectFrom('products as p')
    .selectAll('p')
    .select(onHandSql(a.businessId).as('on_hand'))
    .where('p.business_id', '=', a.businessId)
    .where('p.id', 'in', a.ids);
  return a.noCost === undefined
    ? q
    : q.where('p.avg_cost', '=', a.noCost).where('p.buying_price', '>', a.noCost);
});

/** Most ids one read names (a count may correct every product of a catalogue). */
const IDS_PER_READ = 500;

/**
 * The products, whole, with their stock on hand at every location; with `atBuyingPrice` only those
 * stock coming in without a receipt is booked at the buying price of (no average cost yet, a
 * buying price set: `incomingCost`).
 */
export async function readProductsOnHand(
  db: Kysely<Database>,
  businessId: string,
  ids: readonly string[],
  opts: { atBuyingPrice?: true } = {},
): Promise<ProductsOnHand> {
  const unique = [...new Set(ids)];
  const rows: (ProductRow & { on_hand: number | string })[] = [];
  for (let i = 0; i < unique.length; i += IDS_PER_READ)
    rows.push(
      ...(await readOnHand.all(db, {
        businessId,
        ids: unique.slice(i, i + IDS_PER_READ),
        ...(opts.atBuyingPrice ? { noCost: 0 as const } : {}),
      })),
    );
  return productsOnHand(rows);
}

/**
 * The weighted average cost of each product after its incoming lines, in their order, on its
 * stock on hand at every location before them (`onHand`): only the products whose cost changes.
 * A product missing from `products` is left alone.
 */
export function averagedCosts(
  products: ReadonlyMap<string, ProductRow>,
  onHand: ReadonlyMap<string, number>,
  lines: readonly { product_id: string; quantity: number; unit_cost: number }[],
): CostMove[] {
  const avg = new Map<string, number>();
  const held = new Map<string, number>();
  for (const l of lines) {
    const p = products.get(l.product_id);
    if (!p) continue;
    const before = held.get(p.id) ?? onHand.get(p.id) ?? 0;
    avg.set(p.id, nextAverageCost(before, avg.get(p.id) ?? Number(p.avg_cost), l.quantity, l.unit_cost));
    held.set(p.id, before + l.quantity);
  }
  return [...avg]
    .map(([id, avgCost]) => ({ product: products.get(id)!, avgCost }))
    .filter((c) => c.avgCost !== Number(c.product.avg_cost));
}

/**
 * The moved costs' journal entries (one statement on PostgreSQL, `appendJournalEntries`), each
 * naming the product and `detail` (the document that moved it), before the change is written: the
 * entry's stamp stamps the cost's field group. The products' rows were read whole under the
 * business's lock, so their updates need no read before or after.
 */
export async function movedCosts(
  trx: Trx,
  actor: Actor,
  costs: readonly CostMove[],
  detail: Record<string, string>,
): Promise<MovedCost[]> {
  const stamps = await appendJournalEntries(
    trx,
    costs.map((c) => ({
      ...actor.journal,
      docType: 'product',
      docId: c.product.id,
      action: 'product.cost',
      detail: { avg_cost: c.avgCost, ...detail },
    })),
  );
  return costs.map((c, i) => ({
    was: c.product,
    set: { avg_cost: c.avgCost, updated_at: actor.at },
    stamp: stamps[i]!.stamp,
  }));
}

/** Moved costs one PostgreSQL update writes: 4 parameters each, far under its 65,535. */
export const COSTS_PER_STATEMENT = 1_000;

/**
 * The moved costs written, each stamped as `updateStamped` stamps it (`costUpdates`). PostgreSQL:
 * one update per COSTS_PER_STATEMENT products, from a list of their values (an opening count of a
 * whole catalogue was one round trip per product). SQLite: one update per product, its statement
 * prepared once (the statement cache) and run in the caller's transaction.
 */
export async function writeMovedCosts(trx: Trx, businessId: string, costs: readonly MovedCost[]) {
  if (dialectOf(trx) !== 'postgres') {
    for (const c of costs) await updateStamped(trx, businessId, 'product', c.was, c.set, c.stamp);
    return;
  }
  const updates = costUpdates(costs);
  for (let i = 0; i < updates.length; i += COSTS_PER_STATEMENT) {
    const values = updates
      .slice(i, i + COSTS_PER_STATEMENT)
      .map(
        ({ id, set }) =>
          sql`(cast(${id} as text), cast(${set.avg_cost} as bigint), cast(${set.updated_at} as text), cast(${set.stamps ?? null} as text))`,
      );
    // a product whose update stamps nothing keeps its stamps (`updateStamped` leaves them too)
    await sql`update products set avg_cost = v.avg_cost, updated_at = v.updated_at,
        stamps = coalesce(v.stamps, products.stamps)
      from (values ${sql.join(values)}) as v (id, avg_cost, updated_at, stamps)
      where products.business_id = ${businessId} and products.id = v.id`.execute(trx);
  }
}

/** What each moved cost's update sets, for a statement that holds the updates (`withCostUpdates`). */
export const costUpdates = (costs: readonly MovedCost[]): CostUpdate[] =>
  costs.map((c) => ({ id: c.was.id, set: stampedSet('product', c.was, c.set, c.stamp) }));

/** PostgreSQL: the products' cost updates as parts (`cost_0`, …) of a data-modifying `with`. */
export function withCostUpdates(
  db: QueryCreator<Database>,
  businessId: string,
  costs: readonly CostUpdate[],
): QueryCreator<Database> {
  let q = db;
  costs.forEach((cost, i) => {
    q = q.with(`cost_${i}`, (c) =>
      c.updateTable('products').set(cost.set).where('business_id', '=', businessId).where('id', '=', cost.id),
    ) as unknown as QueryCreator<Database>;
  });
  return q;
}
