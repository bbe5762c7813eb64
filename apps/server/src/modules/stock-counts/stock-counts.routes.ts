import {
  countEntrySchema,
  countStartSchema,
  STOCK_COUNT_STATUSES,
  stockCountListItemSchema,
  stockCountReviewSchema,
  stockCountSchema,
} from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { revalidated } from '../../http/etag.js';
import { readableById } from '../../http/scoped-reads.js';
import { readScopeOf } from '../inventory/location-scope.js';
import { cancelCount, finaliseCount } from './count-close.js';
import { THIS_START, listCounts, loadCountAsOf } from './count-reads.js';
import { reviewCount } from './count-review.js';
import { addEntry, startCount } from './stock-counts.service.js';

const COUNTING = { access: { kind: 'flag' as const, flag: 'stock_taking' as const } };
const ADMIN = { access: { kind: 'admin' as const } };
const idParams = z.object({ id: z.uuid() });
const ERRORS = errorResponses(401, 403, 404, 409, 422);

export function stockCountsRoutes(app: FastifyInstance, deps: AppDeps): void {
  countingRoutes(app, deps);
  reviewRoutes(app, deps);
}

/** What counters do: list, start, read a count and add what they counted. */
function countingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/stock-counts', {
    config: COUNTING,
    schema: {
      tags: ['stock taking'],
      summary: 'Stock counts, newest first (100 at most): how far each has gone, not its totals',
      querystring: z.strictObject({ status: z.enum(STOCK_COUNT_STATUSES).optional() }),
      response: { 200: z.array(stockCountListItemSchema), ...errorResponses(401, 403, 422) },
    },
    handler: async (request) =>
      listCounts(
        deps.db,
        contextOf(request).business.id,
        request.query.status,
        await readScopeOf(deps.db.kysely, contextOf(request), undefined),
      ),
  });

  r.post('/api/stock-counts', {
    config: COUNTING,
    schema: {
      tags: ['stock taking'],
      summary: 'Start a count at a location (snapshots the expected quantities)',
      body: countStartSchema,
      response: { 201: stockCountSchema, ...ERRORS },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await startCount(deps.db, contextOf(request), request.body)),
  });

  r.get('/api/stock-counts/:id', {
    config: COUNTING,
    schema: {
      tags: ['stock taking'],
      summary: 'A count as counters see it: counted totals, no expected figures',
      params: idParams,
      querystring: z.strictObject({
        // a position of the journal as the last answer gave it: digits only (`?since=` is not 0)
        since: z
          .string()
          .regex(/^\d{1,15}$/)
          .transform(Number)
          .optional(),
        // the shop server's start that read it (`boot` of that answer)
        boot: z
          .string()
          .regex(/^[A-Za-z0-9_-]{1,16}$/)
          .optional(),
      }),
      response: { 200: stockCountSchema, ...errorResponses(401, 403, 404, 422) },
    },
    // Read again every 20 s while the count's screen is open: only what changed since its last
    // read (`since`), and a 304 while nothing did.
    handler: async (request, reply) =>
      revalidated(
        request,
        reply,
        await readableById(deps.db.kysely, request, 'Stock count', (db, businessId, id) =>
          loadCountAsOf(db, businessId, id, request.query.since, {
            here: deps.config.mode === 'local' ? THIS_START : undefined,
            asked: request.query.boot,
          }),
        ),
      ),
  });

  r.post('/api/stock-counts/:id/entries', {
    config: COUNTING,
    schema: {
      tags: ['stock taking'],
      summary:
        "Add what was counted of a product (negative corrects); answers the count with that product's total only",
      params: idParams,
      body: countEntrySchema,
      response: { 201: stockCountSchema, ...ERRORS },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await addEntry(deps.db, contextOf(request), request.params.id, request.body)),
  });
}

/** What the admin does with a count: review, finalise or cancel it. */
function reviewRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/stock-counts/:id/review', {
    config: ADMIN,
    schema: {
      tags: ['stock taking'],
      summary: 'Expected, counted and variance in quantity and value (admin)',
      params: idParams,
      response: { 200: stockCountReviewSchema, ...errorResponses(401, 403, 404) },
    },
    handler: (request) => reviewCount(deps.db.kysely, contextOf(request).business.id, request.params.id),
  });

  r.post('/api/stock-counts/:id/finalise', {
    config: ADMIN,
    schema: {
      tags: ['stock taking'],
      summary: 'Post the corrections and close the count (admin)',
      params: idParams,
      response: { 200: stockCountReviewSchema, ...ERRORS },
    },
    handler: (request) => finaliseCount(deps.db, contextOf(request), request.params.id),
  });

  r.post('/api/stock-counts/:id/cancel', {
    config: ADMIN,
    schema: {
      tags: ['stock taking'],
      summary: 'Cancel an open count (admin)',
      params: idParams,
      response: { 200: stockCountSchema, ...ERRORS },
    },
    handler: (request) => cancelCount(deps.db, contextOf(request), request.params.id),
  });
}
