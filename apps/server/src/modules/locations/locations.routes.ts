import { locationInputSchema, locationSchema, locationUpdateSchema } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { moveLocationHome } from './location-home.js';
import { addLocation, listLocations, updateLocation } from './locations.service.js';

export function locationsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/locations', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['locations'],
      summary: 'Locations of the business',
      response: { 200: z.array(locationSchema), ...errorResponses(401) },
    },
    handler: (request) => listLocations(deps.db, contextOf(request).business.id),
  });

  r.post('/api/locations', {
    config: { access: { kind: 'admin' } },
    schema: {
      tags: ['locations'],
      summary: 'Add a shop or store room',
      body: locationInputSchema.extend({ id: z.uuid().optional() }),
      response: { 201: locationSchema, ...errorResponses(401, 403, 409, 422) },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await addLocation(deps.db, contextOf(request), request.body.id ?? newId(), request.body.name)),
  });

  r.patch('/api/locations/:id', {
    config: { access: { kind: 'admin' } },
    schema: {
      tags: ['locations'],
      summary: 'Rename or (de)activate a location; not while it holds stock',
      params: z.object({ id: z.uuid() }),
      body: locationUpdateSchema,
      response: { 200: locationSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    handler: (request) => updateLocation(deps.db, contextOf(request), request.params.id, request.body),
  });

  r.post('/api/locations/:id/home', {
    config: { access: { kind: 'admin' } },
    schema: {
      tags: ['locations'],
      summary: "Make this server the location's home: its stock counts and day closes are made here",
      params: z.object({ id: z.uuid() }),
      response: { 200: locationSchema, ...errorResponses(401, 403, 404, 409) },
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      await moveLocationHome(deps.db, ctx, request.params.id);
      const moved = (await listLocations(deps.db, ctx.business.id)).find((l) => l.id === request.params.id);
      if (!moved) throw notFound('Location');
      return moved;
    },
  });
}
