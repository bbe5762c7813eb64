import { SYNC_MAX_BYTES, SYNC_MAX_ENTRIES } from '@duka/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { migrationsFor } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { SPEC_BY_TYPE, TYPE_RANK } from './doc-specs.js';
import type { DocumentTexts } from './document-texts.js';
import {
  type AnyDb,
  type DocRef,
  type KeyHandling,
  type SyncDocument,
  chunks,
  docKey,
  documentText,
  readDocuments,
} from './documents.js';
import type { Cursor, PushBody, WireEntry } from './wire.js';

export interface BatchSource {
  db: Db;
  businessId: string;
  serverId: string;
  keys: KeyHandling;
  limits: { max_entries: number; max_bytes: number };
  /** The hosted process's texts of ledger documents (document-texts.ts). */
  texts?: DocumentTexts;
}

export const DEFAULT_LIMITS = { max_entries: SYNC_MAX_ENTRIES, max_bytes: SYNC_MAX_BYTES };

/** The business's newest journal number on this server. */
export async function journalHead(db: Db, businessId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('journal_counters')
    .select('last_seq')
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return Number(row?.last_seq ?? 0);
}

/** The id of the journal row at `seq` (null for 0): what a cursor is checked against. */
export async function entryIdAt(db: Db, businessId: string, seq: number): Promise<string | null | undefined> {
  if (seq === 0) return null;
  const row = await db.kysely
    .selectFrom('journal')
    .select('id')
    .where('business_id', '=', businessId)
    .where('seq', '=', seq)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Everything a batch can carry on disk before it travels (ADR 11 §5.3): a power cut must not take
 * back an entry the hosted side already holds. A checkpoint, run through the connection's group
 * commit, which commits any open group first (a read outside a transaction may see its entries a
 * moment early, group-commit.ts); SQLite then syncs the -wal before copying it into the database
 * file (with `synchronous = FULL`, the product's setting, each commit had synced it already; with
 * NORMAL, a measuring setting, this is the sync). PASSIVE: it waits for no one.
 *
 * Not an fsync of our own: opening and closing the database's files beside SQLite drops every
 * lock this process holds on them (POSIX locks are per process and file, and any close ends
 * them), so another program that read the database then took the files for unused and deleted
 * its -wal under the running server: later commits went to a deleted file, backups failed, and a
 * power cut lost them.
 */
export async function settleBeforeSending(db: Db): Promise<void> {
  if (db.dialect !== 'sqlite' || !db.file || db.file === ':memory:') return;
  await sql`pragma wal_checkpoint(PASSIVE)`.execute(db.kysely);
}

const sizeOf = (d: SyncDocument): number => documentText(d).length;

/** A journal row as a batch reads it. */
export type JournalRow = Awaited<ReturnType<typeof readRows>>[number];

/**
 * Which entries travel, by origin: a push sends this server's own (`only`), a pull everything but
 * the puller's (`except`).
 */
export type Sends = { only: string } | { except: string };

function readRows(src: BatchSource, fromSeq: number, head: number, sends: Sends) {
  // Only up to the head read before `settleBeforeSending`: a write that commits after it (one that
  // waited for the connection meanwhile) is not known to be on disk and goes in the next batch.
  // Entries that do not travel are skipped here, not read and dropped: a branch's journal is
  // mostly the others'.
  return src.db.kysely
    .selectFrom('journal')
    .selectAll()
    .where('business_id', '=', src.businessId)
    .where('seq', '>', fromSeq)
    .where('seq', '<=', head)
    .where('origin', 'only' in sends ? '=' : '<>', 'only' in sends ? sends.only : sends.except)
    .orderBy('seq')
    .limit(src.limits.max_entries)
    .execute();
}

/** A range of this journal: the entries that travel, how many it skips, and the documents they name. */
export interface JournalRange {
  head: number;
  to: Cursor;
  sent: JournalRow[];
  /** Entries of the range that do not travel (`to.seq - from.seq - sent.length`). */
  omitted: number;
  documents: SyncDocument[];
}

/**
 * The travelling entries after `from` up to the size bounds (`sends` by their origin) and the
 * documents they name plus their closure (ADR 11 §5.2–5.3, §11.3). When every travelling entry up
 * to the head fits, the range ends at the head, past the entries that do not travel. Null when
 * nothing waits.
 */
export async function readRange(src: BatchSource, from: Cursor, sends: Sends): Promise<JournalRange | null> {
  const head = await journalHead(src.db, src.businessId);
  if (head <= from.seq) return null;
  await settleBeforeSending(src.db);
  const rows = await readRows(src, from.seq, head, sends);
  const named = rows
    .filter((r) => SPEC_BY_TYPE.has(r.doc_type))
    .map((r) => ({ type: r.doc_type, id: r.doc_id }));
  const k = src.db.kysely as unknown as AnyDb;
  const loaded = await readDocuments(k, src.businessId, named, src.keys, { cache: src.texts, asText: true });
  // Entries up to the size bound; a single document larger than it travels alone.
  const taken: typeof rows = [];
  const docs = new Map<string, SyncDocument>();
  let bytes = 0;
  for (const r of rows) {
    const key = docKey(r.doc_type, r.doc_id);
    const doc = loaded.get(key);
    const extra = doc && !docs.has(key) ? sizeOf(doc) : 0;
    if (taken.length > 0 && bytes + extra > src.limits.max_bytes) break;
    taken.push(r);
    if (doc && !docs.has(key)) {
      docs.set(key, doc);
      bytes += extra;
    }
  }
  await addClosure(src, k, from.seq, docs);
  const toHead = taken.length === rows.length && rows.length < src.limits.max_entries;
  const last = taken.at(-1);
  const to =
    toHead || !last
      ? { seq: head, entry_id: (await entryIdAt(src.db, src.businessId, head)) ?? null }
      : { seq: Number(last.seq), entry_id: last.id };
  return {
    head,
    to,
    sent: taken,
    omitted: to.seq - from.seq - taken.length,
    documents: ordered(docs, taken),
  };
}

/** The next batch after `from`, or null when nothing waits (ADR 11 §5.2–5.3). */
export async function buildBatch(src: BatchSource, from: Cursor): Promise<PushBody | null> {
  const range = await readRange(src, from, { only: src.serverId });
  if (!range) return null;
  const { head, to, sent } = range;
  return {
    format: 1,
    schema: Object.keys(migrationsFor(src.db.dialect)).at(-1)!,
    server_id: src.serverId,
    business_id: src.businessId,
    batch_id: newId(),
    from,
    to,
    head,
    waiting: head - to.seq,
    oldest_unsynced_at: await oldestSaleAfter(src, to.seq),
    sent_ms: Date.now(),
    omitted: range.omitted,
    entries: sent.map(toWire),
    documents: range.documents as PushBody['documents'],
  };
}

export function toWire(r: {
  id: string;
  seq: number;
  doc_type: string;
  doc_id: string;
  action: string;
  user_id: string | null;
  device_id: string | null;
  detail: string | null;
  created_at: string;
  hlc: string;
}): WireEntry {
  return {
    id: r.id,
    seq: Number(r.seq),
    doc_type: r.doc_type,
    doc_id: r.doc_id,
    action: r.action,
    user_id: r.user_id,
    device_id: r.device_id,
    detail: r.detail,
    created_at: r.created_at,
    hlc: r.hlc,
  };
}

/** Documents in writing order: by type (references first), then by first mention. */
function ordered(
  docs: Map<string, SyncDocument>,
  taken: { doc_type: string; doc_id: string }[],
): SyncDocument[] {
  const firstMention = new Map<string, number>();
  taken.forEach((r, i) => {
    const key = docKey(r.doc_type, r.doc_id);
    if (!firstMention.has(key)) firstMention.set(key, i);
  });
  return [...docs.values()].sort(
    (a, b) =>
      TYPE_RANK.get(a.type)! - TYPE_RANK.get(b.type)! ||
      (firstMention.get(docKey(a.type, a.id)) ?? -1) - (firstMention.get(docKey(b.type, b.id)) ?? -1),
  );
}

/**
 * Documents are sent as they are now, so an edited record may name a document first journaled
 * after this batch (a user whose home location came later): those join the batch (ADR 11 §5.3).
 */
async function addClosure(
  src: BatchSource,
  k: AnyDb,
  fromSeq: number,
  docs: Map<string, SyncDocument>,
): Promise<void> {
  for (let round = 0; round < 3; round++) {
    const wanted: DocRef[] = [];
    for (const d of docs.values())
      for (const ref of SPEC_BY_TYPE.get(d.type)!.refs?.(d.body) ?? [])
        if (!docs.has(docKey(ref.type, ref.id))) wanted.push(ref);
    if (wanted.length === 0) return;
    const unsent = await firstMentionedAfter(src, wanted, fromSeq);
    if (unsent.length === 0) return;
    for (const [key, doc] of await readDocuments(k, src.businessId, unsent, src.keys, {
      cache: src.texts,
      asText: true,
    }))
      docs.set(key, doc);
  }
}

async function firstMentionedAfter(src: BatchSource, refs: DocRef[], fromSeq: number): Promise<DocRef[]> {
  const out: DocRef[] = [];
  for (const slice of chunks(refs, 500)) {
    const rows = await src.db.kysely
      .selectFrom('journal')
      .select(['doc_type', 'doc_id', (eb) => eb.fn.min('seq').as('first')])
      .where('business_id', '=', src.businessId)
      .where(
        'doc_id',
        'in',
        slice.map((r) => r.id),
      )
      .groupBy(['doc_type', 'doc_id'])
      .execute();
    const first = new Map(rows.map((r) => [docKey(r.doc_type, r.doc_id), Number(r.first)]));
    for (const r of slice) if ((first.get(docKey(r.type, r.id)) ?? Infinity) > fromSeq) out.push(r);
  }
  return out;
}

async function oldestSaleAfter(src: BatchSource, seq: number): Promise<string | null> {
  const row = await src.db.kysely
    .selectFrom('journal')
    .select('created_at')
    .where('business_id', '=', src.businessId)
    .where('seq', '>', seq)
    .where('doc_type', '=', 'sale')
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/** What waits to be sent (this server's own entries only: pulled ones never go back), the documents they name, and the oldest sale among them. */
export async function waitingAfter(
  db: Db,
  businessId: string,
  seq: number,
  origin: string,
): Promise<{ entries: number; documents: number; oldest_sale_at: string | null }> {
  const row = await db.kysely
    .selectFrom('journal')
    .select([
      sql<number>`count(*)`.as('entries'),
      sql<number>`count(DISTINCT CASE WHEN doc_type NOT IN ('session', 'device') THEN doc_type || ':' || doc_id END)`.as(
        'documents',
      ),
    ])
    .where('business_id', '=', businessId)
    .where('seq', '>', seq)
    .where('origin', '=', origin)
    .executeTakeFirst();
  const sale = await db.kysely
    .selectFrom('journal')
    .select('created_at')
    .where('business_id', '=', businessId)
    .where('seq', '>', seq)
    .where('origin', '=', origin)
    .where('doc_type', '=', 'sale')
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
  return {
    entries: Number(row?.entries ?? 0),
    documents: Number(row?.documents ?? 0),
    oldest_sale_at: sale?.created_at ?? null,
  };
}

/** Whether this server wrote anything after `seq` (entries pulled from elsewhere are not sent back). */
export async function ownAfter(db: Db, businessId: string, seq: number, origin: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('journal')
    .select('seq')
    .where('business_id', '=', businessId)
    .where('seq', '>', seq)
    .where('origin', '=', origin)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
