import {
  addDays,
  debtorInputSchema,
  debtorListSchema,
  debtorPaymentBodySchema,
  debtorPaymentSchema,
  debtorPaymentVoidBodySchema,
  debtorPayoutBodySchema,
  debtorSchema,
  debtorUpdateSchema,
  debtorsQuerySchema,
  statementQuerySchema,
  statementSchema,
} from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { ContextBusiness } from '../../lib/context.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { readableById } from '../../http/scoped-reads.js';
import { findDebtor, listDebtors } from './debtors.repository.js';
import { createDebtor, defaultRange, statementOf, updateDebtor } from './debtors.service.js';
import { voidPayment } from './payment-voids.js';
import { payOutCredit } from './payouts.js';
import { loadPayment, recordPayment } from './payments.service.js';
import { statementPdf } from './statement-pdf.js';

const SIGNED_IN = { access: { kind: 'signedIn' as const } };
/**
 * Voiding a payment puts a debt back and takes money out of a day's drawer, and paying a credit
 * out hands a drawer's cash over: the owner's, as credit limits are (no staff flag covers either:
 * `sell_debtors` sells on credit).
 */
const ADMIN = { access: { kind: 'admin' as const } };
const id = z.object({ id: z.uuid() });
const payment = z.object({ id: z.uuid(), paymentId: z.uuid() });
const range = statementQuerySchema.partial().extend({ lang: z.enum(['en', 'es', 'pt', 'de']).optional() });

export function debtorsRoutes(app: FastifyInstance, deps: AppDeps): void {
  debtorRecordRoutes(app, deps);
  paymentRoutes(app, deps);
  statementRoutes(app, deps);
}

/** The debtors themselves: list, add, read, edit. */
function debtorRecordRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/debtors', {
    config: SIGNED_IN,
    schema: {
      tags: ['debtors'],
      summary: 'Debtors with their balances; search by name, phone or ID number',
      querystring: debtorsQuerySchema,
      response: { 200: debtorListSchema, ...errorResponses(401) },
    },
    handler: (request) => listDebtors(deps.db.kysely, contextOf(request).business.id, request.query),
  });

  r.post('/api/debtors', {
    config: SIGNED_IN,
    schema: {
      tags: ['debtors'],
      summary: 'Add a debtor (the credit limit is an admin’s; others get the business default)',
      body: debtorInputSchema,
      response: { 201: debtorSchema, ...errorResponses(401, 403, 409, 422) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createDebtor(deps.db, contextOf(request), request.body)),
  });

  r.get('/api/debtors/:id', {
    config: SIGNED_IN,
    schema: {
      tags: ['debtors'],
      summary: 'One debtor',
      params: id,
      response: { 200: debtorSchema, ...errorResponses(401, 404) },
    },
    handler: (request) => findDebtor(deps.db.kysely, contextOf(request).business.id, request.params.id),
  });

  r.patch('/api/debtors/:id', {
    config: SIGNED_IN,
    schema: {
      tags: ['debtors'],
      summary: 'Edit a debtor (credit limit and active: admins only)',
      params: id,
      body: debtorUpdateSchema,
      response: { 200: debtorSchema, ...errorResponses(401, 403, 404, 422) },
    },
    handler: (request) => updateDebtor(deps.db, contextOf(request), request.params.id, request.body),
  });
}

/** What debtors pay back. */
function paymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/debtors/:id/payments', {
    config: SIGNED_IN,
    schema: {
      tags: ['debtors'],
      summary: 'Record a payment from a debtor, in cash or by transfer (idempotent by its id)',
      params: id,
      body: debtorPaymentBodySchema,
      response: { 201: debtorPaymentSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await recordPayment(deps.db, contextOf(request), request.params.id, request.body)),
  });

  r.post('/api/debtors/:id/payments/:paymentId/void', {
    config: ADMIN,
    schema: {
      tags: ['debtors'],
      summary:
        'Void a payment entered wrongly (admins): a new, opposite entry puts the amount back on the balance; once per payment, idempotent by its id',
      params: payment,
      body: debtorPaymentVoidBodySchema,
      response: { 201: debtorPaymentSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await voidPayment(
            deps.db,
            contextOf(request),
            request.params.id,
            request.params.paymentId,
            request.body,
          ),
        ),
  });

  r.post('/api/debtors/:id/payouts', {
    config: ADMIN,
    schema: {
      tags: ['debtors'],
      summary:
        'Pay a debtor’s credit (a balance below zero) back in cash (admins): out of the drawer at the location, at most the credit; idempotent by its id',
      params: id,
      body: debtorPayoutBodySchema,
      response: { 201: debtorPaymentSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await payOutCredit(deps.db, contextOf(request), request.params.id, request.body)),
  });

  r.get('/api/debtor-payments/:id', {
    config: SIGNED_IN,
    schema: {
      tags: ['debtors'],
      summary: 'One debtor payment (for its receipt)',
      params: id,
      response: { 200: debtorPaymentSchema, ...errorResponses(401, 404) },
    },
    handler: (request) => readableById(deps.db.kysely, request, 'Payment', loadPayment),
  });
}

/**
 * The statement over business days `from`…`to` of the query, by default the last 30 days; one end
 * given alone takes the other from it (30 days before `to`; today, or `from` if later).
 */
function statementFor(
  deps: AppDeps,
  business: ContextBusiness,
  debtorId: string,
  query: z.infer<typeof range>,
) {
  const d = defaultRange(deps.clock.now(), business.timezone);
  const to = query.to ?? (query.from && query.from > d.to ? query.from : d.to);
  const from = query.from ?? (query.to ? addDays(query.to, -30) : d.from);
  return statementOf(deps.db.kysely, business.id, debtorId, from, to);
}

/** A debtor's statement, as data and as a PDF. */
function statementRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/debtors/:id/statement', {
    config: SIGNED_IN,
    schema: {
      tags: ['debtors'],
      summary: 'Statement over business days from…to (default: the last 30 days) with running balance',
      params: id,
      querystring: range,
      response: { 200: statementSchema, ...errorResponses(401, 404, 422) },
    },
    handler: (request) => statementFor(deps, contextOf(request).business, request.params.id, request.query),
  });

  r.get('/api/debtors/:id/statement.pdf', {
    config: SIGNED_IN,
    schema: {
      tags: ['debtors'],
      summary: 'The statement as a PDF (in the business language unless `lang` is given)',
      params: id,
      querystring: range,
      produces: ['application/pdf'],
      response: { 200: z.unknown().describe('The PDF'), ...errorResponses(401, 404, 422) },
    },
    handler: async (request, reply) => {
      const b = contextOf(request).business;
      const st = await statementFor(deps, b, request.params.id, request.query);
      const pdf = await statementPdf(st, {
        businessName: b.name,
        businessAddress: b.address,
        businessPhone: b.phone,
        currency: b.currency,
        timeZone: b.timezone,
        language: request.query.lang ?? b.language,
        now: deps.clock.now(),
      });
      const file = `statement-${st.debtor.name.replace(/[^A-Za-z0-9]+/g, '-')}-${st.from}-${st.to}.pdf`;
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${file}"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  });
}
