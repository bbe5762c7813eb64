import {
  type ClockState,
  CLOCK_ZERO,
  SYNC_MAX_BYTES,
  SYNC_MAX_ENTRIES,
  parseStamp,
  receive,
} from '@duka/domain';
import { sql } from 'kysely';
import { type Db, migrationsFor } from '../../db/database.js';
import { ofBusiness } from '../../db/dialect.js';
import type { SyncServerRow } from '../../db/tables.js';
import { AppError } from '../../lib/errors.js';
import { type Trx, lockBusiness } from '../../lib/tx.js';
import { type ApplyResult, applyDocuments } from './apply-documents.js';
import { ENTRY_ONLY_TYPES, SPEC_BY_TYPE } from './doc-specs.js';
import { applyEntryEffects } from './entry-effects.js';
import { insertRows } from './insert-rows.js';
import type { DocumentTexts } from './document-texts.js';
import { type AnyDb, type KeyHandling, chunks, hashBody, hashedText } from './documents.js';
import { foreignUserIds } from './foreign-users.js';
import { checkPushedFiles } from './pushed-files.js';
import type { Cursor, PushAnswer, PushBody, WireEntry } from './wire.js';

type ServerRow = SyncServerRow;

export const SYNC_LIMITS = { max_entries: SYNC_MAX_ENTRIES, max_bytes: SYNC_MAX_BYTES };

/** Test hook (ADR 11 §10): hold the apply transaction open after writing, so a test can kill the process inside it. */
const holdMs = (): number =>
  process.env.NODE_ENV === 'test' ? Number(process.env.DUKA_TEST_HOLD_APPLY_MS ?? 0) || 0 : 0;

/** The sync server row, locked for the rest of the transaction; refused when revoked. */
export async function lockServer(db: Db, trx: Trx, serverId: string): Promise<ServerRow> {
  let q = trx.selectFrom('sync_servers').selectAll().where('id', '=', serverId);
  if (db.dialect === 'postgres') q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row || row.revoked_at) throw new AppError('sync_revoked', "This server's link was revoked");
  return row;
}

const cursorOf = (s: ServerRow): Cursor => ({ seq: Number(s.cursor), entry_id: s.cursor_entry_id });

const schemas = new Map<'sqlite' | 'postgres', Set<string>>();
/** The migrations this server knows, by name: a shop's schema is its last one. */
function knownSchemas(dialect: 'sqlite' | 'postgres'): Set<string> {
  let known = schemas.get(dialect);
  if (!known) schemas.set(dialect, (known = new Set(Object.keys(migrationsFor(dialect)))));
  return known;
}

/** The parts of a batch checked the same way in both directions. */
export interface BatchShape {
  from: Cursor;
  to: Cursor;
  omitted: number;
  entries: WireEntry[];
  documents: PushBody['documents'];
}

/** A batch that does not hold together is a sender bug or corruption: refused whole, never applied. */
export function checkBatch(body: BatchShape): void {
  const bad = (why: string) => new AppError('sync_batch_invalid', `The batch is not valid: ${why}`);
  if (body.to.seq < body.from.seq) throw bad('it ends before it starts');
  if (body.entries.length + body.omitted !== body.to.seq - body.from.seq) throw bad('entries are missing');
  let last = body.from.seq;
  for (const e of body.entries) {
    if (e.seq <= last || e.seq > body.to.seq) throw bad('entries are out of order');
    last = e.seq;
  }
  const lastEntry = body.entries.at(-1);
  if (lastEntry && lastEntry.seq === body.to.seq && lastEntry.id !== body.to.entry_id)
    throw bad('the range does not end at its last entry');
  for (const d of body.documents) {
    const spec = SPEC_BY_TYPE.get(d.type);
    if (!spec) throw bad(`unknown document type ${d.type}`);
    const tables = new Set(spec.parts.map((p) => p.table));
    if (Object.keys(d.body).some((t) => !tables.has(t))) throw bad(`unknown table in ${d.type}`);
    if (!d.body[spec.parts[0]!.table]?.length) throw bad(`${d.type} ${d.id} has no row`);
    // Each part's rows are the document's (its `by` column holds the document's id): a main row
    // under another id wrote a row of that id into this business, squatting another business's
    // record (its own sync of it then quarantined as other_business). A column that never travels
    // (the business's status, its printer) is each server's own: a shop wrote its billing status.
    for (const part of spec.parts)
      for (const row of d.body[part.table] ?? []) {
        if (row[part.by] !== d.id) throw bad(`a ${part.table} row of ${d.type} ${d.id} is another's`);
        for (const column of part.omit ?? [])
          if (column in row) throw bad(`${d.type} ${d.id} carries ${column}, which never travels`);
      }
    if (hashBody(d.body) !== d.hash) throw bad(`${d.type} ${d.id} does not match its hash`);
  }
  for (const e of body.entries)
    if (!SPEC_BY_TYPE.has(e.doc_type) && !ENTRY_ONLY_TYPES.has(e.doc_type))
      throw bad(`unknown entry type ${e.doc_type}`);
}

