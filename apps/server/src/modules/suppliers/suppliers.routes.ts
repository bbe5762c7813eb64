import { stockDocumentSchema, supplierInputSchema, supplierSchema, supplierUpdateSchema } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { SupplierRow } from '../../db/tables.js';
import { authOf } from '../../http/access.js';
import { notFound } from '../../lib/errors.js';
import { errorResponses } from '../../http/errors.js';
import { actorOf } from '../../lib/actor.js';
import { newId } from '../../lib/ids.js';
import { appendJournal } from '../../lib/journal.js';
import { loadDocument } from '../inventory/documents.service.js';
import { readScopeOf, scopeIds } from '../inventory/location-scope.js';
import { createSupplier } from './suppliers.service.js';

const ACCESS = { access: { kind: 'flag' as const, flag: 'adding_supplier_stock' as const } };
const idParams = z.object({ id: z.uuid() });

const toSupplier = (r: SupplierRow) => ({
  id: r.id,
  name: r.name,
  contact_name: r.contact_name,
  phone: r.phone,
  email: r.email,
  address: r.address,
  notes: r.notes,
  active: r.active === 1,
  updated_at: r.updated_at,
});

export function suppliersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const find = (businessId: string, id: string) =>
    deps.db.kysely
      .selectFrom('suppliers')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();

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
        .where('business_id', '=', authOf(request).business.id)
        .where('deleted_at', 'is', null)
        .orderBy('name')
        .execute();
      return rows.map(toSupplier);
    },
  });

  r.post('/api/suppliers', {
    config: ACCESS,
    schema: {
      tags: ['suppliers'],
      summary: 'Add a supplier',
      body: supplierInputSchema.extend({ id: z.uuid().optional() }),
      response: { 201: supplierSchema, ...errorResponses(401, 403, 409, 422) },
    },
    handler: async (request, reply) => {
      const { id = newId(), ...rest } = request.body;
      const row = await createSupplier(deps.db, actorOf(request, deps.clock), { id, ...rest });
      return reply.status(201).send(toSupplier(row));
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
    handler: async (request) => {
      const actor = actorOf(request, deps.clock);
      if (!(await find(actor.businessId, request.params.id))) throw notFound('Supplier');
      const { active, ...rest } = request.body;
      await deps.db.kysely.transaction().execute(async (trx) => {
        await trx
          .updateTable('suppliers')
          .set({ ...rest, ...(active === undefined ? {} : { active: active ? 1 : 0 }), updated_at: actor.at })
          .where('id', '=', request.params.id)
          .execute();
        await appendJournal(trx, {
          ...actor.journal,
          docType: 'supplier',
          docId: request.params.id,
          action: 'supplier.update',
          detail: { fields: Object.keys(request.body) },
        });
      });
      return toSupplier((await find(actor.businessId, request.params.id))!);
    },
  });

  r.get('/api/suppliers/:id/receipts', {
    config: ACCESS,
    schema: {
      tags: ['suppliers'],
      summary: 'What was received from a supplier, newest first',
      params: idParams,
      response: { 200: z.array(stockDocumentSchema), ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => {
      const businessId = authOf(request).business.id;
      if (!(await find(businessId, request.params.id))) throw notFound('Supplier');
      const scope = await readScopeOf(deps.db.kysely, request, undefined);
      let q = deps.db.kysely
        .selectFrom('stock_documents')
        .select('id')
        .where('business_id', '=', businessId)
        .where('supplier_id', '=', request.params.id);
      if (scope) q = q.where('location_id', 'in', scopeIds(scope));
      const docs = await q.orderBy('created_at', 'desc').limit(200).execute();
      return Promise.all(docs.map((d) => loadDocument(deps.db.kysely, businessId, d.id)));
    },
  });
}
