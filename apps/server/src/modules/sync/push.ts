import type { Db } from '../../db/database.js';
import type { SyncLinkPatch, SyncLinkRow } from '../../db/tables.js';
import { DEFAULT_LIMITS, buildBatch, entryIdAt, journalHead, ownAfter } from './batch.js';
import { type GzippedJson, SyncCallError, callHosted, gzippedJson } from './client.js';
import type { KeyHandling } from './documents.js';
import { openCredential, sameLink, serverIdOf } from './link-local.js';
import {
  type Cursor,
  type HostedStatus,
  type PushAnswer,
  type PushBody,
  hostedStatusSchema,
  pushAnswerSchema,
} from './wire.js';

/**
 * The local side of pushing (ADR 11 §5.5): the cursor moves only on the hosted server's answer,
 * after checking that the answered entry is the one this journal holds at that number.
 */

export interface PushDepsLocal {
  db: Db;
  keys: KeyHandling;
  now: () => Date;
  /** Smaller batches than the hosted server takes (tests, a slow line). */
  limits?: { max_entries: number; max_bytes: number };
}

/** What one round of pushing ended with. */
export type PushOutcome =
  | { kind: 'idle' }
  | { kind: 'caught_up'; batches: number }
  | { kind: 'stopped'; state: 'diverged' | 'revoked' | 'refused'; code: string }
  | { kind: 'failed'; code: string; retryAfterMs: number | null };

const PUSH_TIMEOUT_MS = 30_000;
const STATUS_TIMEOUT_MS = 10_000;

/**
 * Writes the link's state, if it is still the link this job read: one unlinked and linked again
 * meanwhile (a new credential) is not touched by the old one's late answer (the QA's sync run: a
 * pull's 401 under the old credential marked the new link revoked, and sync stopped).
 */
async function update(db: Db, link: SyncLinkRow, set: SyncLinkPatch): Promise<void> {
  await sameLink(db.kysely.updateTable('sync_links').set(set), link).execute();
}

/** Hosted minus local clock, from one exchange; the sample with the shortest round trip wins. */
function clockSample(link: SyncLinkRow, sentMs: number, receivedMs: number, hostedMs: number): SyncLinkPatch {
  const rtt = receivedMs - sentMs;
  const offset = hostedMs - Math.floor((sentMs + receivedMs) / 2);
  if (link.best_rtt_ms !== null && link.clock_offset_ms !== null && rtt > link.best_rtt_ms * 2 + 50)
    return {};
  return {
    clock_offset_ms: offset,
    best_rtt_ms: link.best_rtt_ms === null ? rtt : Math.min(rtt, link.best_rtt_ms * 2),
  };
}

/** Whether the answered cursor names an entry of this journal (else the two have diverged). */
async function verified(db: Db, businessId: string, c: Cursor): Promise<boolean> {
  if (c.seq > (await journalHead(db, businessId))) return false;
  return (await entryIdAt(db, businessId, c.seq)) === c.entry_id;
}

const STOPPING: Record<string, 'diverged' | 'revoked' | 'refused'> = {
  sync_diverged: 'diverged',
  sync_revoked: 'revoked',
  unauthorized: 'revoked',
  sync_forbidden: 'refused',
  // sync_schema_newer is not here: this PC was updated before the hosted server, which catches up
  // by itself; the push backs off and tries again (the status shows why), never stops for good
};

async function stop(
  deps: PushDepsLocal,
  link: SyncLinkRow,
  state: 'diverged' | 'revoked' | 'refused',
  code: string,
) {
  const at = deps.now().toISOString();
  await update(deps.db, link, {
    state,
    last_error_code: code,
    last_error_at: at,
    updated_at: at,
  });
  return { kind: 'stopped' as const, state, code };
}

async function failed(deps: PushDepsLocal, link: SyncLinkRow, code: string, retryAfterMs: number | null) {
  const at = deps.now().toISOString();
  await update(deps.db, link, {
    last_error_code: code,
    last_error_at: at,
    failing_since: link.failing_since ?? at,
    updated_at: at,
  });
  return { kind: 'failed' as const, code, retryAfterMs };
}

