import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { errorResponses } from '../../http/errors.js';
import { isBadData } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import { SYNC_LIMITS, applyPush, quarantineOpen } from './apply.js';
import { acceptLink, serverByCredential } from './link-hosted.js';
import { DocumentTexts } from './document-texts.js';
import { wireJson } from './documents.js';
import { answerPull } from './pull-hosted.js';
import {
  hostedStatusSchema,
  linkAnswerSchema,
  linkRequestSchema,
  pullAnswerSchema,
  pullRequestSchema,
  pushAnswerSchema,
  pushBodySchema,
} from './wire.js';

/** The linked server a push's or pull's credential names, found before its body is read. */
type SyncServer = Awaited<ReturnType<typeof serverByCredential>>;
const credentialed = new WeakMap<FastifyRequest, SyncServer>();

/**
 * A push's or pull's credential is checked first (`onRequest`), before its body is inflated,
 * parsed and validated: a caller without one learns nothing of the wire format (a 401, not a 422
 * naming fields) and costs no inflating of up to 16 MiB.
 */
function credentialFirst(deps: AppDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    credentialed.set(request, await serverByCredential(deps.db, request.headers.authorization));
  };
}
const serverOf = (request: FastifyRequest): SyncServer => {
  const server = credentialed.get(request);
  if (!server) throw new AppError('unauthorized', 'A sync credential is needed');
  return server;
};

/** Most bytes of a batch once inflated (its documents are bounded at 4 MiB; entries and JSON add some). */
const MAX_INFLATED = 16 * 1024 * 1024;

/**
 * A gzipped body is inflated before parsing, with a bound on what it may grow to (a small
 * compressed body must not become gigabytes). The count of bytes received keeps Fastify's
 * Content-Length check working on the compressed length.
 */
function inflate(request: FastifyRequest, payload: Readable): Readable {
  if (request.headers['content-encoding'] !== 'gzip') return payload;
  const gunzip = Object.assign(createGunzip({ maxOutputLength: MAX_INFLATED }), { receivedEncodedLength: 0 });
  payload.on('data', (chunk: Buffer) => {
    gunzip.receivedEncodedLength += chunk.length;
  });
  payload.on('error', (err) => gunzip.destroy(err));
  gunzip.on('error', () => {});
  payload.pipe(gunzip);
  return gunzip;
}

/**
 * The server-to-server side of sync on the hosted server (ADR 11 §3.5, §5.1): linking with a
 * one-time code, pushing batches and the heartbeat, under /api/sync/v1. A credential, not a
 * session, says who calls; a local server answers 404.
 */
