import {
  type Flag,
  ROLL_WIDTHS,
  type ReceiptType,
  RECEIPT_TYPES,
  allows,
  receiptNoParamSchema,
} from '@duka/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { transform } from 'receiptline';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { authOf } from '../../http/access.js';
import { errorResponses, forbidden } from '../../http/errors.js';
import { offlineSvg, receiptMarkup } from './receipt-markup.js';
import { findReceipt, receiptDocument } from './receipt-model.js';

/** Who may see each kind of receipt, as the routes that make them. */
const SEES: Record<ReceiptType, Flag[] | 'signedIn'> = {
  sale: ['sell_cash', 'sell_debtors', 'sell_transfer', 'reversing_cash', 'current_sales'],
  reversal: ['sell_cash', 'sell_debtors', 'sell_transfer', 'reversing_cash', 'current_sales'],
  payment: 'signedIn',
  close: ['current_sales', 'view_sales_report'],
};

function assertMaySee(request: FastifyRequest, type: ReceiptType) {
  const auth = authOf(request);
  const rule = SEES[type];
  const ok = allows(
    { role: auth.user.role, roles: auth.roles },
    rule === 'signedIn' ? { kind: 'signedIn' } : { kind: 'anyFlag', flags: rule },
  );
  if (!ok) throw forbidden('You may not see this receipt');
}

export function receiptsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ receipt_no: receiptNoParamSchema });
  const query = z.strictObject({
    width: z.coerce
      .number()
      .refine((w) => (ROLL_WIDTHS as readonly number[]).includes(w), 'A roll width: 58 or 80')
      .default(80),
    lang: z.enum(['en', 'es', 'pt', 'de']).optional(),
  });

  r.get('/api/receipts/:receipt_no', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['receipts'],
      summary: 'What a receipt number names: a sale, a reversal, a debtor payment or a day close',
      params,
      response: {
        200: z.object({ type: z.enum(RECEIPT_TYPES), id: z.string(), receipt_no: z.string() }),
        ...errorResponses(401, 403, 404, 422),
      },
    },
    handler: async (request) => {
      const found = await findReceipt(deps.db.kysely, authOf(request).business.id, request.params.receipt_no);
      assertMaySee(request, found.type);
      return { ...found, receipt_no: request.params.receipt_no.padStart(6, '0') };
    },
  });

  r.get('/api/receipts/:receipt_no/svg', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['receipts'],
      summary: 'The receipt drawn for the screen (SVG), for a 58 or 80 mm roll',
      params,
      querystring: query,
      produces: ['image/svg+xml'],
      response: { 200: z.unknown().describe('SVG'), ...errorResponses(401, 403, 404, 422) },
    },
    handler: async (request, reply) => {
      const business = authOf(request).business;
      const found = await findReceipt(deps.db.kysely, business.id, request.params.receipt_no);
      assertMaySee(request, found.type);
      const doc = await receiptDocument(deps.db.kysely, business, found.type, found.id, request.query.lang);
      const width = request.query.width as 58 | 80;
      const svg = offlineSvg(
        transform(receiptMarkup(doc, width), {
          cpl: width === 58 ? 32 : 48,
          encoding: 'multilingual',
          spacing: true,
          command: 'svg',
        }),
      );
      return reply.type('image/svg+xml').header('Cache-Control', 'private, no-cache').send(svg);
    },
  });
}
