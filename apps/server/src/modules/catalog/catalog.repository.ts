import type { Product } from '@duka/domain';
import type { Kysely } from 'kysely';
import type { Database, ProductRow } from '../../db/tables.js';
import { ofBusiness } from '../../db/dialect.js';

export const searchKey = (name: string, code: string) => `${name} ${code}`.toLowerCase();

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
  return rows.map((r) => {
    const lv = levels
      .filter((l) => l.product_id === r.id)
      .map((l) => ({ location_id: l.location_id, quantity: Number(l.quantity) }));
    return {
      id: r.id,
      name: r.name,
      code: r.code,
      barcodes: barcodes.filter((b) => b.product_id === r.id).map((b) => b.barcode),
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
  });
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
