import { type Expression, type QueryCreator, type SqlBool, expressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/tables.js';

/**
 * The products that can be low on stock (domain isLowStock): active, not deleted, with a reorder
 * level. Written as migration 0029's index condition, with the same constants (not parameters), so
 * that the index `products_reorder` serves the reads that ask for them: a parameter would keep
 * PostgreSQL's generic plans and SQLite from knowing the condition holds. `table`: the products'
 * name or alias in the query.
 */
export const canRunLow = (table: string) =>
  sql<SqlBool>`${sql.ref(`${table}.reorder_level`)} > 0 and ${sql.ref(`${table}.active`)} = 1 and ${sql.ref(`${table}.deleted_at`)} is null`;

/**
 * A location in use (active, not deleted): there a product that can run low and has no level row
 * holds 0 (`unstockedLevels`, `atLocation`), so it is low there. A deactivated or deleted
 * location gets no such rows: only the levels it really has. `table`: the locations' alias.
 */
const inUse = (table: string) =>
  sql<SqlBool>`${sql.ref(`${table}.active`)} = 1 and ${sql.ref(`${table}.deleted_at`)} is null`;

/**
 * The locations looked at: every one of the business (neither given), one chosen, and/or the ones
 * a reader limited to theirs may see (never empty: `scopeIds`).
 */
export interface LevelsAt {
  businessId: string;
  locationId?: string;
  locationIds?: string[];
}

const eb = expressionBuilder<Database, never>();

/**
 * What a product holds at the locations looked at: its levels there summed, null when it has none
 * there (read as 0: a product never received holds nothing). One product's levels by its key, not
 * every level of the business grouped. `product`: the products' name or alias in the query.
 */
export function heldAt(product: string, at: LevelsAt) {
  let held = eb
    .selectFrom('stock_levels as l')
    .select((e) => e.fn.sum<number>('l.quantity').as('q'))
    .where('l.business_id', '=', at.businessId)
    .where('l.product_id', '=', sql.ref<string>(`${product}.id`));
  if (at.locationId) held = held.where('l.location_id', '=', at.locationId);
  if (at.locationIds) held = held.where('l.location_id', 'in', at.locationIds);
  return held;
}

/**
 * Domain isLowStock in SQL, the one rule of the products list's filter and the notifications'
 * count (the reports apply isLowStock to `heldAt`'s sums): a product that can run low holding its
 * reorder level or less at the locations looked at, nothing held counting as 0.
 */
export function isLowAt(product: string, at: LevelsAt): Expression<SqlBool> {
  return eb.and([
    canRunLow(product),
    eb(eb.fn.coalesce(heldAt(product, at), eb.lit(0)), '<=', sql.ref<number>(`${product}.reorder_level`)),
  ]);
}

/**
 * The products at one location (the products list's filter by location): those with a level row
 * there and, when the location is in use, every product that can run low, holding 0 there without
 * one (as `unstockedLevels` lists them in the stock report).
 */
export function atLocation(product: string, businessId: string, locationId: string): Expression<SqlBool> {
  const id = sql.ref<string>(`${product}.id`);
  return eb.or([
    eb(
      id,
      'in',
      eb.selectFrom('stock_levels as l').select('l.product_id').where('l.location_id', '=', locationId),
    ),
    eb.and([
      canRunLow(product),
      eb.exists(
        eb
          .selectFrom('locations as loc')
          .select(sql<number>`1`.as('one'))
          .where('loc.business_id', '=', businessId)
          .where('loc.id', '=', locationId)
          .where(inUse('loc')),
      ),
    ]),
  ]);
}

/**
 * The levels a product that can run low has without a row at one location: when the location is
 * in use, each such product with no level row there, on hand 0 (so it is low there); at a
 * deactivated or deleted location, none. Products `p` (found by `products_reorder`) by the one
 * location `loc`, less those a level row holds there (by the levels' key); the caller selects the
 * columns. Only for one location: over several, a product's levels are summed (`heldAt`), and
 * nothing held is 0 without a row for each pair.
 */
export function unstockedLevels(qc: QueryCreator<Database>, businessId: string, locationId: string) {
  return qc
    .selectFrom('products as p')
    .innerJoin('locations as loc', (j) => j.onRef('loc.business_id', '=', 'p.business_id'))
    .where('p.business_id', '=', businessId)
    .where(canRunLow('p'))
    .where('loc.business_id', '=', businessId)
    .where('loc.id', '=', locationId)
    .where(inUse('loc'))
    .where((e) =>
      e.not(
        e.exists(
          e
            .selectFrom('stock_levels as l')
            .select(sql<number>`1`.as('one'))
            .where('l.business_id', '=', businessId)
            .whereRef('l.product_id', '=', 'p.id')
            .where('l.location_id', '=', locationId),
        ),
      ),
    );
}
