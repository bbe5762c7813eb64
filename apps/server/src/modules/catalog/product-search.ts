import type { Product, productQuerySchema } from '@duka/domain';
import { type Kysely, type QueryCreator, sql } from 'kysely';
import type { z } from 'zod';
import { type QueryShape, compiledQuery } from '../../db/compiled-query.js';
import type { Db } from '../../db/database.js';
import type { Database, ProductRow } from '../../db/tables.js';
import { type LocationScope, scopeIds } from '../inventory/location-scope.js';
import { detailColumns, productsWithDetails, toProducts } from './catalog.repository.js';
import { type LevelsAt, atLocation, isLowAt } from './reorder-products.js';

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

/**
 * What a search's statement looks like: which filters it has and what it answers. Each kind is a
 * query shape of its own (`compiledQuery`): built once, then prepared by name on PostgreSQL, where
 * the one statement a search is would otherwise be planned again at every call.
 */
interface Kind {
  activeOnly: boolean;
  category: boolean;
  location: boolean;
  lowStock: boolean;
  /** Low stock counted at the user's locations only (one limited to theirs, no location chosen). */
  scoped: boolean;
  /** Names and codes containing the text. */
  like: boolean;
  /** The product the exact check named, alone (the shop's SQLite). */
  named: boolean;
  /** The exact check first, in the same statement (PostgreSQL, a first page with text). */
  exactFirst: boolean;
  /** Each product's barcodes and levels in its row (PostgreSQL). */
  details: boolean;
}

/** A search's values; which are present follows from its kind. */
interface Args {
  businessId: string;
  category?: string;
  locationId?: string;
  /** The user's locations (`scoped`): never empty (`scopeIds`). */
  scope?: string[];
  text?: string;
  like?: string;
  productId?: string;
  limit?: number;
  offset?: number;
}

/** The business's live products that pass the search's filters (all but its text). */
function filtered(qc: QueryCreator<Database>, k: Kind, a: Args) {
  let query = qc
    .selectFrom('products')
    .selectAll('products')
    .where('products.business_id', '=', a.businessId)
    .where('products.deleted_at', 'is', null);
  if (k.activeOnly) query = query.where('products.active', '=', 1);
  if (k.category) query = query.where('products.category', '=', a.category!);
  // at one location: the products with a level there and, at a location in use, every product that
  // can run low (held there at 0 without one), as the stock report lists them
  if (k.location) query = query.where(atLocation('products', a.businessId, a.locationId!));
  // Domain isLowStock in SQL (reorder-products.ts isLowAt): held at the location, when one is
  // chosen; else at the user's locations, for one limited to theirs (summed over every location,
  // the answer told a limited user the stock of locations they may not see); else everywhere.
  // stock-definitions.test.ts checks it against the reports.
  if (k.lowStock) {
    const at: LevelsAt = { businessId: a.businessId };
    if (k.location) at.locationId = a.locationId!;
    else if (k.scoped) at.locationIds = a.scope!;
    query = query.where(isLowAt('products', at));
  }
  return k.details ? query.select(detailColumns) : query;
}

/** A CTE's query creator as the tables' own: the CTEs add names, the filters use none of them. */
const plain = (qc: unknown) => qc as QueryCreator<Database>;

/**
 * A search's one statement. With `exactFirst` (PostgreSQL, text on the first page) the exact check
 * is a CTE: the product it names, if the filters pass it, is the answer, else the page of names
 * and codes containing the text is.
 */
function searchQuery(db: Kysely<Database>, k: Kind, a: Args) {
  const page = (qc: QueryCreator<Database>) => {
    const query = filtered(qc, k, a);
    return k.like ? query.where('products.search_key', 'like', a.like!) : query;
  };
  if (k.named) return filtered(db, k, a).where('products.id', '=', a.productId!);
  if (!k.exactFirst)
    return page(db).orderBy('products.name').orderBy('products.id').limit(a.limit!).offset(a.offset!);
  return db
    .with('exact', (qc) => exactQuery(plain(qc), a.businessId, a.text!))
    .with('hit', (qc) =>
      filtered(plain(qc), k, a).where('products.id', '=', qc.selectFrom('exact').select('product_id')),
    )
    .with('found', (qc) =>
      page(plain(qc))
        .where((eb) => eb.not(eb.exists(qc.selectFrom('hit').select(sql<number>`1`.as('one')))))
        .orderBy('products.name')
        .orderBy('products.id')
        .limit(a.limit!)
        .offset(a.offset!),
    )
    .selectFrom('hit')
    .selectAll()
    .unionAll((eb) => eb.selectFrom('found').selectAll())
    .orderBy('name')
    .orderBy('id');
}

/** The shape of each kind of search, made when first asked (a few kinds are in use: the till's, the lists'). */
const shapes = new Map<string, QueryShape<Args, unknown>>();
function shapeOf(k: Kind): QueryShape<Args, unknown> {
  const key = JSON.stringify(k);
  let shape = shapes.get(key);
  if (!shape) shapes.set(key, (shape = compiledQuery((db, a: Args) => searchQuery(db, k, a) as never)));
  return shape;
}

/** Names and codes containing the text. LIKE wildcards are dropped rather than escaped: escaping differs between the databases. */
const likeOf = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '')}%`;

/**
 * Products for the till's and the lists' searches. A scanned barcode or a typed code names one
 * product: on the first page it is the answer, without searching names (unless the filters leave
 * it out). On PostgreSQL one statement reads everything (issue 21: each statement is a round
 * trip); the shop's SQLite, which has no round trips, asks the exact check, then the products,
 * then their barcodes and levels.
 */
export async function searchProducts(
  db: Db,
  businessId: string,
  q: Query,
  scope: LocationScope = null,
): Promise<Product[]> {
  const text = q.q?.trim() || undefined;
  const postgres = db.dialect === 'postgres';
  const lowStock = q.low_stock === 'true';
  const k: Kind = {
    activeOnly: q.include_inactive !== 'true',
    category: !!q.category,
    location: !!q.location_id,
    lowStock,
    scoped: lowStock && !q.location_id && scope !== null,
    like: !!text,
    named: false,
    exactFirst: postgres && !!text && q.offset === 0,
    details: postgres,
  };
  const a: Args = { businessId };
  if (k.category) a.category = q.category;
  if (k.location) a.locationId = q.location_id;
  if (k.scoped) a.scope = scopeIds(scope!);
  if (k.exactFirst) a.text = text;
  if (k.like) a.like = likeOf(text!);
  a.limit = q.limit;
  a.offset = q.offset;
  if (postgres) return productsWithDetails((await shapeOf(k).all(db.kysely, a)) as never);
  if (text && q.offset === 0) {
    const exact = (await exactProduct.first(db.kysely, { businessId, text }))?.product_id;
    if (exact) {
      const named = { ...k, like: false, named: true };
      const { like: _l, limit: _n, offset: _o, ...filters } = a;
      const hit = (await shapeOf(named).all(db.kysely, { ...filters, productId: exact })) as ProductRow[];
      if (hit.length) return toProducts(db.kysely, hit);
    }
  }
  return toProducts(db.kysely, (await shapeOf(k).all(db.kysely, a)) as ProductRow[]);
}
