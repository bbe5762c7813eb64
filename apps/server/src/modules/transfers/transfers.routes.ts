import {
  providerInputSchema,
  providerSchema,
  providerUpdateSchema,
  transferListSchema,
  transferSchema,
  transfersQuerySchema,
} from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { listInReadScope } from '../../http/scoped-reads.js';
import {
  confirmTransfer,
  createProvider,
  listProviders,
  listTransfers,
  updateProvider,
} from './transfers.service.js';

const SIGNED_IN = { access: { kind: 'signedIn' as const } };
const ADMIN = { access: { kind: 'admin' as const } };

export function transfersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const id = z.object({ id: z.uuid() });

  r.get('/api/payment-providers', {
    config: SIGNED_IN,
    schema: {
      tags: ['transfers'],
      summary: 'Banks and mobile-money services customers pay through',
      response: { 200: z.array(providerSchema), ...errorResponses(401) },
    },
    handler: (request) => listProviders(deps.db.kysely, contextOf(request).business.id),
  });

  r.post('/api/payment-providers', {
    config: ADMIN,
    schema: {
      tags: ['transfers'],
      summary: 'Add a provider to the list',
      body: providerInputSchema,
      response: { 201: providerSchema, ...errorResponses(401, 403, 409, 422) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createProvider(deps.db, contextOf(request), request.body)),
  });

  r.patch('/api/payment-providers/:id', {
    config: ADMIN,
    schema: {
      tags: ['transfers'],
      summary: 'Rename or deactivate a provider',
      params: id,
      body: providerUpdateSchema,
      response: { 200: providerSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    handler: (request) => updateProvider(deps.db, contextOf(request), request.params.id, request.body),
  });

  r.get('/api/transfers', {
    config: SIGNED_IN,
    schema: {
      tags: ['transfers'],
      summary: 'Every payment moved by transfer, with totals confirmed and unconfirmed',
      querystring: transfersQuerySchema,
      response: { 200: transferListSchema, ...errorResponses(401, 403, 422) },
    },
    handler: (request) => listInReadScope(deps.db.kysely, request, listTransfers),
  });

  r.post('/api/transfers/:id/confirm', {
    config: ADMIN,
    schema: {
      tags: ['transfers'],
      summary: 'Mark a transfer as seen on the bank or mobile-money statement',
      params: id,
      response: { 200: transferSchema, ...errorResponses(401, 403, 404) },
    },
    handler: (request) => confirmTransfer(deps.db, contextOf(request), request.params.id),
  });
}
