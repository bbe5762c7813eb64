import {
  type Flag,
  type StockDocument,
  adjustmentBodySchema,
  allows,
  receiptBodySchema,
  seesCosts,
  stockDocumentSchema,
  transferBodySchema,
  STOCK_FLAGS,
} from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { notFound } from '../../lib/errors.js';
import { requireReadable } from './location-scope.js';
import { loadDocument, postAdjustment, postReceipt, postTransfer } from './documents.service.js';

const flag = <F extends string>(f: F) => ({ access: { kind: 'flag' as const, flag: f } });
const adjustmentBody = adjustmentBodySchema.omit({ direction: true });
const DOC_ERRORS = errorResponses(401, 403, 404, 409, 422);

/**
 * Who may read each kind of stock document by its id: the flag of the screen that makes it (seed
 * spec §6), or manage_stock, which sees every movement and its cost already. A supplier receipt
 * (supplier, invoice, unit costs) was read by any stock flag; one the user may not read is not found.
 */
const READS_DOCUMENT: Record<StockDocument['kind'], Flag> = {
  receipt: 'adding_supplier_stock',
  positive: 'adding_stock_positive',
  negative: 'adding_stock_negative',
  transfer: 'adding_interlocation',
  count: 'stock_taking',
};

/**
 * A stock document as its reader sees it: an adjustment or a transfer moves stock at the average
 * cost (stock found of a product without one at its buying price), which a user whose work shows
 * no costs (`seesCosts`) is not told: its unit costs and total are answered as 0.
 */
function costsOf(user: Parameters<typeof seesCosts>[0], doc: StockDocument): StockDocument {
  if (seesCosts(user)) return doc;
  return { ...doc, total_cost: 0, lines: doc.lines.map((l) => ({ ...l, unit_cost: 0 })) };
}

export function inventoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/stock/receipts', {
    config: flag('adding_supplier_stock'),
    schema: {
      tags: ['stock'],
      summary: 'Receive stock from a supplier into a location (moves the average cost)',
      body: receiptBodySchema,
      response: { 201: stockDocumentSchema, ...DOC_ERRORS },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await postReceipt(deps.db, contextOf(request), request.body)),
  });

  for (const direction of ['positive', 'negative'] as const) {
    r.post(`/api/stock/${direction}`, {
      config: flag(direction === 'positive' ? 'adding_stock_positive' : 'adding_stock_negative'),
      schema: {
        tags: ['stock'],
        summary: `Stock ${direction} adjustment with a reason`,
        body: adjustmentBody,
        response: { 201: stockDocumentSchema, ...DOC_ERRORS },
      },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(
            costsOf(
              contextOf(request),
              await postAdjustment(deps.db, contextOf(request), { ...request.body, direction }),
            ),
          ),
    });
  }

  r.post('/api/stock/transfers', {
    config: flag('adding_interlocation'),
    schema: {
      tags: ['stock'],
      summary: 'Move stock from one location to another',
      body: transferBodySchema,
      response: { 201: stockDocumentSchema, ...DOC_ERRORS },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(costsOf(contextOf(request), await postTransfer(deps.db, contextOf(request), request.body))),
  });

  r.get('/api/stock/documents/:id', {
    config: {
      access: {
        kind: 'anyFlag',
        flags: [...STOCK_FLAGS],
      },
    },
    schema: {
      tags: ['stock'],
      summary: 'One stock document with its lines',
      params: z.object({ id: z.uuid() }),
      response: { 200: stockDocumentSchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => {
      const doc = await loadDocument(deps.db.kysely, contextOf(request).business.id, request.params.id);
      if (!allows(contextOf(request), { kind: 'anyFlag', flags: [READS_DOCUMENT[doc.kind], 'manage_stock'] }))
        throw notFound('Stock document');
      await requireReadable(
        deps.db.kysely,
        contextOf(request),
        [doc.location_id, doc.to_location_id],
        'Stock document',
      );
      return costsOf(contextOf(request), doc);
    },
  });
}
