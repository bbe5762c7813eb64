import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { applyDocuments } from '../modules/sync/apply-documents.js';
import { DOC_SPECS, SPEC_BY_TYPE } from '../modules/sync/doc-specs.js';
import { type SyncDocument, readDocuments } from '../modules/sync/documents.js';
import { serverIdOf } from '../modules/sync/link-local.js';
import { type SignedIn, buildBusiness, signIn, ADMIN_PASSWORD } from './factories.js';
import { type TestApp, TEST_KEY_ENCRYPTION_KEY, buildTestApp } from './test-app.js';

/**
 * Two servers of one business in one process, each on its own database of the dialect under test,
 * exchanging documents through the apply code itself (what a push applies on the hosted side and
 * a pull on a local one). Each has its own server id, so each stamps as itself.
 */
export interface Server {
  app: TestApp;
  serverId: string;
  admin: SignedIn;
}

export const KEYS = { keyEncryptionKey: TEST_KEY_ENCRYPTION_KEY };

/** Every document of the business the journal of `db` names. */
async function allRefs(t: TestApp, businessId: string): Promise<{ type: string; id: string }[]> {
  const rows = await t.db.kysely
    .selectFrom('journal')
    .select(['doc_type', 'doc_id'])
    .where('business_id', '=', businessId)
    .orderBy('seq')
    .execute();
  const seen = new Set<string>();
  const out: { type: string; id: string }[] = [];
  for (const r of rows) {
    const key = `${r.doc_type}:${r.doc_id}`;
    if (!SPEC_BY_TYPE.has(r.doc_type) || seen.has(key)) continue;
    seen.add(key);
    out.push({ type: r.doc_type, id: r.doc_id });
  }
  return out;
}

/** Reads documents on one server as they are now. */
export async function docsOf(
  from: Server,
  businessId: string,
  refs?: { type: string; id: string }[],
): Promise<SyncDocument[]> {
  const wanted = refs ?? (await allRefs(from.app, businessId));
  const map = await readDocuments(from.app.db.kysely as never, businessId, wanted, KEYS);
  const rank = new Map(DOC_SPECS.map((s, i) => [s.type, i]));
  return [...map.values()].sort((a, b) => rank.get(a.type)! - rank.get(b.type)!);
}

/** Applies documents on a server in one transaction, as sent by `origin`. */
export async function applyOn(to: Server, origin: string, businessId: string, docs: SyncDocument[]) {
  return to.app.db.kysely.transaction().execute((trx) =>
    applyDocuments(
      trx,
      {
        businessId,
        serverId: origin,
        at: to.app.clock.now().toISOString(),
        keys: KEYS,
        dialect: to.app.db.dialect,
      },
      docs,
    ),
  );
}

/** Sends documents from one server to the other (all the business's, or those named). */
export async function send(
  from: Server,
  to: Server,
  businessId: string,
  refs?: { type: string; id: string }[],
) {
  return applyOn(to, from.serverId, businessId, await docsOf(from, businessId, refs));
}

/** Server A with a business set up, server B holding a copy of it (both signed in as the admin). */
export async function twoServers(): Promise<{
  a: Server;
  b: Server;
  businessId: string;
  close: () => Promise<void>;
}> {
  const aApp = await buildTestApp({ mode: 'local' });
  const bApp = await buildTestApp({ mode: 'local' });
  const admin = await buildBusiness(aApp.app);
  const businessId = admin.session.business.id;
  const a: Server = { app: aApp, serverId: await serverIdOf(aApp.db), admin };
  const b: Server = { app: bApp, serverId: await serverIdOf(bApp.db), admin };
  await send(a, b, businessId);
  b.admin = await signIn(bApp.app, 'owner', ADMIN_PASSWORD);
  return {
    a,
    b,
    businessId,
    close: async () => {
      await aApp.close();
      await bApp.close();
    },
  };
}

/**
 * Two servers (twoServers) for the tests of the enclosing describe: made before all of them, or
 * afresh before each with `{ each: true }`, and closed after. A test reads them when it runs:
 * `const { a, b, businessId } = servers();`.
 */
export function useTwoServers({ each = false } = {}): () => { a: Server; b: Server; businessId: string } {
  let made: Awaited<ReturnType<typeof twoServers>> | undefined;
  (each ? beforeEach : beforeAll)(async () => {
    made = await twoServers();
  });
  (each ? afterEach : afterAll)(async () => {
    await made?.close();
    made = undefined;
  });
  return () => {
    if (!made) throw new Error('the two servers are read inside a test, once they are made');
    return made;
  };
}

/** An API call as the server's admin that must succeed. */
export async function call(
  s: Server,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<unknown> {
  const app: FastifyInstance = s.app.app;
  const res = await app.inject({
    method,
    url,
    headers: { cookie: s.admin.cookie },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.body ? (JSON.parse(res.body) as unknown) : null;
}
