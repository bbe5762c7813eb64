import {
  SELL_FLAG,
  dailyQuerySchema,
  dailySummarySchema,
  dayCloseBodySchema,
  dayCloseSchema,
  dayStateQuerySchema,
  dayStateSchema,
} from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { closeDay, dailySummary, dayState } from './daily.service.js';

/** Report viewers and the cashiers who see the day's sales read it; the cashiers (and admins) close it. */
const DAILY = {
  access: { kind: 'anyFlag' as const, flags: ['current_sales', 'view_sales_report'] as const },
};
const CLOSE = { access: { kind: 'flag' as const, flag: 'current_sales' as const } };
/** Whoever sells reads where their sales go now (no figures in it). */
const SELLERS = { access: { kind: 'anyFlag' as const, flags: Object.values(SELL_FLAG) } };

export function dailyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/daily-sales', {
    config: DAILY,
    schema: {
      tags: ['daily'],
      summary: "A location's day: sales by kind, reversals, cash expenses and debtor payments, expected cash",
      querystring: dailyQuerySchema,
      response: { 200: dailySummarySchema, ...errorResponses(401, 403, 422) },
    },
    handler: (request) =>
      dailySummary(deps.db.kysely, contextOf(request), request.query.location_id, request.query.day),
  });

  r.get('/api/daily-sales/state', {
    config: SELLERS,
    schema: {
      tags: ['daily'],
      summary:
        "Where the till's sales go now: today's business day at a location, and who closed it and when",
      querystring: dayStateQuerySchema,
      response: { 200: dayStateSchema, ...errorResponses(401, 403, 404, 422) },
    },
    handler: (request) => dayState(deps.db.kysely, contextOf(request), request.query.location_id),
  });

  r.post('/api/daily-sales/close', {
    config: CLOSE,
    schema: {
      tags: ['daily'],
      summary: 'Close the day: record the counted cash and the difference (once per location and day)',
      body: dayCloseBodySchema,
      response: { 201: dayCloseSchema, ...errorResponses(401, 403, 409, 422) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await closeDay(deps.db, contextOf(request), request.body)),
  });
}
