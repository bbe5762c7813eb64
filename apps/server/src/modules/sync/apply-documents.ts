import { sql } from 'kysely';
import type { QuarantineReason } from '@duka/domain';
import { newId } from '../../lib/ids.js';
import type { Trx } from '../../lib/tx.js';
import { conflictTarget } from '../../db/keys.js';
import { summariseWritten } from './apply-summaries.js';
import { addWrittenTransfers } from '../transfers/transfer-totals.js';
import { keepBelowZero } from '../inventory/below-zero.js';
import { canonical } from '../../lib/canonical.js';
import { resolveClaims } from './claims.js';
import { GROUPS_BY_TYPE } from './field-groups.js';
import { recordLosses } from './history.js';
import { setAside } from './receipt-clash.js';
import { type Written, writeFresh } from './apply-fresh.js';
import { settleConfirmation } from './confirmed-twice.js';
import { overImageCap, withoutFileBytes } from './pushed-files.js';
import { unknownReferences } from './line-references.js';
import { docsNamingForeignUsers } from './foreign-users.js';
import { nameAnswers, waiting } from './taken-logins.js';
import { insertRows } from './insert-rows.js';
import { withLocalColumns } from './local-columns.js';
import { moveDebtors } from './apply-debtors.js';
import { documentDays, withMovementDays } from './movement-days.js';
import { type Loss, mergeRecord } from './merge.js';
import { keepHeldValues } from './kept-values.js';
import { type DocBody, type DocPart, type DocSpec, SPEC_BY_TYPE, TYPE_RANK } from './doc-specs.js';
import {
  type AnyDb,
  type KeyHandling,
  type SyncDocument,
  chunks,
  decodeRow,
  diffBodies,
  docKey,
  readDocuments,
  sealKey,
} from './documents.js';

type Row = Record<string, unknown>;

export interface ApplyTarget {
  businessId: string;
  /** The shop server that sent the documents. */
  serverId: string;
  at: string;
  keys: KeyHandling;
  /** The receiver's database: PostgreSQL takes rows by column (insert-rows.ts). */
  dialect: 'sqlite' | 'postgres';
  /**
   * The hosted server's cap on a business's image bytes (a push): new files past it are set
   * aside (`overImageCap`). A shop taking its own business's files (a pull) has none.
   */
  imageCapBytes?: number;
  /**
   * The batch's journal entries in their order (a push's or a pull's): the debtor entries it writes
   * are numbered in the order their documents were journaled on the sender, the order their
   * balances moved there. Without them, in the order they are written.
   */
  journal?: readonly { doc_type: string; doc_id: string }[];
  /**
   * A push: the users' names it asks about are answered within the business's count for the hour
   * (`answerNames`), and those past it wait. A pull (the business's own hosted copy) is not counted.
   */
  countsNames?: boolean;
}

export interface Quarantined {
  doc_type: string;
  doc_id: string;
  reason: QuarantineReason;
}

export interface ApplyResult {
  applied: number;
  unchanged: number;
  quarantined: Quarantined[];
  /**
   * Set when users of the batch wait for the business's name answers (`answerNames`): how many of
   * the batch's entries it accepts, those before the first waiting user's; else null (all).
   */
  accepted: number | null;
}

/**
 * Test hook (ADR 11 §11.8): the simulation makes the next apply fail once its documents are
 * written and before its cursor moves, as a process killed there would; the transaction rolls back.
 */
export const applyFaults: { next: (() => void) | null } = { next: null };
function applyFault(): void {
  if (process.env.NODE_ENV !== 'test' || !applyFaults.next) return;
  const fail = applyFaults.next;
  applyFaults.next = null;
  fail();
}

/** An edited record already here, merged with the incoming version (ADR 11 §11.1). */
interface Edit {
  spec: DocSpec;
  doc: SyncDocument;
  before: SyncDocument;
  /** The merged main row and set fields (other parts as stored). */
  body: DocBody;
  losses: Loss[];
}