/**
 * What a refused or failed push means: stop (diverged, revoked, refused), back off, or, for a
 * gap whose expected cursor this journal holds, send again from there at once (the hosted side
 * has less than this PC thought: its database went back).
 */
async function onRefusal(
  deps: PushDepsLocal,
  link: SyncLinkRow,
  err: unknown,
  gaps: number,
): Promise<PushOutcome | { kind: 'resend'; cursor: Cursor }> {
  if (!(err instanceof SyncCallError)) return failed(deps, link, 'sync_unreachable', null);
  const state = STOPPING[err.code];
  if (state) return stop(deps, link, state, err.code);
  const expected = (err.params as { expected?: Cursor } | undefined)?.expected;
  if (err.code === 'sync_gap' && expected) {
    if (!(await verified(deps.db, link.business_id, expected)))
      return stop(deps, link, 'diverged', 'sync_diverged');
    if (gaps < 3) {
      await update(deps.db, link, {
        push_cursor: expected.seq,
        push_cursor_entry_id: expected.entry_id,
      });
      return { kind: 'resend', cursor: expected };
    }
  }
  return failed(deps, link, err.code === 'network' ? 'sync_unreachable' : err.code, err.retryAfterMs);
}

/**
 * The next batch, built while the hosted server applies the one before (its answer is the usual
 * start of the next): reading and hashing here overlaps applying there. Kept only when the push
 * goes on from exactly that cursor; a failure to build it is not reported from here but met again
 * by building from the cursor the push goes on from.
 */
interface ReadAhead {
  from: Cursor;
  batch: Promise<{ ok: true; batch: Prepared | null } | { ok: false }>;
}

/** A batch and its request body, written and gzipped. */
interface Prepared {
  batch: PushBody;
  payload: GzippedJson;
}

function readAhead(build: (from: Cursor) => Promise<Prepared | null>, from: Cursor): ReadAhead {
  return {
    from,
    batch: build(from).then(
      (batch) => ({ ok: true as const, batch }),
      () => ({ ok: false as const }),
    ),
  };
}

async function nextBatch(
  build: (from: Cursor) => Promise<Prepared | null>,
  ahead: ReadAhead | null,
  from: Cursor,
): Promise<Prepared | null> {
  if (ahead && ahead.from.seq === from.seq && ahead.from.entry_id === from.entry_id) {
    const got = await ahead.batch;
    if (got.ok) return got.batch;
  }
  return build(from);
}

/** Pushes batches until nothing waits, or until a call fails (ADR 11 §5–§7). */
export async function pushPending(
  deps: PushDepsLocal,
  link0: SyncLinkRow,
  maxBatches = Infinity,
): Promise<PushOutcome> {
  let ahead: ReadAhead | null = null;
  try {
    return await pushLoop(deps, link0, maxBatches, (a) => (ahead = a));
  } finally {
    // A batch still being read when the push stops is finished (never left racing the next push).
    await (ahead as ReadAhead | null)?.batch;
  }
}