export interface PushDeps {
  db: Db;
  keys: KeyHandling;
  now: () => Date;
  /** The process's texts of ledger documents: those this batch wrote or found go in (document-texts.ts). */
  texts?: DocumentTexts;
  /** The business's image storage cap (`MAX_IMAGE_STORAGE_MB`): new files past it are set aside. */
  imageCapBytes?: number;
}

/**
 * One push (ADR 11 §5.4): the batch and the server's new cursor in one transaction. A batch that
 * starts before the cursor changes nothing; one that starts past it, or at it with another entry
 * id, is refused with the expected cursor.
 */
export async function applyPush(deps: PushDeps, serverId: string, body: PushBody): Promise<PushAnswer> {
  checkBatch(body);
  await checkPushedFiles(body.documents);
  // a shop updated past this server (its last migration unknown here) may send columns this
  // server's tables lack: refused as newer, which the shop waits out, never written in part
  if (!knownSchemas(deps.db.dialect).has(body.schema))
    throw new AppError('sync_schema_newer', 'This shop runs a newer Duka than the hosted server');
  const at = deps.now().toISOString();
  const outcome = await deps.db.kysely.transaction().execute(async (trx) => {
    if (deps.db.dialect === 'postgres') await sql`SET LOCAL lock_timeout = '10s'`.execute(trx);
    const server = await lockServer(deps.db, trx, serverId);
    if (body.server_id !== server.id || body.business_id !== server.business_id)
      throw new AppError('sync_forbidden', 'This credential is for another server or business');
    const cursor = cursorOf(server);
    if (body.from.seq < cursor.seq) {
      // Sent again (its answer was lost): each entry must be the one applied here at its number.
      // A shop restored from a backup writes other entries under the same numbers; its cursor's
      // entry may still match (one pulled from another server, pulled again at the same number),
      // so only this tells that the hosted copy holds sales the shop no longer has, and lacks its new ones.
      if (await rewritten(trx, server, body.entries))
        throw new AppError(
          'sync_diverged',
          "The shop's journal is not the one applied here",
          undefined,
          {},
          { expected: cursor },
        );
      return { result: 'already_applied' as const, cursor, counts: null, businessId: server.business_id };
    }
    if (body.from.seq > cursor.seq)
      throw new AppError(
        'sync_gap',
        'The batch does not start where the last one ended',
        undefined,
        {},
        { expected: cursor },
      );
    if (body.from.entry_id !== cursor.entry_id)
      throw new AppError(
        'sync_diverged',
        "The shop's journal is not the one applied here",
        undefined,
        {},
        {
          expected: cursor,
        },
      );
    await lockBusiness(deps.db, trx, server.business_id);
    const counts = await applyDocuments(
      trx,
      {
        businessId: server.business_id,
        serverId,
        at,
        keys: deps.keys,
        dialect: deps.db.dialect,
        imageCapBytes: deps.imageCapBytes,
        journal: body.entries,
        countsNames: true,
      },
      body.documents,
    );
    // users waiting for the business's name answers: the entries before the first one's are
    // accepted, and the shop sends the rest again from there (taken-logins.ts `answerNames`)
    const entries = counts.accepted === null ? body.entries : body.entries.slice(0, counts.accepted);
    const last = entries.at(-1);
    const to = counts.accepted === null || !last ? body.to : { seq: last.seq, entry_id: last.id };
    await insertEntries(trx, deps.db.dialect, server.business_id, serverId, entries, deps.now().getTime());
    await recordPush(trx, server, body, to, at, deps.now().getTime());
    const hold = holdMs();
    if (hold > 0) await new Promise((r) => setTimeout(r, hold));
    return { result: 'applied' as const, cursor: to, counts, businessId: server.business_id };
  });
  if (outcome.counts && deps.texts && (await otherPullers(deps.db, outcome.businessId, serverId)))
    keepTexts(deps.texts, outcome.businessId, body, outcome.counts);
  return answer(deps, outcome.businessId, serverId, outcome.result, outcome.cursor, outcome.counts);
}

