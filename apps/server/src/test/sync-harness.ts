import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportBusiness, readArchive } from '../backup/archive.js';
import type { Config } from '../config.js';
import { type Db, migrate, openDatabase } from '../db/database.js';
import { canonicalHash } from '../lib/canonical.js';
import { setUpBusiness } from '../modules/setup/setup.service.js';
import { ADMIN_PASSWORD } from './factories.js';
import { type TestApp, TEST_KEY_ENCRYPTION_KEY, buildTestApp } from './test-app.js';
import { makeLinkCode } from '../modules/sync/link-hosted.js';
import { joinHosted, linkOf, linkToHosted } from '../modules/sync/link-local.js';
import { type PullOutcome, pullPending } from '../modules/sync/pull.js';
import { type PushOutcome, pushPending } from '../modules/sync/push.js';

/**
 * Two servers in one test process, talking over real HTTP: a local one on SQLite (a file, so the
 * WAL fsync runs) and a hosted one on the database under test, listening on a loopback port
 * (`hostedConfig`: settings of the hosted one, as its image storage cap).
 */
export interface SyncPair {
  local: TestApp;
  hosted: TestApp;
  hostedUrl: string;
  dir: string;
  close(): Promise<void>;
}

export const KEYS = { keyEncryptionKey: TEST_KEY_ENCRYPTION_KEY };

export async function syncPair(hostedConfig: Partial<Config> = {}): Promise<SyncPair> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-sync-'));
  const localDb = openDatabase({ sqliteFile: path.join(dir, 'duka.db') });
  await migrate(localDb);
  const local = await buildTestApp({ mode: 'local' }, { db: localDb, dispose: () => localDb.close() });
  const hosted = await buildTestApp({ ...hostedConfig, mode: 'hosted' });
  const address = await hosted.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    local,
    hosted,
    hostedUrl: address,
    dir,
    async close() {
      await local.close();
      await hosted.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Another shop PC (a branch) on its own SQLite file, beside a pair. */
export async function addBranch(p: SyncPair, tag: string): Promise<TestApp> {
  const db = openDatabase({ sqliteFile: path.join(p.dir, `${tag}.db`) });
  await migrate(db);
  const branch = await buildTestApp({ mode: 'local' }, { db, dispose: () => db.close() });
  const close = p.close.bind(p);
  p.close = async () => {
    await branch.close();
    await close();
  };
  return branch;
}

/** A branch PC with no business joins the hosted business with a fresh code; answers its id. */
export async function join(p: SyncPair, branch: TestApp, hostedBusinessId: string): Promise<string> {
  const { code } = await makeLinkCode(p.hosted.db, hostedBusinessId, null, p.hosted.clock.now());
  return joinHosted(branch.db, p.hostedUrl, code, KEYS, branch.clock.now().toISOString(), 'Branch PC');
}

/** Pulls on a server until the hosted journal has nothing more for it. */
export async function pullAll(
  p: SyncPair,
  server: TestApp,
  businessId: string,
  maxBatches?: number,
): Promise<PullOutcome> {
  const row = await linkOf(server.db, businessId);
  if (!row) throw new Error('not linked');
  return pullPending({ db: server.db, keys: KEYS, now: () => server.clock.now() }, row, {
    ...(maxBatches ? { maxBatches } : {}),
  });
}

/** Pushes whatever a server wrote itself, as its push job would. */
export async function pushFrom(
  p: SyncPair,
  server: TestApp,
  businessId: string,
  limits?: { max_entries: number; max_bytes: number },
): Promise<PushOutcome> {
  const row = await linkOf(server.db, businessId);
  if (!row) throw new Error('not linked');
  return pushPending(
    { db: server.db, keys: KEYS, now: () => server.clock.now(), ...(limits ? { limits } : {}) },
    row,
  );
}

/** A business made on the hosted site by signing up: what a link replaces. */
export async function hostedPlaceholder(hosted: TestApp, tag: string): Promise<string> {
  const created = await setUpBusiness(
    hosted.db,
    hosted.clock,
    {
      business_name: `${tag} Online`,
      username: `${tag.toLowerCase()}web`,
      password: ADMIN_PASSWORD,
      currency: 'KES',
      timezone: 'Africa/Nairobi',
      language: 'en',
    },
    { onlyIfNone: false, online: true },
  );
  return created.business.id;
}

export async function link(p: SyncPair, localBusinessId: string, hostedBusinessId: string): Promise<void> {
  const { code } = await makeLinkCode(p.hosted.db, hostedBusinessId, null, p.hosted.clock.now());
  await linkToHosted(p.local.db, localBusinessId, p.hostedUrl, code, KEYS, p.local.clock.now().toISOString());
}

export async function pushAll(
  p: SyncPair,
  businessId: string,
  maxBatches = Infinity,
  limits?: { max_entries: number; max_bytes: number },
): Promise<PushOutcome> {
  const row = await linkOf(p.local.db, businessId);
  if (!row) throw new Error('not linked');
  return pushPending(
    { db: p.local.db, keys: KEYS, now: () => p.local.clock.now(), ...(limits ? { limits } : {}) },
    row,
    maxBatches,
  );
}

/** Tables and columns that are each server's own and never compared (ADR 11 §10). */
const SERVER_OWN = new Set([
  'devices',
  'journal_counters',
  'receipt_counters',
  'drawer_openings',
  'receipt_prints',
  'field_history',
]);
const COLUMNS_OWN: Record<string, string[]> = {
  businesses: ['printer_host', 'printer_port', 'status'],
  stock_levels: ['updated_at'],
  journal: ['seq'],
  // the order each server wrote a debtor's entries in (ADR 9)
  debtors: ['entry_seq'],
  debtor_entries: ['seq'],
};

/**
 * A digest of each table of a business as its export archive holds it, without what is each
 * server's own; the journal without the sign-ins and devices of either side.
 */
export async function businessDigest(
  db: Db,
  businessId: string,
  dir: string,
): Promise<Record<string, string>> {
  const file = path.join(dir, `export-${Math.random().toString(36).slice(2)}.jsonl.gz`);
  await exportBusiness(db, businessId, file, new Date(0), undefined, TEST_KEY_ENCRYPTION_KEY);
  const { tables } = await readArchive(file);
  fs.rmSync(file);
  const out: Record<string, string> = {};
  for (const [name, rows] of tables) {
    if (SERVER_OWN.has(name)) continue;
    const drop = COLUMNS_OWN[name] ?? [];
    let kept = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !drop.includes(k))));
    if (name === 'journal') kept = kept.filter((r) => r.doc_type !== 'session' && r.doc_type !== 'device');
    kept.sort((a, b) => (canonicalHash(a) < canonicalHash(b) ? -1 : 1));
    out[name] = `${kept.length}:${canonicalHash(kept)}`;
  }
  return out;
}
