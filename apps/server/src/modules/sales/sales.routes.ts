import {
  type Flag,
  isAdminRole,
  businessDay,
  receiptNoParamSchema,
  reversalBodySchema,
  reversalSchema,
  saleBodySchema,
  saleSchema,
  salesListSchema,
  salesQuerySchema,
  SELL_FLAG,
  REVERSE_FLAG,
} from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { readScopeOf, requireReadable } from '../inventory/location-scope.js';
import { listDay, loadReversal, loadSale, saleIdByReceipt } from './sales.repository.js';
import { reverseSale } from './reversals.service.js';
import { requireReversalVisible, requireSaleVisible } from './sale-access.js';
import { postSale } from './sales.service.js';

const anyFlag = (...flags: Flag[]) => ({ access: { kind: 'anyFlag' as const, flags } });
const SELLING: Flag[] = Object.values(SELL_FLAG);
const REVERSING: Flag[] = Object.values(REVERSE_FLAG);
/** Who may open a sale or a reversal: anyone who sells, reverses or sees current sales. */
const VIEWING: Flag[] = [...new Set<Flag>([...SELLING, ...REVERSING, 'current_sales'])];

const id = z.object({ id: z.uuid() });

/** The routes of the till's sales and their reversals, in this order (the API docs list them so). */
export function salesRoutes(app: FastifyInstance, deps: AppDeps): void {
  saleRoutes(app, deps);
  reversalRoutes(app, deps);
}

/** Recording a sale, the day's list, and one sale by its receipt number or id. */
function saleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/sales', {
    config: anyFlag(...SELLING),
    schema: {
      tags: ['sales'],
      summary: 'Record a cash, debtor or transfer sale (idempotent by its id)',
      description:
        'Prices come from the catalogue. The same id with the same content answers the first result; with other content, 409.',
      body: saleBodySchema,
      response: { 201: saleSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await postSale(deps.db, contextOf(request), request.body)),
  });

  r.get('/api/sales', {
    config: anyFlag('current_sales'),
    schema: {
      tags: ['sales'],
      summary: "A day's sales and reversals with totals by kind (staff: their own)",
      querystring: salesQuerySchema,
      response: { 200: salesListSchema, ...errorResponses(401, 403) },
    },
    handler: async (request) => {
      const auth = contextOf(request);
      const q = request.query;
      return listDay(deps.db.kysely, auth.business.id, {
        day: q.day ?? businessDay(deps.clock.now(), auth.business.timezone),
        locationId: q.location_id,
        locationIds: await readScopeOf(deps.db.kysely, contextOf(request), q.location_id),
        userId: isAdminRole(auth.user.role) ? q.user_id : auth.user.id,
        kind: q.kind,
      });
    },
  });

  r.get('/api/sales/by-receipt/:receipt_no', {
    config: anyFlag(...VIEWING),
    schema: {
      tags: ['sales'],
      summary: 'Find a sale by its receipt number (000123, 123 or #000123)',
      params: z.object({ receipt_no: receiptNoParamSchema }),
      response: { 200: saleSchema, ...errorResponses(401, 403, 404, 422) },
    },
    handler: async (request) => {
      const businessId = contextOf(request).business.id;
      const saleId = await saleIdByReceipt(deps.db.kysely, businessId, request.params.receipt_no);
      const sale = await loadSale(deps.db.kysely, businessId, saleId);
      await requireReadable(deps.db.kysely, contextOf(request), [sale.location_id], 'Sale');
      requireSaleVisible(contextOf(request), sale);
      return sale;
    },
  });

  r.get('/api/sales/:id', {
    config: anyFlag(...VIEWING),
    schema: {
      tags: ['sales'],
      summary: 'One sale with its lines and reversals',
      params: id,
      response: { 200: saleSchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => {
      const sale = await loadSale(deps.db.kysely, contextOf(request).business.id, request.params.id);
      await requireReadable(deps.db.kysely, contextOf(request), [sale.location_id], 'Sale');
      requireSaleVisible(contextOf(request), sale);
      return sale;
    },
  });
}

/** Reversing a sale, and one reversal by its id. */
function reversalRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/sales/:id/reversals', {
    config: anyFlag(...REVERSING),
    schema: {
      tags: ['sales'],
      summary: 'Reverse all of a sale, or chosen lines and quantities, with a reason',
      description:
        'Cash needs reversing_cash, debtor needs sell_debtors, transfer needs sell_transfer. Never more than sold minus already reversed (409).',
      params: id,
      body: reversalBodySchema,
      response: { 201: reversalSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await reverseSale(deps.db, contextOf(request), request.params.id, request.body)),
  });

  r.get('/api/reversals/:id', {
    config: anyFlag(...VIEWING),
    schema: {
      tags: ['sales'],
      summary: 'One reversal with its lines',
      params: id,
      response: { 200: reversalSchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      const reversal = await loadReversal(deps.db.kysely, ctx.business.id, request.params.id);
      await requireReadable(deps.db.kysely, ctx, [reversal.location_id], 'Reversal');
      await requireReversalVisible(deps.db.kysely, ctx, ctx.business.id, reversal);
      return reversal;
    },
  });
}
