import { dailyQuerySchema, dailySummarySchema, dayCloseBodySchema, dayCloseSchema } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { authOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { actorOf } from '../../lib/actor.js';
import { operatorOf } from '../inventory/stock-rules.js';
import { closeDay, dailySummary } from './daily.service.js';

/** Report viewers and the cashiers who see the day's sales read it; the cashiers (and admins) close it. */
const DAILY = {
  access: { kind: 'anyFlag' as const, flags: ['current_sales', 'view_sales_report'] as const },
};
const CLOSE = { access: { kind: 'flag' as const, flag: 'current_sales' as const } };

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
    handler: (request) => {
      const b = authOf(request).business;
      return dailySummary(
        deps.db.kysely,
        { ...operatorOf(request), timeZone: b.timezone, now: deps.clock.now() },
        request.query.location_id,
        request.query.day,
      );
    },
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
      reply
        .status(201)
        .send(await closeDay(deps.db, actorOf(request, deps.clock), operatorOf(request), request.body)),
  });
}
