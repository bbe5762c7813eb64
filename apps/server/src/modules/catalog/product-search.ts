import type { Product, productQuerySchema } from '@duka/domain';
import { type Kysely, type QueryCreator, sql } from 'kysely';
import type { z } from 'zod';
import { compiledQuery } from '../../db/compiled-query.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import { detailColumns, productsWithDetails, toProducts } from './catalog.repository.js';

type Query = z.output<typeof productQuerySchema>;

/**
 * The product a scanned barcode names, else the one a typed code names (the barcode first): every
 * search with text asks it.
 */
function exactQuery(qc: QueryCreator<Database>, businessId: string, text: string) {
  return qc
    .selectFrom('product_barcodes')
    .select([sql<number>`1`.as('rank'), 'product_id'])
    .where('business_id', '=', businessId)
    .where('barcode', '=', text)
    .unionAll(
      qc
        .selectFrom('products')
        .select([sql<number>`2`.as('rank'), 'id as product_id'])
        .where('business_id', '=', businessId)
        .where('code', '=', text)
        .where('deleted_at', 'is', null),
    )
    .orderBy('rank')
    .limit(1);
}

/** The exact check alone, as one statement of its own (the shop's SQLite). */
const exactProduct = compiledQuery((db, a: { businessId: string; text: string }) =>
  exactQuery(db, a.businessId, a.text),
);

/** The business's live products that pass the query's filters (all but its text). */
function filtered(qc: QueryCreator<Database>, businessId: string, q: Query) {
  let query = qc
    .selectFrom('products')
    .selectAll('products')
    .where('products.business_id', '=', businessId)
    .where('products.deleted_at', 'is', null);
  if (q.include_inactive !== 'true') query = query.where('products.active', '=', 1);
  if (q.category) query = query.where('products.category', '=', q.category);
  if (q.location_id) {
    const at = q.location_id;
    query = query.where('products.id', 'in', (eb) =>
      eb.selectFrom('stock_levels').select('product_id').where('location_id', '=', at),
    );
  }
  if (q.low_stock === 'true') {
    // Domain isLowStock in SQL: a reorder level above zero and on hand (at the location, when one
    // is chosen) at or below it. stock-definitions.test.ts checks it against the reports.
    query = query.where('products.reorder_level', '>', 0).where((eb) => {
      let held = eb
        .selectFrom('stock_levels')
        .select((s) => s.fn.sum<number>('quantity').as('q'))
        .whereRef('stock_levels.product_id', '=', 'products.id');
      if (q.location_id) held = held.where('stock_levels.location_id', '=', q.location_id);
      return eb(eb.fn.coalesce(held, eb.lit(0)), '<=', eb.ref('products.reorder_level'));
    });
  }
  return query;
}

/** Names and codes containing the text. LIKE wildcards are dropped rather than escaped: escaping differs between the databases. */
const likeOf = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '')}%`;

/** A CTE's query creator as the tables' own: the CTEs add names, the filters use none of them. */
const plain = (qc: unknown) => qc as QueryCreator<Database>;

/**
 * PostgreSQL: the search in one statement (issue 21: each statement is a round trip). With text on
 * the first page, the exact check is a CTE; the product it names, if the filters pass it, is the
 * answer, else the names and codes containing the text are, page by page, each product with its
 * barcodes and levels (`detailColumns`).
 */
function searchInOne(kysely: Kysely<Database>, businessId: string, q: Query, text: string | undefined) {
  const page = (qc: QueryCreator<Database>) => {
    let query = filtered(qc, businessId, q).select(detailColumns);
    if (text) query = query.where('products.search_key', 'like', likeOf(text));
    return query;
  };
  if (!text || q.offset !== 0)
    return page(kysely).orderBy('products.name').orderBy('products.id').limit(q.limit).offset(q.offset);
  return kysely
    .with('exact', (qc) => exactQuery(qc, businessId, text))
    .with('hit', (qc) =>
      filtered(plain(qc), businessId, q)
        .select(detailColumns)
        .where('products.id', '=', qc.selectFrom('exact').select('product_id')),
    )
    .with('found', (qc) =>
      page(plain(qc))
        .where((eb) => eb.not(eb.exists(qc.selectFrom('hit').select(sql<number>`1`.as('one')))))
        .orderBy('products.name')
        .orderBy('products.id')
        .limit(q.limit)
        .offset(q.offset),
    )
    .selectFrom('hit')
    .selectAll()
    .unionAll((eb) => eb.selectFrom('found').selectAll())
    .orderBy('name')
    .orderBy('id');
}

/**
 * Products for the till's and the lists' searches. A scanned barcode or a typed code names one
 * product: on the first page it is the answer, without searching names (unless the filters leave
 * it out). On PostgreSQL one statement reads everything; the shop's SQLite, which has no round
 * trips, asks the exact check, then the products, then their barcodes and levels.
 */
export async function searchProducts(db: Db, businessId: string, q: Query): Promise<Product[]> {
  const text = q.q?.trim() || undefined;
  if (db.dialect === 'postgres')
    return productsWithDetails(await searchInOne(db.kysely, businessId, q, text).execute());
  let query = filtered(db.kysely, businessId, q);
  if (text) {
    const exact = (await exactProduct.first(db.kysely, { businessId, text }))?.product_id;
    if (exact && q.offset === 0) {
      const hit = await toProducts(db.kysely, await query.where('products.id', '=', exact).execute());
      if (hit.length) return hit;
    }
    query = query.where('products.search_key', 'like', likeOf(text));
  }
  return toProducts(
    db.kysely,
    await query.orderBy('products.name').orderBy('products.id').limit(q.limit).offset(q.offset).execute(),
  );
}