/** Whether another server of the business pulls (a branch): only then is a pushed text worth keeping. */
async function otherPullers(db: Db, businessId: string, serverId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('sync_servers')
    .select('id')
    .where('business_id', '=', businessId)
    .where('id', '<>', serverId)
    .where('hosted', '=', 0)
    .where('revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** After the commit: the batch's ledger documents as checked on arrival, but those quarantined. */
function keepTexts(texts: DocumentTexts, businessId: string, body: PushBody, counts: ApplyResult): void {
  const refused = new Set(counts.quarantined.map((q) => `${q.doc_type}:${q.doc_id}`));
  for (const d of body.documents) {
    if (SPEC_BY_TYPE.get(d.type)?.kind !== 'ledger' || refused.has(`${d.type}:${d.id}`)) continue;
    const text = hashedText(d.body);
    if (text !== undefined) texts.put(businessId, d.type, d.id, d.hash, text);
  }
}

async function answer(
  deps: PushDeps,
  businessId: string,
  serverId: string,
  result: PushAnswer['result'],
  cursor: Cursor,
  counts: ApplyResult | null,
): Promise<PushAnswer> {
  const open = await quarantineOpen(deps.db, businessId, serverId);
  return {
    result,
    cursor,
    applied: counts?.applied ?? 0,
    unchanged: counts?.unchanged ?? 0,
    quarantined: counts?.quarantined ?? [],
    quarantine_open: open,
    time_ms: deps.now().getTime(),
  };
}

/** The shop server's quarantined documents not yet dismissed (within its business: one shard on Citus). */
export async function quarantineOpen(db: Db, businessId: string, serverId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('sync_quarantine')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(ofBusiness(db.kysely, 'business_id', businessId))
    .where('server_id', '=', serverId)
    .where('dismissed_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The largest of the entries' stamps that `receive` lets move the clock (not too far ahead of now). */
function receivedClock(entries: WireEntry[], nowMs: number): ClockState {
  let clock = CLOCK_ZERO;
  for (const e of entries) {
    const stamp = e.hlc ? parseStamp(e.hlc) : null;
    if (stamp) clock = receive(clock, stamp, nowMs).state;
  }
  return clock;
}

/** Whether an entry of the batch has a number this server applied from the shop under another id. */
function rewritten(trx: Trx, server: ServerRow, entries: readonly WireEntry[]): Promise<boolean> {
  return otherIdsAt(trx, server.business_id, server.id, new Map(entries.map((e) => [e.seq, e.id])));
}

/**
 * Whether the business's journal holds, under one of these numbers of `origin`, an entry with
 * another id than `idAt` gives it: a journal that went back and wrote on (a shop restored and
 * sending again, a hosted database restored and pulled from).
 */
export async function otherIdsAt(
  trx: Trx,
  businessId: string,
  origin: string,
  idAt: ReadonlyMap<number, string>,
): Promise<boolean> {
  for (const slice of chunks([...idAt.keys()], 500)) {
    const held = await trx
      .selectFrom('journal')
      .select(['id', 'origin_seq'])
      .where('business_id', '=', businessId)
      .where('origin', '=', origin)
      .where('origin_seq', 'in', slice)
      .execute();
    if (held.some((r) => idAt.get(Number(r.origin_seq)) !== r.id)) return true;
  }
  return false;
}

/**
 * Received entries, numbered in this server's journal of the business (ADR 3: gap-free, in
 * commit order), keeping their id, origin (the sender's, or the one each pulled entry names),
 * number at the origin and stamp. The update that takes
 * their numbers also moves the business's clock up to the largest stamp among them (ADR 11 §2),
 * unless that stamp is more than the drift limit ahead of this server's clock.
 */
export async function insertEntries(
  trx: Trx,
  dialect: 'sqlite' | 'postgres',
  businessId: string,
  origin: string,
  entries: (WireEntry & { origin?: string; origin_seq?: number })[],
  nowMs: number,
): Promise<void> {
  if (entries.length === 0) return;
  const have = new Set(
    (
      await trx
        .selectFrom('journal')
        .select('id')
        .where(ofBusiness(trx, 'business_id', businessId))
        .where(
          'id',
          'in',
          entries.map((e) => e.id),
        )
        .execute()
    ).map((r) => r.id),
  );
  const fresh = entries.filter((e) => !have.has(e.id));
  if (fresh.length === 0) return;
  // an entry naming another business's user keeps no user (the journal takes every entry, gap-free)
  const foreignUsers = await foreignUserIds(
    trx as unknown as AnyDb,
    businessId,
    fresh.map((e) => e.user_id),
  );
  const { ms, counter } = receivedClock(fresh, nowMs);
  const behind = sql<boolean>`(hlc_ms < ${ms} OR (hlc_ms = ${ms} AND hlc_counter < ${counter}))`;
  const moved = await trx
    .updateTable('journal_counters')
    .set({
      last_seq: sql<number>`last_seq + ${fresh.length}`,
      hlc_ms: sql<number>`CASE WHEN ${behind} THEN ${ms} ELSE hlc_ms END`,
      hlc_counter: sql<number>`CASE WHEN ${behind} THEN ${counter} ELSE hlc_counter END`,
    })
    .where('business_id', '=', businessId)
    .returning('last_seq')
    .executeTakeFirst();
  let last = Number(moved?.last_seq ?? 0);
  if (!moved) {
    await trx
      .insertInto('journal_counters')
      .values({ business_id: businessId, last_seq: fresh.length, hlc_ms: ms, hlc_counter: counter })
      .execute();
    last = fresh.length;
  }
  const firstSeq = last - fresh.length + 1;
  const rows = fresh.map((e, i) => ({
    business_id: businessId,
    seq: firstSeq + i,
    id: e.id,
    doc_type: e.doc_type,
    doc_id: e.doc_id,
    action: e.action,
    user_id: e.user_id && foreignUsers.has(e.user_id) ? null : e.user_id,
    device_id: e.device_id,
    detail: e.detail,
    created_at: e.created_at,
    origin: e.origin ?? origin,
    origin_seq: e.origin_seq ?? e.seq,
    hlc: e.hlc,
  }));
  await insertRows(trx, dialect, 'journal', rows);
  await applyEntryEffects(trx, businessId, rows, new Date(nowMs).toISOString());
}

async function recordPush(
  trx: Trx,
  server: ServerRow,
  body: PushBody,
  to: Cursor,
  at: string,
  nowMs: number,
): Promise<void> {
  await trx
    .updateTable('sync_servers')
    .set({
      cursor: to.seq,
      cursor_entry_id: to.entry_id,
      state: body.head > to.seq ? 'copying' : 'active',
      reported_head: body.head,
      reported_waiting: Math.max(0, body.head - to.seq),
      oldest_unsynced_at: body.oldest_unsynced_at,
      clock_skew_ms: body.sent_ms - nowMs,
      schema: body.schema,
      last_contact_at: at,
      last_push_at: at,
    })
    .where('id', '=', server.id)
    .execute();
}
