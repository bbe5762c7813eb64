import type { Product, productInputSchema } from '@duka/domain';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Database, ProductRow } from '../../db/tables.js';
import type { ProductsTable } from '../../db/tables/stock.js';
import { ofBusiness } from '../../db/dialect.js';
import type { Actor } from '../../lib/context.js';
import { requestHash } from '../../lib/idempotency.js';

export const searchKey = (name: string, code: string) => `${name} ${code}`.toLowerCase();

/** A new product's row, as the product routes and the CSV import write it (its stamps apart). */
export function newProductRow(
  actor: Pick<Actor, 'businessId' | 'at'>,
  id: string,
  input: z.output<typeof productInputSchema>,
): Insertable<ProductsTable> {
  return {
    id,
    business_id: actor.businessId,
    name: input.name,
    code: input.code,
    search_key: searchKey(input.name, input.code),
    category: input.category,
    unit: input.unit,
    price: input.price,
    buying_price: input.buying_price,
    tax_rate: input.tax_rate,
    reorder_level: input.reorder_level,
    avg_cost: 0,
    image: input.image ?? null,
    active: input.active ? 1 : 0,
    request_hash: requestHash(input),
    created_at: actor.at,
    updated_at: actor.at,
    deleted_at: null,
  };
}

/**
 * Products with their barcodes and levels per location, in the order of `rows` (rows of one
 * business: its id keeps the reads to it).
 */
export async function toProducts(db: Kysely<Database>, rows: ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const businessId = rows[0]!.business_id;
  if (rows.some((r) => r.business_id !== businessId))
    throw new Error('toProducts: rows of several businesses');
  const ids = rows.map((r) => r.id);
  const [barcodes, levels] = await Promise.all([
    db
      .selectFrom('product_barcodes')
      .select(['product_id', 'barcode'])
      .where(ofBusiness(db, 'business_id', businessId))
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('barcode')
      .execute(),
    db
      .selectFrom('stock_levels')
      .select(['product_id', 'location_id', 'quantity'])
      .where(ofBusiness(db, 'business_id', businessId))
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('location_id')
      .execute(),
  ]);
  return rows.map((r) =>
    productOf(
      r,
      barcodes.filter((b) => b.product_id === r.id).map((b) => b.barcode),
      levels.filter((l) => l.product_id === r.id),
    ),
  );
}

/** A product's answer from its row, its barcodes and its levels (in the order to show them). */
function productOf(
  r: ProductRow,
  barcodes: string[],
  levels: { location_id: string; quantity: number | string }[],
): Product {
  const lv = levels.map((l) => ({ location_id: l.location_id, quantity: Number(l.quantity) }));
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    barcodes,
    category: r.category,
    unit: r.unit as Product['unit'],
    price: Number(r.price),
    buying_price: Number(r.buying_price),
    tax_rate: r.tax_rate,
    reorder_level: Number(r.reorder_level),
    avg_cost: Number(r.avg_cost),
    image: r.image,
    active: r.active === 1,
    levels: lv,
    on_hand: lv.reduce((s, l) => s + l.quantity, 0),
    updated_at: r.updated_at,
  };
}

/**
 * PostgreSQL only: each product's barcodes and levels as columns of its own row, so a products
 * query answers whole in one statement (`toProducts` reads them in two more: two round trips on
 * PostgreSQL, issue 21). In the order `toProducts` gives them.
 */
export const detailColumns = [
  sql<string[]>`array(select "b"."barcode" from "product_barcodes" as "b"
    where "b"."business_id" = "products"."business_id" and "b"."product_id" = "products"."id"
    order by "b"."barcode")`.as('barcode_list'),
  sql<
    [string, number | string][]
  >`coalesce((select json_agg(json_build_array("l"."location_id", "l"."quantity")
      order by "l"."location_id") from "stock_levels" as "l"
    where "l"."business_id" = "products"."business_id" and "l"."product_id" = "products"."id"), '[]'::json)`.as(
    'level_list',
  ),
] as const;

/** Products from rows read with `detailColumns`. */
export function productsWithDetails(
  rows: (ProductRow & { barcode_list: string[]; level_list: [string, number | string][] })[],
): Product[] {
  return rows.map((r) =>
    productOf(
      r,
      r.barcode_list,
      r.level_list.map(([location_id, quantity]) => ({ location_id, quantity })),
    ),
  );
}

export function findProduct(db: Kysely<Database>, businessId: string, id: string) {
  return db
    .selectFrom('products')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
