import {
  businessPublicSchema,
  businessSchema,
  businessUpdateSchema,
  imageNameBodySchema,
  switchesOnline,
} from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { toBusiness, toBusinessPublic } from './business.repository.js';
import { setLogo, updateBusiness } from './business.service.js';

export function businessRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ADMIN = { access: { kind: 'admin' as const } };

  r.get('/api/business', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['business'],
      summary: 'What every user may read of the business',
      response: { 200: businessPublicSchema, ...errorResponses(401) },
    },
    handler: (request) => toBusinessPublic(contextOf(request).business, deps.config.mode),
  });

  r.get('/api/business/profile', {
    config: ADMIN,
    schema: {
      tags: ['business'],
      summary: 'The whole business profile',
      response: { 200: businessSchema, ...errorResponses(401, 403) },
    },
    handler: (request) => toBusiness(contextOf(request).business),
  });

  r.patch('/api/business/profile', {
    config: {
      ...ADMIN,
      // The owner of a business set to local only can switch it back on from a hosted server.
      whileLocalOnly: switchesOnline,
    },
    schema: {
      tags: ['business'],
      summary: 'Update the business profile',
      body: businessUpdateSchema,
      response: { 200: businessSchema, ...errorResponses(401, 403, 422) },
    },
    handler: (request) => updateBusiness(deps.db, contextOf(request), request.body),
  });

  r.put('/api/business/logo', {
    config: ADMIN,
    schema: {
      tags: ['business'],
      summary: 'Use an uploaded image as the logo',
      body: imageNameBodySchema,
      response: { 200: businessSchema, ...errorResponses(401, 403, 422) },
    },
    handler: (request) => setLogo(deps.db, contextOf(request), request.body.img),
  });

  r.delete('/api/business/logo', {
    config: ADMIN,
    schema: {
      tags: ['business'],
      summary: 'Remove the logo',
      response: { 200: businessSchema, ...errorResponses(401, 403) },
    },
    handler: (request) => setLogo(deps.db, contextOf(request), null),
  });
}