/**
 * Applies documents in the caller's transaction (ADR 11 §5.4, §11.1): new ones are written, a
 * ledger document that is already here with the same content changes nothing, one with other
 * content is quarantined and never overwritten, an edited record is merged field group by field
 * group with the stored one (larger stamp wins, the concurrent loser kept in field_history), and
 * unique values taken on two sides are resolved the same way on every server. The same code runs
 * on whichever server applies (hosted for a push, local for a pull). Derived rows (stock levels,
 * debtor balances, report summaries) move with the rows actually written.
 */
export async function applyDocuments(trx: Trx, t: ApplyTarget, sent: SyncDocument[]): Promise<ApplyResult> {
  const k = trx as unknown as AnyDb;
  const docs = await withLocalColumns(trx, t.dialect, sent);
  const stored = await readDocuments(k, t.businessId, docs, t.keys);
  const foreign = await foreignIds(k, t.businessId, docs);
  for (const key of await docsNamingForeignUsers(k, t.businessId, docs)) foreign.add(key);
  const names = await nameAnswers(trx, t, docs, stored);
  const result: ApplyResult = { applied: 0, unchanged: 0, quarantined: [], accepted: names.accepted };
  const written: Written = new Map();
  const ordered = [...docs].sort((a, b) => TYPE_RANK.get(a.type)! - TYPE_RANK.get(b.type)!);
  const fresh: SyncDocument[] = [];
  const edits: Edit[] = [];
  const waits = waiting(t, names);
  let settled: 'applied' | 'unchanged' | null;
  for (const doc of ordered) {
    if (waits(doc)) continue;
    const spec = SPEC_BY_TYPE.get(doc.type)!;
    const before = stored.get(docKey(doc.type, doc.id));
    const refused = foreign.has(docKey(doc.type, doc.id)) ? 'other_business' : names.taken.get(doc.id);
    if (refused) {
      await quarantine(trx, t, doc, refused, null);
      result.quarantined.push({ doc_type: doc.type, doc_id: doc.id, reason: refused });
    } else if (!before) {
      fresh.push(GROUPS_BY_TYPE.has(doc.type) ? { ...doc, body: copyBody(doc.body) } : doc);
    } else if (before.hash === doc.hash) {
      result.unchanged += 1;
    } else if (spec.kind === 'edited') {
      edits.push(mergeEdit(spec, doc, before));
    } else if ((settled = await settleConfirmation(trx, t.businessId, doc, before))) {
      result[settled] += 1;
    } else {
      await quarantine(trx, t, doc, 'content_differs', before);
      result.quarantined.push({ doc_type: doc.type, doc_id: doc.id, reason: 'content_differs' });
    }
  }
  await setAsideFresh(trx, t, fresh, result);
  // An edit adds stock movements (a count finalised): what they name is checked as new documents' are.
  const lacking = await unknownReferences(
    k,
    t.businessId,
    edits.map((e) => ({ type: e.doc.type, id: e.doc.id, body: e.body })),
    fresh.map((d) => d.body),
  );
  if (lacking.size > 0)
    for (const e of edits.splice(0, edits.length)) {
      if (!lacking.has(docKey(e.doc.type, e.doc.id))) edits.push(e);
      else {
        await quarantine(trx, t, e.doc, 'missing_reference', e.before);
        result.quarantined.push({ doc_type: e.doc.type, doc_id: e.doc.id, reason: 'missing_reference' });
      }
    }
  await resolveClaims({ trx, businessId: t.businessId, at: t.at, dialect: t.dialect }, [
    ...fresh.map((d) => ({ type: d.type, id: d.id, body: d.body })),
    ...edits.map((e) => ({ type: e.doc.type, id: e.doc.id, body: e.body })),
  ]);
  await keepHeldValues(trx, t, edits);
  await clearChanging(trx, t, edits);
  const { kept, clashed } = await writeFresh(
    trx,
    fresh,
    (docs, into) => flushFresh(trx, t, docs, into),
    written,
  );
  await quarantineAll(trx, t, clashed, result);
  result.applied += kept.length;
  for (const e of edits) {
    if (await writeEdit(trx, t, e, written)) result.applied += 1;
    else result.unchanged += 1;
  }
  await moveDerived(trx, t, written);
  applyFault();
  return result;
}

/**
 * New documents that cannot be written as they are (receipt-clash.ts, the image cap) are
 * quarantined and taken out of `fresh`.
 */
