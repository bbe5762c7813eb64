import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SyncLinkPatch, SyncLinkRow } from '../../db/tables.js';
import { lastReceiptNo } from '../../lib/receipts.js';
import { type Trx, lockBusiness } from '../../lib/tx.js';
import { AppError } from '../../lib/errors.js';
import { applyDocuments } from './apply-documents.js';
import { checkBatch, insertEntries, otherIdsAt } from './apply.js';
import { SyncCallError, callHosted } from './client.js';
import type { KeyHandling } from './documents.js';
import { openCredential, sameLink, serverIdOf } from './link-local.js';
import { type Cursor, type PullAnswer, type PullRequest, pullAnswerSchema } from './wire.js';

/**
 * The local side of pulling (ADR 11 §11.3): what the hosted journal holds past this server's pull
 * cursor (other branches' documents, the hosted site's own writes) is applied here with the same
 * code as a push there, and the cursor moves in the same local transaction. A crash before the
 * commit leaves the cursor where it was; the same range is pulled again and changes nothing twice.
 */

export interface PullDepsLocal {
  db: Db;
  keys: KeyHandling;
  now: () => Date;
  /** Aborts a waiting pull when the server stops. */
  signal?: AbortSignal;
  /** Where a failure is told (the pull job's logger). */
  log?: { error: (obj: object, msg: string) => void };
}

export type PullOutcome =
  | { kind: 'idle' }
  | { kind: 'caught_up'; batches: number }
  | { kind: 'stopped'; state: 'revoked' | 'refused'; code: string }
  | { kind: 'failed'; code: string; retryAfterMs: number | null };

const STOPPING: Record<string, 'revoked' | 'refused'> = {
  sync_revoked: 'revoked',
  unauthorized: 'revoked',
  sync_forbidden: 'refused',
};

const sameCursor = (a: Cursor, b: Cursor): boolean => a.seq === b.seq && a.entry_id === b.entry_id;

const cursorOf = (l: SyncLinkRow): Cursor => ({
  seq: Number(l.pull_cursor),
  entry_id: l.pull_cursor_entry_id,
});

/**
 * A pull that reached the hosted site ends the link's failing only when what failed was reaching
 * it or pulling: a push refused for its own reason (a batch waiting for the hour's name answers,
 * one the hosted site cannot take) goes on failing, and the owner keeps seeing why. Before, every
 * pull cleared it, so a push refused for ever looked like a link up to date with changes waiting.
 */
export const PULL_ENDS_FAILING = ['sync_unreachable', 'sync_pull_failed', 'sync_gap'] as const;
const failingAfterPull = sql<
  string | null
>`CASE WHEN last_error_code IS NULL OR last_error_code IN (${sql.join(
  PULL_ENDS_FAILING.map((c) => sql.lit(c)),
)}) THEN NULL ELSE failing_since END`;

/**
 * Writes the link's state, if it is still the link this job read: one unlinked and linked again
 * meanwhile (a new credential) is not touched by the old one's late answer (the QA's sync run: a
 * pull's 401 under the old credential marked the new link revoked, and sync stopped).
 */
async function update(db: Db, link: SyncLinkRow, set: SyncLinkPatch): Promise<void> {
  await sameLink(db.kysely.updateTable('sync_links').set(set), link).execute();
}

/**
 * A PC that joined has no receipt counter for its series until the business arrives; the batch
 * that brings it sets the counter past every number of the series the hosted business held or
 * this batch brought (counters never travel, ADR 11 §11.2). Afterwards one key lookup per batch.
 */
async function startCounter(trx: Trx, link: SyncLinkRow): Promise<void> {
  const where = { business_id: link.business_id, series: link.series };
  const counter = await trx
    .selectFrom('receipt_counters')
    .select('last_no')
    .where('business_id', '=', where.business_id)
    .where('series', '=', where.series)
    .executeTakeFirst();
  if (counter) return;
  const business = await trx
    .selectFrom('businesses')
    .select('id')
    .where('id', '=', link.business_id)
    .executeTakeFirst();
  if (!business) return;
  const last = Math.max(Number(link.receipt_floor), await lastReceiptNo(trx, link.business_id, link.series));
  await trx
    .insertInto('receipt_counters')
    .values({ ...where, last_no: last })
    .execute();
}

