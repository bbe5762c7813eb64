import {
  type Access,
  dashboardSchema,
  exportQuerySchema,
  profitQuerySchema,
  profitReportSchema,
  rangeQuerySchema,
  salesReportSchema,
  stockReportSchema,
} from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { readScopeOf } from '../inventory/location-scope.js';
import { dashboard } from './dashboard.js';
import { type ReportName, exportReport } from './export/export-report.js';
import { profitReport } from './profit-report.js';
import { salesReport } from './sales-report.js';
import { stockReport } from './stock-report.js';

const ACCESS: Record<ReportName, { access: Access }> = {
  sales: { access: { kind: 'flag', flag: 'view_sales_report' } },
  profit: { access: { kind: 'admin' } },
  stock: { access: { kind: 'flag', flag: 'view_stock_report' } },
};
const ERRORS = errorResponses(401, 403, 404, 422);

/** The report routes, in this order (the API docs list them so). */
export function reportsRoutes(app: FastifyInstance, deps: AppDeps): void {
  reportViewRoutes(app, deps);
  reportExportRoutes(app, deps);
}

/** The sales, profit and stock reports and the owner's dashboard, as JSON. */
function reportViewRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/reports/sales', {
    config: ACCESS.sales,
    schema: {
      tags: ['reports'],
      summary:
        'Sales over business days from…to: totals, by day, product, category, cashier, location and kind',
      querystring: rangeQuerySchema,
      response: { 200: salesReportSchema, ...ERRORS },
    },
    handler: async (request) =>
      salesReport(deps.db.kysely, contextOf(request).business.id, {
        ...request.query,
        location_ids: await readScopeOf(deps.db.kysely, contextOf(request), request.query.location_id),
      }),
  });

  r.get('/api/reports/profit', {
    config: ACCESS.profit,
    schema: {
      tags: ['reports'],
      summary:
        'Revenue, cost of goods sold, gross profit and margin, expenses, net profit per day, week or month',
      querystring: profitQuerySchema,
      response: { 200: profitReportSchema, ...ERRORS },
    },
    handler: (request) => profitReport(deps.db.kysely, contextOf(request).business, request.query),
  });

  r.get('/api/reports/stock', {
    config: ACCESS.stock,
    schema: {
      tags: ['reports'],
      summary: 'On hand per product and location with values, low stock, movements of a range by kind',
      querystring: rangeQuerySchema,
      response: { 200: stockReportSchema, ...ERRORS },
    },
    handler: async (request) =>
      stockReport(deps.db.kysely, contextOf(request).business, {
        ...request.query,
        location_ids: await readScopeOf(deps.db.kysely, contextOf(request), request.query.location_id),
      }),
  });

  r.get('/api/reports/dashboard', {
    config: { access: { kind: 'admin' } },
    schema: {
      tags: ['reports'],
      summary: "The owner's dashboard: today against yesterday, 30 days, top products, what needs attention",
      response: { 200: dashboardSchema, ...errorResponses(401, 403) },
    },
    handler: (request) => dashboard(deps.db.kysely, contextOf(request).business, deps.clock.now()),
  });
}

/** Each report as a file to download: CSV, XLSX or PDF. */
function reportExportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const report of ['sales', 'profit', 'stock'] as const satisfies ReportName[]) {
    r.get(`/api/reports/${report}/export`, {
      config: ACCESS[report],
      schema: {
        tags: ['reports'],
        summary: `The ${report} report as CSV, XLSX or PDF, with the business, the range and the time it was made`,
        querystring: exportQuerySchema,
        produces: [
          'text/csv',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'application/pdf',
        ],
        response: { 200: z.unknown().describe('The file'), ...ERRORS },
      },
      handler: async (request, reply) => {
        const file = await exportReport(
          deps.db.kysely,
          contextOf(request).business,
          report,
          {
            ...request.query,
            location_ids: await readScopeOf(deps.db.kysely, contextOf(request), request.query.location_id),
          },
          deps.clock.now(),
        );
        return reply
          .type(file.contentType)
          .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
          .header('Cache-Control', 'no-store')
          .send(file.body);
      },
    });
  }
}
