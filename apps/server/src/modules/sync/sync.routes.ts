import {
  HISTORY_DOC_TYPES,
  fieldHistorySchema,
  idSchema,
  linkBodySchema,
  linkCodeViewSchema,
  quarantineListSchema,
  syncStatusSchema,
} from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { AppError } from '../../lib/errors.js';
import { makeLinkCode, revokeServer } from './link-hosted.js';
import { linkToHosted, unlink } from './link-local.js';
import { historyView } from './history.js';
import { quarantineList, syncStatus } from './status.js';

/** Every sync screen's route: admins only, allowed on a read-only hosted copy and a local-only business. */
const admin = {
  access: { kind: 'admin' as const },
  whileLocalOnly: true as const,
  whileSynced: true as const,
};

/** The sync screens' routes (ADR 11 §3.3, §8): admins only, allowed on a read-only hosted copy. */
export function syncRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/sync/status', {
    config: admin,
    schema: {
      tags: ['sync'],
      summary:
        'Whether this business is linked, what waits, the last push and contact, the clock skew, the quarantine',
      response: { 200: syncStatusSchema, ...errorResponses(401, 403) },
    },
    handler: (request) => syncStatus(deps.db, contextOf(request).businessId, deps.config.mode),
  });

  r.get('/api/history/:doc_type/:id', {
    config: admin,
    schema: {
      tags: ['sync'],
      summary:
        "A record's values that lost a merge of two servers' edits, or were taken first elsewhere (ADR 11 §11.1)",
      params: z.object({ doc_type: z.enum(HISTORY_DOC_TYPES), id: idSchema }),
      response: { 200: fieldHistorySchema, ...errorResponses(401, 403, 404, 422) },
    },
    handler: async (request) => ({
      items: await historyView(
        deps.db.kysely,
        contextOf(request).businessId,
        request.params.doc_type,
        request.params.id,
      ),
    }),
  });

  localSyncRoutes(app, deps);
  hostedSyncRoutes(app, deps);

  r.get('/api/sync/quarantine', {
    config: admin,
    schema: {
      tags: ['sync'],
      summary: 'Documents the hosted side set aside instead of writing, with what differs',
      response: { 200: quarantineListSchema, ...errorResponses(401, 403) },
    },
    handler: async (request) => ({ items: await quarantineList(deps.db, contextOf(request).businessId) }),
  });
}

/** The shop PC's side: linking to a hosted site with the code made there, and unlinking. */
function localSyncRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const keys = { keyEncryptionKey: deps.config.keyEncryptionKey };
  const onlyOnLocal = () => {
    if (deps.config.mode !== 'local') throw new AppError('not_found', 'Only on a local server');
  };
  r.post('/api/sync/link', {
    config: admin,
    schema: {
      tags: ['sync'],
      summary: 'Local: link this shop to a hosted business with the one-time code made there',
      body: linkBodySchema,
      response: { 200: syncStatusSchema, ...errorResponses(401, 403, 404, 409, 422, 502) },
    },
    handler: async (request) => {
      onlyOnLocal();
      const ctx = contextOf(request);
      const { hosted_url, code, name } = request.body;
      await linkToHosted(deps.db, ctx.businessId, hosted_url, code, keys, ctx.at, name);
      return syncStatus(deps.db, ctx.businessId, deps.config.mode);
    },
  });

  r.post('/api/sync/unlink', {
    config: admin,
    schema: {
      tags: ['sync'],
      summary: 'Local: forget the link (the hosted copy stays until an admin there revokes this server)',
      response: { 200: syncStatusSchema, ...errorResponses(401, 403, 404, 409) },
    },
    handler: async (request) => {
      onlyOnLocal();
      const ctx = contextOf(request);
      await unlink(deps.db, ctx.businessId, deps.clock.now().toISOString());
      return syncStatus(deps.db, ctx.businessId, deps.config.mode);
    },
  });
}

/** The hosted side's screens: link codes and the shop servers that push here. */
function hostedSyncRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onlyOnHosted = () => {
    if (deps.config.mode !== 'hosted') throw new AppError('not_found', 'Only on a hosted server');
  };
  r.post('/api/sync/link-codes', {
    config: admin,
    schema: {
      tags: ['sync'],
      summary: 'Hosted: a one-time code (15 minutes) to link a shop PC to this business',
      response: { 200: linkCodeViewSchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => {
      onlyOnHosted();
      const ctx = contextOf(request);
      return makeLinkCode(deps.db, ctx.businessId, ctx.userId, deps.clock.now());
    },
  });

  r.post('/api/sync/servers/:id/revoke', {
    config: admin,
    schema: {
      tags: ['sync'],
      summary: "Hosted: revoke a shop server's credential; its next request is refused",
      params: z.object({ id: idSchema }),
      response: { 200: syncStatusSchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => {
      onlyOnHosted();
      const ctx = contextOf(request);
      await revokeServer(deps.db, ctx.businessId, request.params.id, ctx.userId, ctx.at);
      return syncStatus(deps.db, ctx.businessId, deps.config.mode);
    },
  });

  r.post('/api/sync/quarantine/:id/dismiss', {
    config: admin,
    schema: {
      tags: ['sync'],
      summary: 'Dismiss a quarantined document (the stored one stays as it is)',
      params: z.object({ id: idSchema }),
      response: { 200: quarantineListSchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => {
      const ctx = contextOf(request);
      const res = await deps.db.kysely
        .updateTable('sync_quarantine')
        .set({ dismissed_at: ctx.at, dismissed_by: ctx.userId })
        .where('id', '=', request.params.id)
        .where('business_id', '=', ctx.businessId)
        .where('dismissed_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw new AppError('not_found', 'No such quarantined document');
      return { items: await quarantineList(deps.db, ctx.businessId) };
    },
  });
}