/**
 * Applies one pulled batch and moves the pull cursor, in one transaction. A batch that does not
 * start at the cursor (an answer to a pull sent before the last one was applied) changes nothing.
 */
export async function applyPulled(
  deps: PullDepsLocal,
  businessId: string,
  answer: PullAnswer,
): Promise<boolean> {
  checkBatch(answer);
  const at = deps.now().toISOString();
  return deps.db.kysely.transaction().execute(async (trx) => {
    const link = await trx
      .selectFrom('sync_links')
      .selectAll()
      .where('business_id', '=', businessId)
      .executeTakeFirst();
    if (!link) return false;
    const cursor = cursorOf(link);
    if (answer.from.seq !== cursor.seq || answer.from.entry_id !== cursor.entry_id) return false;
    await lockBusiness(deps.db, trx, businessId);
    const target = {
      businessId,
      serverId: answer.hosted_server_id,
      at,
      keys: deps.keys,
      dialect: deps.db.dialect,
      journal: answer.entries,
    };
    await refuseRewound(trx, businessId, answer.entries);
    await applyDocuments(trx, target, answer.documents);
    await startCounter(trx, link);
    await insertEntries(
      trx,
      deps.db.dialect,
      businessId,
      answer.hosted_server_id,
      answer.entries,
      Date.now(),
    );
    await trx
      .updateTable('sync_links')
      .set({
        pull_cursor: answer.to.seq,
        pull_cursor_entry_id: answer.to.entry_id,
        pull_waiting: Math.max(0, answer.head - answer.to.seq),
        hosted_server_id: answer.hosted_server_id,
        last_pull_at: at,
        last_contact_at: at,
        updated_at: at,
      })
      .where('business_id', '=', businessId)
      .execute();
    return true;
  });
}

async function refused(deps: PullDepsLocal, link: SyncLinkRow, err: unknown): Promise<PullOutcome | Cursor> {
  const at = deps.now().toISOString();
  if (err instanceof SyncCallError) {
    const state = STOPPING[err.code];
    if (state) {
      await update(deps.db, link, {
        state,
        last_error_code: err.code,
        last_error_at: at,
        updated_at: at,
      });
      return { kind: 'stopped', state, code: err.code };
    }
    const expected = (err.params as { expected?: Cursor } | undefined)?.expected;
    if (err.code === 'sync_gap' && expected) return expected;
  }
  const code = err instanceof SyncCallError && err.code !== 'network' ? err.code : 'sync_unreachable';
  await update(deps.db, link, {
    last_error_code: code,
    last_error_at: at,
    failing_since: link.failing_since ?? at,
    updated_at: at,
  });
  return { kind: 'failed', code, retryAfterMs: err instanceof SyncCallError ? err.retryAfterMs : null };
}

/**
 * A pulled range this server could not apply (its transaction took everything back): said in the
 * link's status, as a refused call is, so the owner sees the pull failing (it was only logged, and
 * the link looked up to date while nothing more arrived); the job tries again after its backoff.
 */
async function applyFailed(deps: PullDepsLocal, link: SyncLinkRow, err: unknown): Promise<PullOutcome> {
  deps.log?.error({ err }, 'sync: a pulled range could not be applied');
  const rewound = err instanceof AppError && err.code === 'sync_hosted_rewound';
  const code = rewound ? 'sync_hosted_rewound' : 'sync_pull_failed';
  const at = deps.now().toISOString();
  await update(deps.db, link, {
    last_error_code: code,
    last_error_at: at,
    failing_since: link.failing_since ?? at,
    updated_at: at,
  });
  return { kind: 'failed', code, retryAfterMs: null };
}

/**
 * Refuses a pulled range holding an entry under a number of its origin this PC holds under
 * another id (`sync_hosted_rewound`). Only a hosted database restored to an earlier point does
 * that: it numbers its new entries from where the backup left it, and every pull failed on the
 * journal's unique number as an unexplained `sync_pull_failed`. (A shop's own entries it resends
 * with their ids: they are found by id, never here.)
 */