async function setAsideFresh(
  trx: Trx,
  t: ApplyTarget,
  fresh: SyncDocument[],
  result: ApplyResult,
): Promise<void> {
  const k = trx as unknown as AnyDb;
  const asideBy = await setAside(k, t.businessId, fresh);
  if (t.imageCapBytes !== undefined)
    for (const key of await overImageCap(trx, t.businessId, fresh, t.imageCapBytes, asideBy))
      asideBy.set(key, 'image_storage_full');
  if (asideBy.size > 0) {
    const aside = fresh.flatMap((doc) => {
      const reason = asideBy.get(docKey(doc.type, doc.id));
      return reason ? [{ doc, reason }] : [];
    });
    await quarantineAll(trx, t, aside, result);
    fresh.splice(0, fresh.length, ...fresh.filter((doc) => !asideBy.has(docKey(doc.type, doc.id))));
  }
}

const copyBody = (body: DocBody): DocBody =>
  Object.fromEntries(Object.entries(body).map(([k, rows]) => [k, rows.map((r) => ({ ...r }))]));

function mergeEdit(spec: DocSpec, doc: SyncDocument, before: SyncDocument): Edit {
  const groups = GROUPS_BY_TYPE.get(doc.type);
  if (!groups) return { spec, doc, before, body: copyBody(doc.body), losses: [] };
  const merged = mergeRecord(groups, spec.parts[0]!.table, copyBody(before.body), doc.body);
  return { spec, doc, before, body: merged.body, losses: merged.losses };
}

/** Ids of the batch that belong to another business here: never written, never revealed. */
async function foreignIds(k: AnyDb, businessId: string, docs: SyncDocument[]): Promise<Set<string>> {
  const out = new Set<string>();
  const byType = new Map<string, string[]>();
  for (const d of docs) byType.set(d.type, [...(byType.get(d.type) ?? []), d.id]);
  for (const [type, ids] of byType) {
    const part = SPEC_BY_TYPE.get(type)!.parts[0]!;
    if (!part.scoped) {
      // The business document: only the credential's own business may be sent.
      for (const id of ids) if (id !== businessId) out.add(docKey(type, id));
      continue;
    }
    for (const slice of chunks(ids, 500)) {
      const rows = await k
        .selectFrom(sql.table(part.table).as('t'))
        .select(sql.ref(`t.${part.by}`).as('id'))
        .where(sql.ref(`t.${part.by}`), 'in', slice)
        .where(sql.ref('t.business_id'), '!=', businessId)
        .execute();
      for (const r of rows) out.add(docKey(type, String(r.id)));
    }
  }
  return out;
}

/** A row as this server stores it: the receiver's business id, blobs as bytes, its own key sealing. */
function storedRow(row: Row, part: DocPart, t: ApplyTarget): Row {
  let out = decodeRow(row);
  if (part.scoped) out = { ...out, business_id: t.businessId };
  if (part.table === 'business_keys') out = sealKey(out, t.businessId, t.keys);
  if (part.table === 'debtors') out = { ...out, balance: 0, last_activity_at: null };
  return out;
}

/** Writes new documents with one multi-row insert per table, in the documents' order. */
async function flushFresh(trx: Trx, t: ApplyTarget, docs: SyncDocument[], written: Written): Promise<void> {
  if (docs.length === 0) return;
  const tables = new Map<string, { part: DocPart; rows: Row[] }>();
  for (const doc of docs) {
    const spec = SPEC_BY_TYPE.get(doc.type)!;
    for (const part of spec.parts) {
      const entry = tables.get(part.table) ?? { part, rows: [] };
      for (const r of doc.body[part.table] ?? []) entry.rows.push(storedRow(r, part, t));
      tables.set(part.table, entry);
    }
  }
  const days = documentDays(docs);
  for (const { part, rows } of tables.values()) await writeRows(trx, t, part.table, rows, written, days);
}

async function writeRows(
  trx: Trx,
  t: ApplyTarget,
  table: string,
  rows: Row[],
  written: Written,
  days: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  if (rows.length === 0) return;
  // A debtor's balance moves as its entries are written, which take their numbers from it; a
  // movement's business day does not travel either.
  const stored =
    table === 'debtor_entries'
      ? await moveDebtors(trx, t, rows)
      : table === 'stock_movements'
        ? await withMovementDays(trx, t.businessId, rows, days)
        : rows;
  await insertRows(trx, t.dialect, table, stored);
  written.set(table, [...(written.get(table) ?? []), ...stored]);
}

