import {
  okSchema,
  resetPasswordBodySchema,
  userCreateSchema,
  userSchema,
  userUpdateSchema,
} from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { createUser, getUser, listUsers, resetPassword, updateUser } from './users.service.js';

const ADMIN = { access: { kind: 'admin' as const } };
const idParams = z.object({ id: z.uuid() });

export function usersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/users', {
    config: ADMIN,
    schema: {
      tags: ['users'],
      summary: 'Every user of the business',
      response: { 200: z.array(userSchema), ...errorResponses(401, 403) },
    },
    handler: (request) => listUsers(deps.db, contextOf(request).business.id),
  });

  r.post('/api/users', {
    config: ADMIN,
    schema: {
      tags: ['users'],
      summary: 'Add a user',
      body: userCreateSchema,
      // 429: too many names found taken (name-clashes.ts)
      response: { 201: userSchema, ...errorResponses(401, 403, 409, 422, 429) },
    },
    handler: async (request, reply) => {
      const user = await createUser(deps.db, contextOf(request), request.body);
      return reply.status(201).send(user);
    },
  });

  r.get('/api/users/:id', {
    config: ADMIN,
    schema: {
      tags: ['users'],
      summary: 'One user',
      params: idParams,
      response: { 200: userSchema, ...errorResponses(401, 403, 404) },
    },
    handler: (request) => getUser(deps.db, contextOf(request).business.id, request.params.id),
  });

  r.patch('/api/users/:id', {
    config: ADMIN,
    schema: {
      tags: ['users'],
      summary: 'Edit a user; `active: false` deactivates and ends their sessions',
      params: idParams,
      body: userUpdateSchema,
      response: { 200: userSchema, ...errorResponses(401, 403, 404, 409, 422, 429) },
    },
    handler: (request) => updateUser(deps.db, contextOf(request), request.params.id, request.body),
  });

  r.post('/api/users/:id/password', {
    config: ADMIN,
    schema: {
      tags: ['users'],
      summary: "Reset a user's password; their sessions end",
      params: idParams,
      body: resetPasswordBodySchema,
      response: { 200: okSchema, ...errorResponses(401, 403, 404, 422) },
    },
    handler: async (request) => {
      await resetPassword(deps.db, contextOf(request), request.params.id, request.body.password);
      return { ok: true as const };
    },
  });
}