async function pushLoop(
  deps: PushDepsLocal,
  link0: SyncLinkRow,
  maxBatches: number,
  keep: (a: ReadAhead | null) => void,
): Promise<PushOutcome> {
  let link = link0;
  const serverId = await serverIdOf(deps.db);
  const credential = openCredential(link, deps.keys);
  const source = {
    db: deps.db,
    businessId: link.business_id,
    serverId,
    keys: deps.keys,
    limits: deps.limits ?? DEFAULT_LIMITS,
  };
  const build = async (from: Cursor): Promise<Prepared | null> => {
    const batch = await buildBatch(source, from);
    return batch && { batch, payload: await gzippedJson(batch) };
  };
  // Entries pulled from the hosted journal are not sent back: a range past the cursor holding
  // none of this server's own goes with the next entry it writes (as `omitted`), not on its own.
  if (!(await ownAfter(deps.db, link.business_id, Number(link.push_cursor), serverId)))
    return { kind: 'idle' };
  let ahead: ReadAhead | null = null;
  let batches = 0;
  let gaps = 0;
  while (batches < maxBatches) {
    const from = { seq: Number(link.push_cursor), entry_id: link.push_cursor_entry_id };
    const next = await nextBatch(build, ahead, from);
    ahead = null;
    keep(null);
    if (!next) return batches === 0 ? { kind: 'idle' } : { kind: 'caught_up', batches };
    const sent = Date.now();
    await update(deps.db, link, { last_attempt_at: deps.now().toISOString() });
    let answer: PushAnswer;
    try {
      const { batch, payload } = next;
      const call = callHosted(link.hosted_url, '/api/sync/v1/push', payload, {
        credential,
        timeoutMs: PUSH_TIMEOUT_MS,
      });
      if (batches + 1 < maxBatches && batch.waiting > 0) keep((ahead = readAhead(build, batch.to)));
      answer = pushAnswerSchema.parse(await call);
    } catch (err) {
      const refusal = await onRefusal(deps, link, err, gaps);
      if (refusal.kind !== 'resend') return refusal;
      gaps += 1;
      link = { ...link, push_cursor: refusal.cursor.seq, push_cursor_entry_id: refusal.cursor.entry_id };
      continue;
    }
    if (!(await verified(deps.db, link.business_id, answer.cursor)))
      return stop(deps, link, 'diverged', 'sync_diverged');
    const at = deps.now().toISOString();
    const head = await journalHead(deps.db, link.business_id);
    const set: SyncLinkPatch = {
      push_cursor: answer.cursor.seq,
      push_cursor_entry_id: answer.cursor.entry_id,
      state: answer.cursor.seq >= head ? 'active' : link.state === 'copying' ? 'copying' : 'active',
      last_push_at: at,
      last_contact_at: at,
      hosted_quarantine: answer.quarantine_open,
      failing_since: null,
      last_error_code: null,
      last_error_at: null,
      updated_at: at,
      ...clockSample(link, sent, Date.now(), answer.time_ms),
    };
    await update(deps.db, link, set);
    link = { ...link, ...set };
    batches += 1;
    gaps = 0;
  }
  return { kind: 'caught_up', batches };
}

/** The heartbeat (ADR 11 §6): tells the hosted side this PC is alive and how far behind, and re-measures the clock. */
export async function heartbeat(deps: PushDepsLocal, link: SyncLinkRow): Promise<PushOutcome> {
  const head = await journalHead(deps.db, link.business_id);
  const sent = Date.now();
  let status: HostedStatus;
  try {
    status = hostedStatusSchema.parse(
      await callHosted(link.hosted_url, '/api/sync/v1/status', undefined, {
        credential: openCredential(link, deps.keys),
        timeoutMs: STATUS_TIMEOUT_MS,
        headers: { 'x-duka-head': String(head), 'x-duka-waiting': String(head - Number(link.push_cursor)) },
      }),
    );
  } catch (err) {
    if (err instanceof SyncCallError && STOPPING[err.code])
      return stop(deps, link, STOPPING[err.code]!, err.code);
    return failed(deps, link, 'sync_unreachable', err instanceof SyncCallError ? err.retryAfterMs : null);
  }
  // What the hosted copy applied from this PC must be in its journal, as after a push: a shop
  // restored from an older backup has less, and every sale it makes now takes a number the hosted
  // copy holds another entry under. Stopped here, before the first such sale is pushed (the owner
  // sees it at once, not at the next push).
  if (!(await verified(deps.db, link.business_id, status.cursor)))
    return stop(deps, link, 'diverged', 'sync_diverged');
  const at = deps.now().toISOString();
  await update(deps.db, link, {
    last_contact_at: at,
    hosted_quarantine: status.quarantine_open,
    failing_since: null,
    last_error_code: null,
    last_error_at: null,
    updated_at: at,
    ...clockSample(link, sent, Date.now(), status.time_ms),
  });
  return { kind: 'idle' };
}