const keyOf = (part: DocPart, r: Row): string => part.key.map((c) => String(r[c])).join('|');
const sameRows = (a: Row[] | undefined, b: Row[] | undefined) => canonical(a ?? []) === canonical(b ?? []);

/**
 * What a merged record lets go of before the batch writes anything, so that a unique value moving
 * to another record, or a new record taking its place, never clashes mid-batch: a product's code
 * and a user's name and mobile (written again by writeEdit), and a count's place as the one open
 * count of its location (its end is written first, so the next count there can start in the
 * same batch).
 */
const FREE_FIRST: Readonly<Record<string, (id: string, merged: Row) => Row | null>> = {
  products: (id) => ({ code: `~${id}` }),
  users: (id) => ({ username_key: `~${id}`, mobile: null }),
  stock_counts: (_id, merged) => (merged.status === 'open' ? null : { status: merged.status }),
};

/**
 * Before anything is written: the merged records whose unique values change let go of them, and
 * their set fields that change are emptied (written again in full by writeEdit).
 */
async function clearChanging(trx: Trx, t: ApplyTarget, edits: Edit[]): Promise<void> {
  const k = trx as unknown as AnyDb;
  for (const e of edits) {
    const [main, ...rest] = e.spec.parts;
    const free = FREE_FIRST[main!.table];
    const merged = e.body[main!.table]?.[0];
    const set =
      free && merged && !sameRows(e.body[main!.table], e.before.body[main!.table])
        ? free(e.doc.id, merged)
        : null;
    if (set)
      await k
        .updateTable(main!.table)
        .set(set)
        .where('id', '=', e.doc.id)
        .where('business_id', '=', t.businessId)
        .execute();
    for (const part of rest)
      if (part.children === 'replace' && !sameRows(e.body[part.table], e.before.body[part.table])) {
        let q = k.deleteFrom(part.table).where(part.by, '=', e.doc.id);
        if (part.scoped) q = q.where('business_id', '=', t.businessId);
        await q.execute();
      }
  }
}

/**
 * Writes a merged record: its main row and set fields where the merge changed them, the incoming
 * history rows it lacked, the losing values, and a user's sessions ended when the merge
 * deactivated, deleted or re-passworded them (ADR 11 §11.5). Whether anything changed.
 */
async function writeEdit(trx: Trx, t: ApplyTarget, e: Edit, written: Written): Promise<boolean> {
  const k = trx as unknown as AnyDb;
  let changed = false;
  for (const [i, part] of e.spec.parts.entries()) {
    if (i === 0 || part.children === 'replace') {
      if (sameRows(e.body[part.table], e.before.body[part.table])) continue;
      changed = true;
      const rows = (e.body[part.table] ?? []).map((r) => storedRow(r, part, t));
      if (i > 0) {
        await writeRows(trx, t, part.table, rows, new Map());
        continue;
      }
      const { balance: _b, last_activity_at: _l, ...set } = rows[0]!;
      let q = k
        .updateTable(part.table)
        .set(part.table === 'debtors' ? set : rows[0]!)
        .where('id', '=', e.doc.id);
      if (part.scoped) q = q.where('business_id', '=', t.businessId);
      await q.execute();
    } else {
      const have = new Set((e.before.body[part.table] ?? []).map((r) => keyOf(part, r)));
      const added = (e.doc.body[part.table] ?? []).filter((r) => !have.has(keyOf(part, r)));
      if (added.length > 0) changed = true;
      const rows = added.map((r) => storedRow(r, part, t));
      await writeRows(trx, t, part.table, rows, written);
    }
  }
  await recordLosses(trx, t.dialect, t.businessId, e.doc.type, e.doc.id, e.losses, 'concurrent', t.at);
  if (e.doc.type === 'user') await endSessionsIfLocked(trx, t, e);
  return changed;
}

