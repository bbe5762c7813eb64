import { formatQuantity, isWholeUnit, quantityFitsUnit } from '@duka/domain';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import { ofBusiness } from '../../db/dialect.js';
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

/**
 * Whether an open stock count freezes sales at the location the column `location` of the query
 * names (`locations.id`, or an alias's). The count's status is a literal, not a parameter: with
 * `status = ?` SQLite prepares the statement again on every call to decide whether the partial
 * index of open counts applies (8 µs against 0.9 µs alone, 53 µs per sale in the checkout
 * benchmark), and PostgreSQL's generic plan cannot use it.
 */
export function countFreezesSales(location: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select "stock_counts"."id" from "stock_counts" where "stock_counts"."location_id" = ${sql.ref(location)} and "stock_counts"."status" = ${sql.lit('open')} and "stock_counts"."freeze_sales" = ${1})`;
}

/**
 * Whether the user was given the location `l` (or the one aliased `location`) of the business `b`
 * (for one limited to theirs).
 */
export const givenTo = (userId: string, location = 'l') =>
  sql<boolean>`exists (select "g"."location_id" from "user_locations" as "g" where "g"."user_id" = ${userId} and "g"."business_id" = "b"."id" and "g"."location_id" = ${sql.ref(`${location}.id`)})`;

/**
 * The location as `usableLocation`, and whether an open stock count there freezes sales, in one
 * statement: a sale and a reversal ask both.
 */
const sellingLocation = compiledQuery((db, a: { locationId: string; businessId: string }) =>
  db
    .selectFrom('locations')
    .select(['id', 'name', 'active', countFreezesSales('locations.id').as('frozen')])
    .where('id', '=', a.locationId)
    .where('business_id', '=', a.businessId)
    .where('deleted_at', 'is', null),
);

// By the business too (`ofBusiness`; the rows are checked against it again).
const productsById = compiledQuery((db, a: { businessId: string; ids: string[] }) =>
  db
    .selectFrom('products')
    .selectAll()
    .where(ofBusiness(db, 'business_id', a.businessId))
    .where('id', 'in', a.ids),
);

const soldProductsById = compiledQuery((db, a: { businessId: string; ids: string[] }) =>
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
      'buying_price',
    ])
    .where(ofBusiness(db, 'business_id', a.businessId))
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
  return usableLocationOf(loc, await mayWorkAt(trx, op, loc, locationId), field);
}

/**
 * The location of the business, active or not, where the user may work: what reads a location's
 * day, closes it or voids an expense there asks, as a deactivated location's past days still
 * take those (ADR 9). A deleted or another business's location is unknown.
 */
export async function requireKnownLocation(
  trx: Kysely<Database>,
  op: Operator,
  locationId: string,
  field: string,
): Promise<{ id: string; name: string }> {
  const loc = await usableLocation.first(trx, { locationId, businessId: op.businessId });
  if (!loc) throw new AppError('validation_failed', 'Unknown location', field);
  const rights = await op.locationRights(trx);
  if (rights && !rights.includes(locationId)) throw locationNotAllowed(field);
  return loc;
}

/**
 * The location with whether an open count freezes it (`frozen`), as a sale, a reversal and a stock
 * document ask, and whether the user may work there (`mayWorkAt`).
 */
async function readFreezable(trx: Kysely<Database>, op: Operator, locationId: string) {
  const [loc] = await sellingLocation.kept(trx, { locationId, businessId: op.businessId });
  return { loc, mayWorkThere: await mayWorkAt(trx, op, loc, locationId) };
}

/**
 * `requireUsableLocation` for selling there: also refuses it while an open stock count freezes
 * its sales (`sales_frozen`, after the location's own refusals, as the two checks one after the
 * other would).
 */
export async function requireSellingLocation(
  trx: Kysely<Database>,
  op: Operator,
  locationId: string,
  field: string,
): Promise<{ id: string; name: string }> {
  const { loc, mayWorkThere } = await readFreezable(trx, op, locationId);
  return sellingLocationOf(loc, mayWorkThere, field);
}

/**
 * `requireSellingLocation`'s checks on a location its caller read with the same columns, and the
 * user's rights to it: null when the user may work anywhere, else whether they may work there.
 */
export function sellingLocationOf(
  loc: { id: string; name: string; active: number; frozen: unknown } | undefined,
  mayWorkThere: boolean | null,
  field: string,
): { id: string; name: string } {
  if (!loc || loc.active !== 1) throw unknownLocation(field);
  if (mayWorkThere === false) throw locationNotAllowed(field);
  // SQLite answers 1 or 0, PostgreSQL true or false
  if (isFrozen(loc.frozen)) throw salesFrozen();
  return { id: loc.id, name: loc.name };
}

// SQLite answers 1 or 0, PostgreSQL true or false
const isFrozen = (frozen: unknown) => frozen === true || Number(frozen) === 1;

/**
 * `requireUsableLocation` for a stock document moving stock in or out of the location: also
 * refuses it while an open count there freezes sales (`stock_frozen`). Such a count's corrections
 * are `counted − snapshot` (ADR 4): goods that came in or went out after the snapshot and before
 * the counters reached them would be counted in or out twice, as a reversal's would.
 */
export async function requireStockLocation(
  trx: Kysely<Database>,
  op: Operator,
  locationId: string,
  field: string,
): Promise<{ id: string; name: string }> {
  const { loc, mayWorkThere } = await readFreezable(trx, op, locationId);
  return stockLocationOf(loc, mayWorkThere, field);
}

/** `requireStockLocation`'s checks on a location its caller read with its name and `frozen`. */
export function stockLocationOf<L extends { name: string; active: number; frozen: unknown }>(
  loc: L | undefined,
  mayWorkThere: boolean | null,
  field: string,
): L {
  const found = usableLocationOf(loc, mayWorkThere, field);
  if (isFrozen(found.frozen)) throw stockFrozen(found.name, field);
  return found;
}

const unknownLocation = (field: string) =>
  new AppError('validation_failed', 'Unknown or inactive location', field);
const locationNotAllowed = (field: string) =>
  new AppError('location_not_allowed', 'You may not work at this location', field);

/**
 * Whether the user may work at the location read: null when they may work anywhere (or the
 * location is missing or inactive, which its checks refuse first, so its rights are not read).
 */
async function mayWorkAt(
  trx: Kysely<Database>,
  op: Operator,
  loc: { active: number } | undefined,
  locationId: string,
): Promise<boolean | null> {
  const rights = loc?.active === 1 ? await op.locationRights(trx) : null;
  return rights && rights.includes(locationId);
}

/**
 * `requireUsableLocation`'s checks on a location its caller read, and the user's rights to it:
 * null when the user may work anywhere, else whether they may work there.
 */
export function usableLocationOf<L extends { active: number }>(
  loc: L | undefined,
  mayWorkThere: boolean | null,
  field: string,
): L {
  if (!loc || loc.active !== 1) throw unknownLocation(field);
  if (mayWorkThere === false) throw locationNotAllowed(field);
  return loc;
}

/** The refusal of a sale at a location whose open count freezes sales. */
export function salesFrozen(): AppError {
  return new AppError(
    'sales_frozen',
    'A stock count is under way here: sales are paused until it is finalised',
  );
}

/** The refusal of stock moved in or out of a location whose open count freezes it. */
export function stockFrozen(location: string, field: string): AppError<'stock_frozen'> {
  return new AppError(
    'stock_frozen',
    `A stock count is under way at ${location}: no stock can move in or out there until it is finalised`,
    field,
    {},
    { location },
  );
}

/** The active products of the business named by the lines; refuses an unknown or inactive one. */
export async function requireActiveProducts(
  trx: Trx,
  businessId: string,
  lines: { product_id: string }[],
): Promise<Map<string, ProductRow>> {
  const rows = await productsById.all(trx, {
    businessId,
    ids: [...new Set(lines.map((l) => l.product_id))],
  });
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
  | 'buying_price'
>;

/** `requireActiveProducts` for a sale: only the columns a sale reads. */
export async function requireSellableProducts(
  trx: Trx,
  businessId: string,
  lines: { product_id: string }[],
): Promise<Map<string, SoldProduct>> {
  const rows = await soldProductsById.kept(trx, {
    businessId,
    ids: [...new Set(lines.map((l) => l.product_id))],
  });
  return activeOnes(rows, businessId, lines);
}

/** The products read for the lines, checked as `requireActiveProducts` does (for a caller that read them itself). */
export function activeOnes<
  P extends Pick<ProductRow, 'id' | 'business_id' | 'deleted_at' | 'active' | 'name'>,
>(rows: readonly P[], businessId: string, lines: { product_id: string }[]): Map<string, P> {
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

/**
 * Refuses a quantity with a fraction of a product counted in whole pieces (`WHOLE_UNITS`: 1.5
 * "each", 0.5 "pair"): `quantity_not_whole` on `field`, naming the product and its unit. For what
 * a person enters (a sale, a stock document, a count, a reorder level); sync applies a branch's
 * documents as they happened, and rows kept from before stay as they are.
 */
export function requireWhole(
  quantity: number,
  p: Pick<ProductRow, 'id' | 'name' | 'unit'>,
  field: string,
): void {
  const unit = p.unit;
  if (quantityFitsUnit(quantity, unit) || !isWholeUnit(unit)) return;
  throw new AppError(
    'quantity_not_whole',
    `${p.name} is counted in whole units (${unit}): ${formatQuantity(quantity)} is not a whole number`,
    field,
    {},
    { product_id: p.id, name: p.name, unit },
  );
}

/** `requireWhole` for each line of a document (`lines.N.quantity`), its products read already. */
export function requireWholeLines(
  lines: readonly { product_id: string; quantity: number }[],
  products: ReadonlyMap<string, Pick<ProductRow, 'id' | 'name' | 'unit'>>,
): void {
  lines.forEach((l, i) => {
    const p = products.get(l.product_id);
    if (p) requireWhole(l.quantity, p, `lines.${i}.quantity`);
  });
}
