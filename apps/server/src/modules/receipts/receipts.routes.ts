import {
  CHARS_PER_LINE,
  RECEIPT_COLUMNS,
  ROLL_OF_COLUMNS,
  ROLL_WIDTHS,
  RECEIPT_TYPES,
  type ReceiptColumns,
  type RollWidth,
  receiptColumnsOf,
  receiptNoParamSchema,
  drawerReturnSchema,
  escPosJobSchema,
  networkPrintSchema,
  receiptJobName,
} from '@duka/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { errorResponses } from '../../http/errors.js';
import { PrinterFailure, printRaw } from '../printing/network-printer.js';
import { findReadableReceipt, mayPulseFor } from './receipt-access.js';
import { receiptDocument } from './receipt-model.js';
import { opensDrawer, receiptEscPos, receiptSvg } from './receipt-render.js';
import {
  claimFirstPrintOpening,
  drawerOpenedFor,
  releaseFirstPrintOpening,
  returnFirstPrintOpening,
} from '../printing/cash-drawer.js';
import {
  claimOriginalPrint,
  forgetPrint,
  printedBefore,
  recordCopy,
  returnOriginalPrint,
} from '../printing/receipt-prints.js';

const params = z.object({ receipt_no: receiptNoParamSchema });
const rollWidth = z.coerce
  .number()
  .refine((w) => (ROLL_WIDTHS as readonly number[]).includes(w), 'A roll width: 58 or 80');
const charsPerLine = z.coerce
  .number()
  .refine((c) => (RECEIPT_COLUMNS as readonly number[]).includes(c), 'Characters a line: 32, 42 or 48');
const query = z.strictObject({
  width: rollWidth
    .optional()
    .describe('The roll in mm, laid out as it always was: 58 at 32 characters, 80 at 48'),
  columns: charsPerLine
    .optional()
    .describe("Characters a line (32, 42 or 48), before the width; neither: the business profile's"),
  lang: z.enum(['en', 'es', 'pt', 'de']).optional(),
});

/**
 * The characters a line a receipt is laid out at: `columns` when asked (a `width` with them must be
 * their roll), else what the `width` asked for always meant (58: 32, 80: 48), else the profile's.
 */
function layoutOf(
  business: { receipt_width: number; receipt_columns: number },
  q: { width?: number; columns?: number },
): { width: RollWidth; cpl: ReceiptColumns } {
  const asked = RECEIPT_COLUMNS.find((c) => c === q.columns);
  if (asked !== undefined) {
    const roll = ROLL_OF_COLUMNS[asked];
    if (q.width !== undefined && q.width !== roll)
      throw new AppError(
        'validation_failed',
        `width: ${asked} characters a line print on ${roll} mm`,
        'width',
      );
    return { width: roll, cpl: asked };
  }
  if (q.width !== undefined) {
    const roll: RollWidth = q.width === 58 ? 58 : 80;
    return { width: roll, cpl: CHARS_PER_LINE[roll] };
  }
  const cpl = receiptColumnsOf(business.receipt_width, business.receipt_columns);
  return { width: ROLL_OF_COLUMNS[cpl], cpl };
}

/** The document behind a receipt number, checked against who asks; the layout defaults to the profile's. */
async function loadReceipt(
  deps: AppDeps,
  request: FastifyRequest,
  receiptNo: string,
  q: { width?: number; columns?: number; lang?: string },
) {
  const ctx = contextOf(request);
  const business = ctx.business;
  const { width, cpl } = layoutOf(business, q);
  const found = await findReadableReceipt(deps.db.kysely, ctx, receiptNo);
  const doc = await receiptDocument(deps.db.kysely, business, found.type, found.id, q.lang);
  return { doc, width, cpl, business };
}

/** The receipt routes, in this order (the API docs list them so). */
export function receiptsRoutes(app: FastifyInstance, deps: AppDeps): void {
  receiptViewRoutes(app, deps);
  receiptPrintRoute(app, deps);
  drawerReturnRoute(app, deps);
  printReturnRoute(app, deps);
}

/** What a number names, and the receipt drawn for the screen or as bytes for the printer helper. */
function receiptViewRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      const found = await findReadableReceipt(deps.db.kysely, contextOf(request), request.params.receipt_no);
      return { type: found.type, id: found.id, receipt_no: found.receipt_no };
    },
  });

  r.get('/api/receipts/:receipt_no/svg', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['receipts'],
      summary:
        'The receipt drawn for the screen (SVG), for a 58 or 80 mm roll at 32, 42 or 48 characters a line',
      params,
      querystring: query,
      produces: ['image/svg+xml'],
      response: { 200: z.unknown().describe('SVG'), ...errorResponses(401, 403, 404, 422) },
    },
    handler: async (request, reply) => {
      const { doc, cpl } = await loadReceipt(deps, request, request.params.receipt_no, request.query);
      const svg = receiptSvg(doc, cpl);
      // opened on its own (not as an <img>), an SVG is a document of this origin: like a stored
      // file it may load and run nothing (its text is escaped; this holds if ever it is not)
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'private, no-cache')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(svg);
    },
  });

  r.get('/api/receipts/:receipt_no/escpos', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['receipts'],
      summary:
        "The receipt as ESC/POS bytes (base64) and its job name, for the printer helper; a cash sale's, cash refund's or cash debt payment's bytes open the cash drawer until its first print is signed, a reprint's never do; once it has been printed, the bytes say COPY",
      params,
      querystring: query,
      response: {
        200: escPosJobSchema,
        ...errorResponses(401, 403, 404, 422),
      },
    },
    handler: async (request) => {
      const { doc, width, cpl, business } = await loadReceipt(
        deps,
        request,
        request.params.receipt_no,
        request.query,
      );
      // only a user who handles that cash gets bytes that open the drawer (a viewer of sales
      // reprinting a cash sale or refund whose first print failed does not)
      const drawer =
        opensDrawer(doc) &&
        (await mayPulseFor(deps.db.kysely, contextOf(request), doc)) &&
        !(await drawerOpenedFor(deps.db.kysely, business.id, doc));
      const copy = await printedBefore(deps.db.kysely, business.id, doc.receipt_no);
      return {
        job_name: receiptJobName(doc.receipt_no),
        width,
        data: receiptEscPos(doc, cpl, { drawer, copy }).toString('base64'),
      };
    },
  });
}

