import {
  movementSchema,
  priceHistorySchema,
  productCreateSchema,
  productQuerySchema,
  productListSchema,
  productSchema,
  productUpdateSchema,
  productImportBodySchema,
  productImportResultSchema,
  type Product,
} from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { Database } from '../../db/tables.js';
import {
  type LocationScope,
  costsFor,
  levelsIn,
  readScopeOf,
  scopeIds,
  seesLevels,
} from '../inventory/location-scope.js';
import { contextOf } from '../../http/access.js';
import type { Context } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { errorResponses } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { findProduct } from './catalog.repository.js';
import { commitImport, exportCsv, previewImport } from './catalog.csv.js';
import { createProduct, getProduct, updateProduct } from './catalog.service.js';
import { searchProducts } from './product-search.js';
import { ofBusiness } from '../../db/dialect.js';

const MANAGE = { access: { kind: 'flag' as const, flag: 'manage_stock' as const } };
const idParams = z.object({ id: z.uuid() });

const SIGNED_IN = { access: { kind: 'signedIn' as const } };
const movementsQuery = z.strictObject({
  location_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export function catalogRoutes(app: FastifyInstance, deps: AppDeps): void {
  productRoutes(app, deps);
  historyRoutes(app, deps);
  csvRoutes(app, deps);
}

async function categoriesInUse(db: Kysely<Database>, businessId: string) {
  const rows = await db
    .selectFrom('products')
    .select('category')
    .distinct()
    .where('business_id', '=', businessId)
    .where('category', '!=', '')
    .orderBy('category')
    .execute();
  return rows.map((r) => r.category);
}

/** The products themselves: search, categories, add, read, edit. */
function productRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/products', {
    config: SIGNED_IN,
    schema: {
      tags: ['catalog'],
      summary: 'Search products by name, code or barcode; filter by category, location, low stock',
      querystring: productQuerySchema,
      response: { 200: productListSchema, ...errorResponses(401, 403, 422) },
    },
    handler: async (request) => {
      const scope = await readScopeOf(deps.db.kysely, contextOf(request), request.query.location_id);
      const blind = !seesLevels(contextOf(request));
      // which products are low tells of their levels too
      if (blind && request.query.low_stock === 'true') return [];
      const found = await searchProducts(deps.db, contextOf(request).business.id, request.query, scope);
      const costs = costsFor(contextOf(request));
      return found.map((p) => costs(levelsIn(p, scope, blind)));
    },
  });

  r.get('/api/products/categories', {
    config: SIGNED_IN,
    schema: {
      tags: ['catalog'],
      summary: 'Categories in use',
      response: { 200: z.array(z.string()), ...errorResponses(401) },
    },
    handler: (request) => categoriesInUse(deps.db.kysely, contextOf(request).business.id),
  });

  r.post('/api/products', {
    config: MANAGE,
    schema: {
      tags: ['catalog'],
      summary: 'Add a product',
      body: productCreateSchema,
      response: { 201: productSchema, ...errorResponses(401, 403, 409, 422) },
    },
    handler: async (request, reply) => {
      const { id, ...input } = request.body;
      const ctx = contextOf(request);
      return reply
        .status(201)
        .send(await shownTo(ctx, await createProduct(deps.db, ctx, id ?? newId(), input)));
    },
  });

  r.get('/api/products/:id', {
    config: SIGNED_IN,
    schema: {
      tags: ['catalog'],
      summary: 'One product with its levels',
      params: idParams,
      response: { 200: productSchema, ...errorResponses(401, 404) },
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      return shownTo(ctx, await getProduct(deps.db, ctx.business.id, request.params.id));
    },
  });

  r.patch('/api/products/:id', {
    config: MANAGE,
    schema: {
      tags: ['catalog'],
      summary: 'Edit a product; a new price is kept in its history',
      params: idParams,
      body: productUpdateSchema,
      response: { 200: productSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      return shownTo(ctx, await updateProduct(deps.db, ctx, request.params.id, request.body));
    },
  });

  /**
   * A product as this user may read it: the levels of their locations (none for a user who sees no
   * stock figures) and costs only to those who see costs. Every answer holding a product goes
   * through it: the edit's answer showed a user limited to the store room every location's stock.
   */
  async function shownTo(ctx: Context, product: Product): Promise<Product> {
    return costsFor(ctx)(
      levelsIn(product, await readScopeOf(deps.db.kysely, ctx, undefined), !seesLevels(ctx)),
    );
  }
}