export function syncWireRoutes(app: FastifyInstance, deps: AppDeps): void {
  if (deps.config.mode !== 'hosted') return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const keys = { keyEncryptionKey: deps.config.keyEncryptionKey };
  const now = () => deps.clock.now();
  // What one branch pushes, the others pull moments later: served from here (document-texts.ts).
  const texts = new DocumentTexts();
  const pushDeps = { db: deps.db, keys, now, texts, imageCapBytes: deps.config.maxImageStorageBytes };

  r.post('/api/sync/v1/link', {
    config: { access: { kind: 'public' }, rateLimit: { max: 10, timeWindow: '15 minutes' } },
    bodyLimit: MAX_INFLATED,
    preParsing: (request, _reply, payload, done) => done(null, inflate(request, payload)),
    schema: {
      tags: ['sync'],
      summary: "A shop's server links to a hosted business with a one-time code and gets its credential",
      body: linkRequestSchema,
      response: { 201: linkAnswerSchema, ...errorResponses(409, 422, 429) },
    },
    handler: async (request, reply) => {
      const answer = await acceptLink({ db: deps.db, keys, now }, request.body);
      return reply.code(201).send(answer);
    },
  });

  r.post('/api/sync/v1/push', {
    config: { access: { kind: 'public' } },
    bodyLimit: MAX_INFLATED,
    onRequest: credentialFirst(deps),
    preParsing: (request, _reply, payload, done) => done(null, inflate(request, payload)),
    schema: {
      tags: ['sync'],
      summary: "One batch of a shop's journal and the documents it names, applied with the server's cursor",
      body: pushBodySchema,
      response: { 200: pushAnswerSchema, ...errorResponses(401, 402, 403, 409, 413, 422, 429) },
    },
    handler: async (request) => {
      const server = serverOf(request);
      await activeBusiness(deps, server.business_id);
      try {
        return await applyPush(pushDeps, server.id, request.body);
      } catch (err) {
        // rows that do not fit the tables (a required value missing, a wrong type): the batch's fault
        if (isBadData(err))
          throw new AppError('sync_batch_invalid', "The batch's rows do not fit this server's tables");
        throw err;
      }
    },
  });

  pullRoute(app, deps, texts);

  r.get('/api/sync/v1/status', {
    config: { access: { kind: 'public' } },
    schema: {
      tags: ['sync'],
      summary: "The server's cursor here and the hosted clock (the heartbeat)",
      response: { 200: hostedStatusSchema, ...errorResponses(401, 402) },
    },
    handler: async (request) => {
      const server = await serverByCredential(deps.db, request.headers.authorization);
      await activeBusiness(deps, server.business_id);
      const head = Number(request.headers['x-duka-head']);
      const waiting = Number(request.headers['x-duka-waiting']);
      const at = now().toISOString();
      await deps.db.kysely
        .updateTable('sync_servers')
        .set({
          last_contact_at: at,
          ...(Number.isSafeInteger(head) && head >= 0 ? { reported_head: head } : {}),
          ...(Number.isSafeInteger(waiting) && waiting >= 0 ? { reported_waiting: waiting } : {}),
        })
        .where('id', '=', server.id)
        .execute();
      return {
        cursor: { seq: Number(server.cursor), entry_id: server.cursor_entry_id },
        state: server.state,
        quarantine_open: await quarantineOpen(deps.db, server.business_id, server.id),
        time_ms: now().getTime(),
        limits: SYNC_LIMITS,
      };
    },
  });
}

async function activeBusiness(deps: AppDeps, businessId: string): Promise<void> {
  const b = await deps.db.kysely
    .selectFrom('businesses')
    .select('status')
    .where('id', '=', businessId)
    .executeTakeFirst();
  if (b && b.status !== 'active')
    throw new AppError('account_inactive', "This business's account is not active");
}

/** The pull (ADR 11 §11.3): what the hosted journal holds for a server, long-polled. */
function pullRoute(app: FastifyInstance, deps: AppDeps, texts: DocumentTexts): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const keys = { keyEncryptionKey: deps.config.keyEncryptionKey };
  const now = () => deps.clock.now();
  // A waiting pull answers at once when the process closes, so shutting down never waits 25 s.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  r.post('/api/sync/v1/pull', {
    config: { access: { kind: 'public' } },
    bodyLimit: 64 * 1024,
    onRequest: credentialFirst(deps),
    preParsing: (request, _reply, payload, done) => done(null, inflate(request, payload)),
    schema: {
      tags: ['sync'],
      summary: "What the hosted journal holds past the server's cursor that it did not write itself",
      body: pullRequestSchema,
      response: { 200: pullAnswerSchema, ...errorResponses(401, 402, 403, 409, 422) },
    },
    // The answer is this server's own reading of its journal (readRange), up to thousands of
    // documents: written as JSON without walking every cell through the response schema again
    // (a tenth of the hosted process's CPU in the branches bench), each body as the canonical
    // text its hash was taken from (wireJson). The puller checks it on arrival.
    serializerCompiler: () => (data) => wireJson(data),
    handler: async (request) => {
      const server = serverOf(request);
      await activeBusiness(deps, server.business_id);
      const recheck = async () => {
        await serverByCredential(deps.db, request.headers.authorization);
        await activeBusiness(deps, server.business_id);
      };
      return answerPull(
        { db: deps.db, keys, now, closing: () => closing, texts, recheck },
        server,
        request.body,
      );
    },
  });
}
