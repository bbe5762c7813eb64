import { stockDocumentSchema, supplierInputSchema, supplierSchema, supplierUpdateSchema } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { notFound } from '../../lib/errors.js';
import { errorResponses } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { loadDocument } from '../inventory/documents.service.js';
import { readScopeOf, scopeIds } from '../inventory/location-scope.js';
import { createSupplier, editSupplier, findSupplier, toSupplier } from './suppliers.service.js';

const ACCESS = { access: { kind: 'flag' as const, flag: 'adding_supplier_stock' as const } };
const idParams = z.object({ id: z.uuid() });
const supplierBody = supplierInputSchema.extend({ id: z.uuid().optional() });

export function suppliersRoutes(app: FastifyInstance, deps: AppDeps): void {
  supplierRecordRoutes(app, deps);
  receivedRoutes(app, deps);
}

/** The suppliers themselves: list, add, edit. */
function supplierRecordRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/suppliers', {
    config: ACCESS,
    schema: {
      tags: ['suppliers'],
      summary: 'Suppliers',
      response: { 200: z.array(supplierSchema), ...errorResponses(401, 403) },
    },
    handler: async (request) => {
      const rows = await deps.db.kysely
        .selectFrom('suppliers')
        .selectAll()
        .where('business_id', '=', contextOf(request).business.id)
        .where('deleted_at', 'is', null)
        .orderBy('name')
        .orderBy('id')
        .execute();
      return rows.map(toSupplier);
    },
  });

  r.post('/api/suppliers', {
    config: ACCESS,
    schema: {
      tags: ['suppliers'],
      summary: 'Add a supplier',
      body: supplierBody,
      response: { 201: supplierSchema, ...errorResponses(401, 403, 409, 422) },
    },
    handler: async (request, reply) => {
      const { id = newId(), ...rest } = request.body;
      return reply.status(201).send(await createSupplier(deps.db, contextOf(request), { id, ...rest }));
    },
  });

  r.patch('/api/suppliers/:id', {
    config: ACCESS,
    schema: {
      tags: ['suppliers'],
      summary: 'Edit a supplier',
      params: idParams,
      body: supplierUpdateSchema,
      response: { 200: supplierSchema, ...errorResponses(401, 403, 404, 422) },
    },
    handler: (request) => editSupplier(deps.db.kysely, contextOf(request), request.params.id, request.body),
  });
}

/** What was received from a supplier. */
function receivedRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/suppliers/:id/receipts', {
    config: ACCESS,
    schema: {
      tags: ['suppliers'],
      summary: 'What was received from a supplier, newest first',
      params: idParams,
      response: { 200: z.array(stockDocumentSchema), ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => {
      const businessId = contextOf(request).business.id;
      if (!(await findSupplier(deps.db.kysely, businessId, request.params.id))) throw notFound('Supplier');
      const scope = await readScopeOf(deps.db.kysely, contextOf(request), undefined);
      let q = deps.db.kysely
        .selectFrom('stock_documents')
        .select('id')
        .where('business_id', '=', businessId)
        .where('supplier_id', '=', request.params.id);
      if (scope) q = q.where('location_id', 'in', scopeIds(scope));
      const docs = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(200).execute();
      return Promise.all(docs.map((d) => loadDocument(deps.db.kysely, businessId, d.id)));
    },
  });
}