/** A product's prices, newest first (404 when the product is not the business's). */
async function priceHistory(db: Kysely<Database>, businessId: string, productId: string) {
  if (!(await findProduct(db, businessId, productId))) throw notFound('Product');
  const rows = await db
    .selectFrom('product_prices')
    .leftJoin('users', (j) =>
      j
        .onRef('users.id', '=', 'product_prices.changed_by')
        .onRef('users.business_id', '=', 'product_prices.business_id'),
    )
    .select([
      'product_prices.price',
      'product_prices.tax_rate',
      'users.name as changed_by',
      'product_prices.created_at',
    ])
    .where(ofBusiness(db, 'product_prices.business_id', businessId))
    .where('product_id', '=', productId)
    .orderBy('product_prices.created_at', 'desc')
    .orderBy('product_prices.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, price: Number(r.price), changed_by: r.changed_by ?? null }));
}

/** A product's movements at the locations in the query and the scope, newest first. */
async function movementsOf(
  db: Kysely<Database>,
  businessId: string,
  productId: string,
  query: z.infer<typeof movementsQuery>,
  scope: LocationScope,
) {
  let q = db
    .selectFrom('stock_movements')
    .selectAll()
    .where(ofBusiness(db, 'business_id', businessId))
    .where('product_id', '=', productId);
  if (query.location_id) q = q.where('location_id', '=', query.location_id);
  if (scope) q = q.where('location_id', 'in', scopeIds(scope));
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
  return rows.map(({ business_id: _b, ...m }) => ({
    ...m,
    quantity: Number(m.quantity),
    unit_cost: Number(m.unit_cost),
    kind: m.kind as z.infer<typeof movementSchema>['kind'],
  }));
}

/** What happened to a product: its prices and its movements. */
function historyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/products/:id/prices', {
    config: MANAGE,
    schema: {
      tags: ['catalog'],
      summary: 'Price history, newest first',
      params: idParams,
      response: { 200: z.array(priceHistorySchema), ...errorResponses(401, 403, 404) },
    },
    handler: (request) => priceHistory(deps.db.kysely, contextOf(request).business.id, request.params.id),
  });

  r.get('/api/products/:id/movements', {
    config: MANAGE,
    schema: {
      tags: ['catalog'],
      summary: "A product's movements, newest first",
      params: idParams,
      querystring: movementsQuery,
      response: { 200: z.array(movementSchema), ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => {
      const businessId = contextOf(request).business.id;
      if (!(await findProduct(deps.db.kysely, businessId, request.params.id))) throw notFound('Product');
      const scope = await readScopeOf(deps.db.kysely, contextOf(request), request.query.location_id);
      return movementsOf(deps.db.kysely, businessId, request.params.id, request.query, scope);
    },
  });
}

/** The catalogue as CSV: import (preview, then commit) and export. */
function csvRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/products/import', {
    config: MANAGE,
    schema: {
      tags: ['catalog'],
      summary: 'CSV import: preview every row (commit false), then write all rows or none (commit true)',
      body: productImportBodySchema,
      response: { 200: productImportResultSchema, ...errorResponses(401, 403, 422) },
    },
    bodyLimit: 6_000_000,
    handler: async (request) => {
      const auth = contextOf(request);
      if (!request.body.commit) {
        const p = await previewImport(deps.db, auth.business.id, auth.business.currency, request.body.csv);
        return { committed: false, valid: p.valid, rows: p.rows };
      }
      const rows = await commitImport(deps.db, contextOf(request), auth.business.currency, request.body.csv);
      return { committed: true, valid: true, rows };
    },
  });

  r.get('/api/products/export.csv', {
    config: MANAGE,
    schema: {
      tags: ['catalog'],
      summary: 'Every product as CSV',
      produces: ['text/csv'],
      response: { 200: z.string(), ...errorResponses(401, 403) },
    },
    handler: async (request, reply) => {
      const auth = contextOf(request);
      const csv = await exportCsv(deps.db, auth.business.id, auth.business.currency);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="products.csv"')
        .send(csv);
    },
  });
}
