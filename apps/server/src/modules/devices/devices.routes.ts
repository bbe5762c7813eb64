import { deviceIdSchema, deviceSchema, deviceUpdateSchema } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { listDevices, updateDevice } from './devices.service.js';

export function devicesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/devices', {
    config: { access: { kind: 'admin' } },
    schema: {
      tags: ['devices'],
      summary: 'Devices that have signed in',
      response: { 200: z.array(deviceSchema), ...errorResponses(401, 403) },
    },
    handler: (request) => listDevices(deps.db, contextOf(request).business.id),
  });

  r.patch('/api/devices/:id', {
    // devices are each server's own, never synced (ADR 11): a hosted copy of a shop-kept business
    // approves and blocks its own, as the shop cannot do it for it
    config: { access: { kind: 'admin' }, whileSynced: true },
    schema: {
      tags: ['devices'],
      summary: 'Name, approve or block a device; blocking ends its staff sessions',
      params: z.object({ id: deviceIdSchema }),
      body: deviceUpdateSchema,
      response: { 200: deviceSchema, ...errorResponses(401, 403, 404, 422) },
    },
    handler: (request) => updateDevice(deps.db, contextOf(request), request.params.id, request.body),
  });
}
