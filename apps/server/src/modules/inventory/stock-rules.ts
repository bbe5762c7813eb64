import type { Kysely } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import type { Database, ProductRow } from '../../db/tables.js';
import type { Operator } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import type { Trx } from '../../lib/tx.js';

const usableLocation = compiledQuery((db, a: { locationId: string; businessId: string }) =>
  db
    .selectFrom('locations')
    .select(['id', 'name', 'active'])
    .where('id', '=', a.locationId)
    .where('business_id', '=', a.businessId)
    .where('deleted_at', 'is', null),
);

const productsById = compiledQuery((db, a: { ids: string[] }) =>
  db.selectFrom('products').selectAll().where('id', 'in', a.ids),
);

const soldProductsById = compiledQuery((db, a: { ids: string[] }) =>
  db
    .selectFrom('products')
    .select([
      'id',
      'business_id',
      'deleted_at',
      'active',
      'name',
      'code',
      'unit',
      'price',
      'tax_rate',
      'avg_cost',
    ])
    .where('id', 'in', a.ids),
);

/** The location must belong to the business, be active, and be one the user may work at. */
export async function requireUsableLocation(
  trx: Kysely<Database>,
  op: Operator,
  locationId: string,
  field: string,
): Promise<{ id: string; name: string }> {
  const loc = await usableLocation.first(trx, { locationId, businessId: op.businessId });
  if (!loc || loc.active !== 1)
    throw new AppError('validation_failed', 'Unknown or inactive location', field);
  const rights = await op.locationRights(trx);
  if (rights && !rights.includes(locationId))
    throw new AppError('location_not_allowed', 'You may not work at this location', field);
  return loc;
}

/** The active products of the business named by the lines; refuses an unknown or inactive one. */
export async function requireActiveProducts(
  trx: Trx,
  businessId: string,
  lines: { product_id: string }[],
): Promise<Map<string, ProductRow>> {
  // By primary key alone, the business checked here: with `business_id = ?` in the query,
  // SQLite's planner walks the business's index instead (300 ms on 100,000 products).
  const rows = await productsById.all(trx, { ids: [...new Set(lines.map((l) => l.product_id))] });
  return activeOnes(rows, businessId, lines);
}

/** What a sale reads of a product (a whole row carries its search key and field stamps too). */
export type SoldProduct = Pick<
  ProductRow,
  | 'id'
  | 'business_id'
  | 'deleted_at'
  | 'active'
  | 'name'
  | 'code'
  | 'unit'
  | 'price'
  | 'tax_rate'
  | 'avg_cost'
>;

/** `requireActiveProducts` for a sale: only the columns a sale reads. */
export async function requireSellableProducts(
  trx: Trx,
  businessId: string,
  lines: { product_id: string }[],
): Promise<Map<string, SoldProduct>> {
  const rows = await soldProductsById.all(trx, { ids: [...new Set(lines.map((l) => l.product_id))] });
  return activeOnes(rows, businessId, lines);
}

function activeOnes<P extends Pick<ProductRow, 'id' | 'business_id' | 'deleted_at' | 'active' | 'name'>>(
  rows: P[],
  businessId: string,
  lines: { product_id: string }[],
): Map<string, P> {
  const map = new Map(
    rows.filter((r) => r.business_id === businessId && r.deleted_at === null).map((r) => [r.id, r]),
  );
  lines.forEach((l, i) => {
    const p = map.get(l.product_id);
    if (!p) throw new AppError('validation_failed', 'Unknown product', `lines.${i}.product_id`);
    if (p.active !== 1)
      throw new AppError('validation_failed', `${p.name} is inactive`, `lines.${i}.product_id`);
  });
  return map;
}

export async function allowsNegativeStock(trx: Trx, businessId: string): Promise<boolean> {
  const b = await trx
    .selectFrom('businesses')
    .select('allow_negative_stock')
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow();
  return b.allow_negative_stock === 1;
}