async function refuseRewound(trx: Trx, businessId: string, entries: PullAnswer['entries']): Promise<void> {
  const byOrigin = new Map<string, Map<number, string>>();
  for (const e of entries) {
    const at = byOrigin.get(e.origin) ?? new Map<number, string>();
    at.set(e.origin_seq, e.id);
    byOrigin.set(e.origin, at);
  }
  for (const [origin, idAt] of byOrigin)
    if (await otherIdsAt(trx, businessId, origin, idAt))
      throw new AppError(
        'sync_hosted_rewound',
        'The hosted copy sends other entries under numbers this PC already holds: it was restored to an earlier point',
      );
}

/** One pull request to the hosted server, its answer checked. */
async function askHosted(
  deps: PullDepsLocal,
  link: SyncLinkRow,
  me: { serverId: string; credential: string },
  after: Cursor,
  waitMs: number,
): Promise<PullAnswer> {
  const req: PullRequest = {
    format: 1,
    server_id: me.serverId,
    business_id: link.business_id,
    after,
    wait_ms: waitMs,
  };
  const answer = await callHosted(link.hosted_url, '/api/sync/v1/pull', req, {
    credential: me.credential,
    timeoutMs: waitMs + 30_000,
    ...(deps.signal ? { signal: deps.signal } : {}),
  });
  return pullAnswerSchema.parse(answer);
}

/**
 * Pulls batches until the hosted journal has nothing more for this server. The first request may
 * wait up to `waitMs` for news (long poll); the ones after it, while batches come, never wait.
 */
export async function pullPending(
  deps: PullDepsLocal,
  link0: SyncLinkRow,
  opts: { waitMs?: number; maxBatches?: number } = {},
): Promise<PullOutcome> {
  let link = link0;
  const serverId = await serverIdOf(deps.db);
  const credential = openCredential(link, deps.keys);
  const ask = (after: Cursor, waitMs: number) =>
    askHosted(deps, link, { serverId, credential }, after, waitMs);
  // The next range, asked for while the last one is applied (the hosted side reads and encodes
  // it meanwhile); used only if the cursor then is the one it was asked from.
  let ahead: { after: Cursor; answer: Promise<PullAnswer> } | null = null;
  const maxBatches = opts.maxBatches ?? Infinity;
  let batches = 0;
  let gaps = 0;
  try {
    while (batches < maxBatches) {
      const after = cursorOf(link);
      const waitMs = batches === 0 ? (opts.waitMs ?? 0) : 0;
      const asked: Promise<PullAnswer> =
        ahead && sameCursor(ahead.after, after) ? ahead.answer : ask(after, waitMs);
      ahead = null;
      let answer: PullAnswer;
      try {
        answer = await asked;
      } catch (err) {
        const next = await refused(deps, link, err);
        if ('kind' in next) return next;
        if (gaps++ >= 3) return { kind: 'failed', code: 'sync_gap', retryAfterMs: null };
        await update(deps.db, link, {
          pull_cursor: next.seq,
          pull_cursor_entry_id: next.entry_id,
        });
        link = { ...link, pull_cursor: next.seq, pull_cursor_entry_id: next.entry_id };
        continue;
      }
      if (answer.to.seq === after.seq) {
        const at = deps.now().toISOString();
        await sameLink(
          deps.db.kysely.updateTable('sync_links').set({
            last_pull_at: at,
            last_contact_at: at,
            pull_waiting: 0,
            failing_since: failingAfterPull,
            hosted_server_id: answer.hosted_server_id,
          }),
          link,
        ).execute();
        return batches === 0 ? { kind: 'idle' } : { kind: 'caught_up', batches };
      }
      if (batches + 1 < maxBatches && answer.to.seq < answer.head) {
        const next = answer.to;
        ahead = { after: next, answer: ask(next, 0) };
        ahead.answer.catch(() => undefined);
      }
      try {
        await applyPulled(deps, link.business_id, answer);
      } catch (err) {
        return await applyFailed(deps, link, err);
      }
      const fresh = await deps.db.kysely
        .selectFrom('sync_links')
        .selectAll()
        .where('business_id', '=', link.business_id)
        .executeTakeFirst();
      if (!fresh) return { kind: 'stopped', state: 'refused', code: 'sync_not_linked' };
      link = fresh;
      batches += 1;
      gaps = 0;
    }
    return { kind: 'caught_up', batches };
  } finally {
    // A range asked for ahead and not used is read to its end (never left racing the next pull).
    await ahead?.answer.catch(() => undefined);
  }
}
