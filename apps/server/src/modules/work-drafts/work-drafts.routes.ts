import { okSchema, workDraftListSchema, workDraftPutSchema, workDraftSchema } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { dropDraft, listOwnDrafts, saveDraft } from './work-drafts.service.js';

const SIGNED_IN = { access: { kind: 'signedIn' as const } };
const id = z.object({ id: z.uuid() });

/** Each user's work in progress: the till's cart, parked sales, stock drafts (their own only). */
export function workDraftsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/work-drafts', {
    config: SIGNED_IN,
    schema: {
      tags: ['work drafts'],
      summary: "The caller's open cart, parked sales and stock drafts, newest first",
      response: { 200: workDraftListSchema, ...errorResponses(401) },
    },
    handler: (request) => listOwnDrafts(deps.db, contextOf(request), deps.config.sessionIdleMs),
  });

  r.put('/api/work-drafts/:id', {
    config: SIGNED_IN,
    schema: {
      tags: ['work drafts'],
      summary: 'Save one of your drafts (created or replaced; the same request again changes nothing)',
      params: id,
      body: workDraftPutSchema,
      response: { 200: workDraftSchema, ...errorResponses(401, 404, 409, 422) },
    },
    handler: (request) => saveDraft(deps.db, contextOf(request), request.params.id, request.body),
  });

  r.delete('/api/work-drafts/:id', {
    config: SIGNED_IN,
    schema: {
      tags: ['work drafts'],
      summary: 'Drop one of your drafts (sold, resumed or thrown away)',
      params: id,
      response: { 200: okSchema, ...errorResponses(401, 404) },
    },
    handler: async (request) => {
      await dropDraft(deps.db, contextOf(request), request.params.id);
      return { ok: true as const };
    },
  });
}