/** The user's sessions on this server end when the merge deactivated, deleted or re-passworded them. */
async function endSessionsIfLocked(trx: Trx, t: ApplyTarget, e: Edit): Promise<void> {
  const was = e.before.body.users?.[0];
  const now = e.body.users?.[0];
  if (!was || !now) return;
  const locked =
    (Number(was.active) === 1 && Number(now.active) !== 1) ||
    (!was.deleted_at && !!now.deleted_at) ||
    was.password_hash !== now.password_hash;
  if (!locked) return;
  await trx
    .updateTable('sessions')
    .set({ revoked_at: t.at })
    .where('user_id', '=', e.doc.id)
    .where('business_id', '=', t.businessId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** New documents set aside, each for its reason, and told in the result. */
async function quarantineAll(
  trx: Trx,
  t: ApplyTarget,
  aside: readonly { doc: SyncDocument; reason: QuarantineReason }[],
  result: ApplyResult,
): Promise<void> {
  for (const { doc, reason } of aside) {
    await quarantine(trx, t, doc, reason, null);
    result.quarantined.push({ doc_type: doc.type, doc_id: doc.id, reason });
  }
}

async function quarantine(
  trx: Trx,
  t: ApplyTarget,
  doc: SyncDocument,
  reason: QuarantineReason,
  stored: SyncDocument | null | undefined,
): Promise<void> {
  const spec = SPEC_BY_TYPE.get(doc.type)!;
  const diff = stored ? diffBodies(stored.body, doc.body) : [];
  await trx
    .insertInto('sync_quarantine')
    .values({
      id: newId(),
      business_id: t.businessId,
      server_id: t.serverId,
      doc_type: doc.type,
      doc_id: doc.id,
      reason,
      // Another business's document is not described: its content is not this business's to see.
      label: reason === 'other_business' ? '' : (spec.label?.(doc.body) ?? ''),
      incoming: reason === 'other_business' ? '{}' : JSON.stringify(withoutFileBytes(doc.type, doc.body)),
      incoming_hash: doc.hash,
      stored_hash: stored?.hash ?? null,
      diff: JSON.stringify(diff),
      first_seen_at: t.at,
      last_seen_at: t.at,
      seen_count: 1,
    })
    .onConflict((oc) =>
      oc.columns(['business_id', 'doc_type', 'doc_id', 'incoming_hash']).doUpdateSet({
        last_seen_at: t.at,
        seen_count: sql<number>`sync_quarantine.seen_count + 1`,
      }),
    )
    .execute();
}

/**
 * Stock levels, report summaries and transfer totals, moved by the rows this batch wrote (debtor
 * balances move as their entries are written: `moveDebtors`).
 */
async function moveDerived(trx: Trx, t: ApplyTarget, written: Written): Promise<void> {
  await moveStock(trx, t, written.get('stock_movements') ?? []);
  await summariseWritten(trx, t.businessId, written);
  await addWrittenTransfers(
    trx,
    t.businessId,
    written.get('transfers') ?? [],
    written.get('transfer_confirmations') ?? [],
  );
}

async function moveStock(trx: Trx, t: ApplyTarget, movements: Row[]): Promise<void> {
  const deltas = new Map<string, { product_id: string; location_id: string; quantity: number }>();
  for (const m of movements) {
    const key = `${String(m.product_id)}|${String(m.location_id)}`;
    const d = deltas.get(key) ?? {
      product_id: String(m.product_id),
      location_id: String(m.location_id),
      quantity: 0,
    };
    d.quantity += Number(m.quantity);
    deltas.set(key, d);
  }
  const rows = [...deltas.values()].map((d) => ({ business_id: t.businessId, ...d, updated_at: t.at }));
  const movedBy = (productId: string, locationId: string) =>
    deltas.get(`${productId}|${locationId}`)?.quantity ?? 0;
  for (const slice of chunks(rows, 1000)) {
    const after = await trx
      .insertInto('stock_levels')
      .values(slice)
      .onConflict((oc) =>
        oc.columns(conflictTarget(t.dialect, ['product_id', 'location_id'])).doUpdateSet({
          quantity: sql<number>`stock_levels.quantity + excluded.quantity`,
          updated_at: t.at,
        }),
      )
      .returning(['product_id', 'location_id', 'quantity'])
      .execute();
    await keepBelowZero(trx, t.businessId, after, movedBy);
  }
}