/** Printing from a local server straight to the network printer. */
function receiptPrintRoute(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/receipts/:receipt_no/print', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['receipts'],
      summary:
        "Print a receipt from the local server straight to the profile's network printer (raw TCP); answers only once the printer has it (its ESC/POS status after the job, or its close), else the printer's problem as a code; every print after the receipt's first says COPY",
      params,
      response: {
        200: networkPrintSchema,
        ...errorResponses(401, 403, 404, 409, 502, 504),
      },
    },
    handler: async (request) => {
      const { doc, cpl, business } = await loadReceipt(deps, request, request.params.receipt_no, {});
      if (deps.config.mode !== 'local')
        throw new AppError(
          'no_printer',
          'Only a local server on the shop network prints to a network printer',
        );
      if (!business.printer_host)
        throw new AppError('no_printer', 'No network printer is set in the business profile');
      const ctx = contextOf(request);
      // A cash receipt's first print opens the drawer (a sale's, a refund's, a debt payment's):
      // claimed before printing, so two prints at once cannot both open it; given back if the
      // printer got nothing. Likewise the receipt's original: any print once it has been printed
      // says COPY. The claims in one transaction, the printer after it.
      const { drawer, original, printId } = await deps.db.kysely.transaction().execute(async (trx) => {
        const pulse =
          opensDrawer(doc) &&
          (await mayPulseFor(trx, ctx, doc)) &&
          (await claimFirstPrintOpening(trx, deps.db.dialect, ctx, doc));
        const first =
          !(await printedBefore(trx, business.id, doc.receipt_no)) &&
          (await claimOriginalPrint(trx, ctx, doc.receipt_no));
        return {
          drawer: pulse,
          original: first,
          printId: first || (await recordCopy(trx, ctx, doc.receipt_no)),
        };
      });
      const data = receiptEscPos(doc, cpl, { drawer, copy: !original });
      const printer = `${business.printer_host}:${business.printer_port}`;
      try {
        await printRaw(business.printer_host, business.printer_port, data);
      } catch (err) {
        request.log.warn({ err, printer }, 'network printer failed');
        const sent = err instanceof PrinterFailure && err.jobSent;
        if (!sent)
          await deps.db.kysely.transaction().execute(async (trx) => {
            await forgetPrint(trx, business.id, printId);
            if (drawer) await releaseFirstPrintOpening(trx, business.id, doc);
          });
        if (err instanceof PrinterFailure) throw new AppError(err.code, err.message);
        throw new AppError('printer_unreachable', 'The printer could not be reached');
      }
      return { job_name: receiptJobName(doc.receipt_no), printer, bytes: data.length };
    },
  });
}

/**
 * The printer helper's page gives a cash receipt's first-print drawer opening back (a sale's, a
 * refund's, a debt payment's) when the helper says nothing reached the printer (ADR 12): the server
 * signed the pulsed bytes, and so claimed the opening, before the helper found the printer out of
 * paper; the receipt's next print opens the drawer. The receipt's original print signed with them
 * is given back too, in the same transaction: the next print is no copy.
 */
function drawerReturnRoute(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/receipts/:receipt_no/drawer-return', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['receipts'],
      summary:
        "Give back a cash sale's, cash refund's or cash debt payment's first-print drawer opening that the printer helper never sent (the user who had its bytes signed, within five minutes); kept as a record; the next print opens the drawer",
      params,
      response: { 200: drawerReturnSchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      const found = await findReadableReceipt(deps.db.kysely, ctx, request.params.receipt_no);
      if (!(await mayPulseFor(deps.db.kysely, ctx, found)))
        throw forbidden('You may not open the cash drawer');
      return deps.db.kysely.transaction().execute(async (trx) => {
        await returnOriginalPrint(trx, ctx, found.receipt_no);
        // a day close never opened it
        if (found.type === 'close') return { returned: false };
        return { returned: await returnFirstPrintOpening(trx, ctx, found) };
      });
    },
  });
}

/**
 * The printer helper's page gives back a receipt's original print that never reached the printer
 * when its bytes had no drawer pulse (a transfer or credit sale or refund, a transfer payment, a
 * day close, a user who may not open the drawer): the next print is the original, not a "COPY". A
 * pulsed print is given back with its drawer opening (drawer-return). Only the user who had it
 * signed, within five minutes.
 */
function printReturnRoute(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/receipts/:receipt_no/print-return', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['receipts'],
      summary:
        "Give back a receipt's original print that the printer helper never sent (the user who had its bytes signed, within five minutes); the next print is the original again",
      params,
      response: { 200: drawerReturnSchema, ...errorResponses(401, 404) },
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      const found = await findReadableReceipt(deps.db.kysely, ctx, request.params.receipt_no);
      return { returned: await returnOriginalPrint(deps.db.kysely, ctx, found.receipt_no) };
    },
  });
}
