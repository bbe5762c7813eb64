import { SYNC_MAX_BYTES, SYNC_MAX_ENTRIES } from '@duka/domain';
import type { Db } from '../../db/database.js';
import { migrationsFor } from '../../db/database.js';
import type { SyncServerRow } from '../../db/tables.js';
import { AppError } from '../../lib/errors.js';
import { entryIdAt, journalHead, readRange, toWire } from './batch.js';
import type { DocumentTexts } from './document-texts.js';
import type { KeyHandling } from './documents.js';
import { serverIdOf } from './link-local.js';
import type { Cursor, PullAnswer, PullRequest } from './wire.js';

/**
 * The hosted side of pulling (ADR 11 §11.3): the hosted journal of the business is the hub. A
 * server is answered the range after its cursor with every entry it did not write itself and the
 * documents those entries name as they are now here; the cursor it sends is recorded as what it
 * has applied. A pull with nothing new may wait (long poll), looking at the journal head once a
 * second, so any hosted process can answer it.
 */

export interface PullDeps {
  db: Db;
  keys: KeyHandling;
  now: () => Date;
  /** True once the process is closing: a waiting pull answers at once. */
  closing: () => boolean;
  /** The process's texts of ledger documents (document-texts.ts). */
  texts?: DocumentTexts;
  /**
   * Checks again, after a wait for news, what was checked before it (the server's link not
   * revoked, its business active): a link revoked during the wait answers nothing more.
   */
  recheck?: () => Promise<unknown>;
}

const POLL_MS = 1_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function checkCursor(db: Db, businessId: string, after: Cursor, head: number): Promise<void> {
  // The puller holds a range this journal no longer has (the hosted database went back): it
  // pulls again from the start, which changes nothing it already has (union by id, merge by stamp).
  const diverged = () =>
    new AppError(
      'sync_gap',
      'The pull does not start in this journal',
      undefined,
      {},
      {
        expected: { seq: 0, entry_id: null },
      },
    );
  if (after.seq > head) throw diverged();
  if ((await entryIdAt(db, businessId, after.seq)) !== after.entry_id) throw diverged();
}

async function waitForNews(deps: PullDeps, businessId: string, after: number, waitMs: number): Promise<void> {
  const until = Date.now() + waitMs;
  while (Date.now() < until && !deps.closing()) {
    if ((await journalHead(deps.db, businessId)) > after) return;
    await sleep(Math.min(POLL_MS, Math.max(0, until - Date.now())));
  }
}

export async function answerPull(
  deps: PullDeps,
  server: SyncServerRow,
  body: PullRequest,
): Promise<PullAnswer> {
  if (body.server_id !== server.id || body.business_id !== server.business_id)
    throw new AppError('sync_forbidden', 'This credential is for another server or business');
  const businessId = server.business_id;
  let head = await journalHead(deps.db, businessId);
  await checkCursor(deps.db, businessId, body.after, head);
  const at = deps.now().toISOString();
  await deps.db.kysely
    .updateTable('sync_servers')
    .set({
      pull_cursor: body.after.seq,
      pull_cursor_entry_id: body.after.entry_id,
      last_pull_at: at,
      last_contact_at: at,
    })
    .where('id', '=', server.id)
    .execute();
  if (head <= body.after.seq && body.wait_ms > 0) {
    await waitForNews(deps, businessId, body.after.seq, body.wait_ms);
    await deps.recheck?.();
    head = await journalHead(deps.db, businessId);
  }
  const hostedId = await serverIdOf(deps.db);
  const source = {
    db: deps.db,
    businessId,
    serverId: hostedId,
    keys: deps.keys,
    limits: { max_entries: SYNC_MAX_ENTRIES, max_bytes: SYNC_MAX_BYTES },
    ...(deps.texts ? { texts: deps.texts } : {}),
  };
  const range = await readRange(source, body.after, { except: server.id });
  const base = {
    format: 1 as const,
    schema: Object.keys(migrationsFor(deps.db.dialect)).at(-1)!,
    hosted_server_id: hostedId,
    from: body.after,
    time_ms: deps.now().getTime(),
  };
  if (!range) return { ...base, to: body.after, head, omitted: 0, entries: [], documents: [] };
  return {
    ...base,
    to: range.to,
    head: range.head,
    omitted: range.omitted,
    entries: range.sent.map((r) => ({ ...toWire(r), origin: r.origin, origin_seq: Number(r.origin_seq) })),
    documents: range.documents as PullAnswer['documents'],
  };
}
