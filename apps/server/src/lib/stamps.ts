import { type Stamp, fallbackStamp, formatStamp, stampAfter } from '@duka/domain';
import { type Kysely, type Transaction, sql } from 'kysely';
import { ofBusiness } from '../db/dialect.js';
import type { Database } from '../db/tables.js';
import type { DocBody } from '../modules/sync/doc-specs.js';
import { SPEC_BY_TYPE } from '../modules/sync/doc-specs.js';
import { GROUPS_BY_TYPE, type GroupSpec, groupsOf, setTables } from '../modules/sync/field-groups.js';
import {
  BASE,
  CREATED,
  KEPT,
  type Stamps,
  groupStamp,
  groupValue,
  readStamps,
  rowTime,
} from '../modules/sync/merge.js';
import { canonical } from './canonical.js';
import { type Trx as Tx, lockBusinessIn } from './tx.js';

type Row = Record<string, unknown>;
type AnyDb = Kysely<Record<string, Row>>;
type Trx = Transaction<Database> | Kysely<Database>;

/** A record as it was before a write: its main row and set fields (null: it did not exist). */
export type RecordSnapshot = DocBody | null;

const groupSpec = (docType: string) => {
  const spec = GROUPS_BY_TYPE.get(docType);
  if (!spec) throw new Error(`${docType} is not an edited record`);
  return spec;
};

/** The set rows of a child table without business_id, in key order (how they compare). */
async function setRows(
  k: AnyDb,
  businessId: string,
  docType: string,
  table: string,
  id: string,
): Promise<Row[]> {
  const part = SPEC_BY_TYPE.get(docType)!.parts.find((p) => p.table === table)!;
  let q = k
    .selectFrom(sql.table(table).as('t'))
    .selectAll('t')
    .where(sql.ref(`t.${part.by}`), '=', id);
  if (part.scoped) q = q.where(ofBusiness(k, 't.business_id', businessId));
  const rows = (await q.execute()) as Row[];
  const key = (r: Row) => part.key.map((c) => String(r[c])).join('|');
  return rows
    .map(({ business_id: _b, ...r }) => r)
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * The record's own table and id, kept to its business: `businesses` is its own (by id), every
 * other edited record's table has `business_id` (`ofBusiness`: one shard on Citus).
 */
function ownRow(k: AnyDb, table: string, businessId: string, id: string) {
  const q = k.selectFrom(sql.table(table).as('t')).where(sql.ref('t.id'), '=', id);
  return table === 'businesses' ? q : q.where(ofBusiness(k, 't.business_id', businessId));
}

/**
 * Reads an edited record (main row and set fields) as it is now, to stamp what a write changes.
 * The business is locked first (PostgreSQL): a sync apply merging into the record (which holds
 * that lock) is waited for, so the write's stamps start from the merged ones, never from a
 * snapshot the merge has since replaced (the two servers then kept different values for good).
 */
export async function snapshotRecord(
  trx: Trx,
  businessId: string,
  docType: string,
  id: string,
): Promise<RecordSnapshot> {
  await lockBusinessIn(trx as unknown as Tx, businessId);
  const k = trx as unknown as AnyDb;
  const spec = groupSpec(docType);
  const row = await ownRow(k, spec.table, businessId, id).selectAll('t').executeTakeFirst();
  if (!row) return null;
  const body: DocBody = { [spec.table]: [row] };
  for (const table of setTables(spec)) body[table] = await setRows(k, businessId, docType, table, id);
  return body;
}

/**
 * Whether a group holds the same value in two snapshots. A set field compares by its rows' keys:
 * a set written again with the same members (user locations get a new created_at) did not change.
 */
function sameValue(
  docType: string,
  members: readonly string[],
  [rowA, bodyA]: [Row, DocBody],
  [rowB, bodyB]: [Row, DocBody],
): boolean {
  const parts = SPEC_BY_TYPE.get(docType)!.parts;
  const keyed = (v: Row) => {
    const out: Row = {};
    for (const [m, x] of Object.entries(v)) {
      const part = m.startsWith('@') ? parts.find((p) => p.table === m.slice(1)) : undefined;
      out[m] = part && Array.isArray(x) ? x.map((r: Row) => part.key.map((c) => r[c])) : x;
    }
    return out;
  };
  return (
    canonical(keyed(groupValue(members, rowA, bodyA))) === canonical(keyed(groupValue(members, rowB, bodyB)))
  );
}

/** An update of the record's own row, kept to its business as `ownRow`'s read. */
function updateOwn(k: AnyDb, table: string, businessId: string, id: string, set: Row) {
  const q = k.updateTable(table).set(set).where('id', '=', id);
  return table === 'businesses' ? q : q.where(ofBusiness(k, 'business_id', businessId));
}

async function writeStamps(
  k: AnyDb,
  businessId: string,
  table: string,
  id: string,
  stamps: Stamps,
): Promise<void> {
  await updateOwn(k, table, businessId, id, { stamps: sortedStamps(stamps) }).execute();
}

/** The stamps as stored: their JSON, keys in order. */
const sortedStamps = (stamps: Stamps): string =>
  JSON.stringify(Object.fromEntries(Object.entries(stamps).sort(([a], [b]) => (a < b ? -1 : 1))));

/** The stamps column of a record a write made (`stampRecord` with no `before`), to insert with it. */
export const createdStamps = (stamp: Stamp): string => sortedStamps({ [CREATED]: formatStamp(stamp) });

/**
 * The record's stamps after a write that took it from `was` to `now` (main row and body each):
 * every group whose value changed stamped `stampAfter(stamp, its stored stamp)`, `^group` keeping
 * the one replaced. Null when there is nothing to store.
 */
function nextStamps(
  spec: GroupSpec,
  stamp: Stamp,
  [was, before]: [Row, DocBody],
  [now, after]: [Row, DocBody],
): Stamps | null {
  const stamps = readStamps(was);
  const next: Stamps = { ...stamps };
  next[CREATED] ??= formatStamp(fallbackStamp(rowTime(was)));
  let changed = false;
  for (const [group, members] of groupsOf(spec, [was, now])) {
    if (sameValue(spec.docType, members, [was, before], [now, after])) continue;
    const stored = groupStamp(stamps, group, was);
    next[group] = formatStamp(stampAfter(stamp, stored));
    next[BASE + group] = formatStamp(stored);
    delete next[KEPT + group];
    changed = true;
  }
  return changed || !stamps[CREATED] ? next : null;
}

/**
 * Stamps what one write changed in an edited record (ADR 11 §2) with the stamp of that write's
 * journal entry (`appendJournal` returns it): each field group whose value differs from
 * `before` gets `stampAfter(stamp, its stored stamp)`, so an edit made after seeing a value beats
 * it even when that value came from a clock in the future; `^group` keeps the stamp it replaced.
 * A record that did not exist (`before` null) gets `$created`. Call it after the write, in its
 * transaction.
 */
export async function stampRecord(
  trx: Trx,
  businessId: string,
  docType: string,
  id: string,
  stamp: Stamp,
  before: RecordSnapshot,
): Promise<void> {
  const k = trx as unknown as AnyDb;
  const spec = groupSpec(docType);
  if (!before) {
    await updateOwn(k, spec.table, businessId, id, { stamps: createdStamps(stamp) }).execute();
    return;
  }
  const after = await snapshotRecord(trx, businessId, docType, id);
  if (!after) return;
  const was = before[spec.table]![0]!;
  const now = after[spec.table]![0]!;
  const next = nextStamps(spec, stamp, [was, before], [now, after]);
  if (next) await writeStamps(k, businessId, spec.table, id, next);
  await keepLatestUpdate(k, businessId, spec.table, id, was.updated_at, now.updated_at);
}

/**
 * An update of a record's own row, stamped (as `stampRecord` would) without reading the record
 * again: `was` is its row as read in this transaction under the business's lock, `set` the
 * columns the update writes (`updated_at` among them), and its set fields (child tables) are not
 * touched. `stamp` is the write's journal entry's. The columns, the stamps of the groups whose value
 * changed and `updated_at` (never back, as `keepLatestUpdate`) go in one statement.
 */
export async function updateStamped(
  trx: Trx,
  businessId: string,
  docType: string,
  was: Row,
  set: Row,
  stamp: Stamp,
): Promise<void> {
  const row = stampedSet(docType, was, set, stamp);
  await updateOwn(
    trx as unknown as AnyDb,
    groupSpec(docType).table,
    businessId,
    String(was.id),
    row,
  ).execute();
}

/**
 * What `updateStamped` sets: `set`, with the stamps of the groups whose value changed and
 * `updated_at` never back. For a caller that puts the update in a statement of its own making (a
 * stock document's one statement on PostgreSQL). Its set fields are taken as unchanged, unless
 * `sets` gives their rows before and after the write (as `snapshotRecord` reads them: without
 * `business_id`; a catalogue import's barcodes).
 */
export function stampedSet(
  docType: string,
  was: Row,
  set: Row,
  stamp: Stamp,
  sets?: { before: DocBody; after: DocBody },
): Row {
  const spec = groupSpec(docType);
  const body: DocBody = { [spec.table]: [was] }; // its set fields: the same on both sides
  const next = nextStamps(
    spec,
    stamp,
    [was, sets?.before ?? body],
    [{ ...was, ...set }, sets?.after ?? body],
  );
  const row: Row = { ...set };
  if (next) row.stamps = sortedStamps(next);
  const [before, after] = [was.updated_at, set.updated_at];
  if (typeof before === 'string' && typeof after === 'string' && after < before) row.updated_at = before;
  return row;
}

/**
 * `updated_at` never goes back: a merge takes the later of two versions' times, so a write here
 * with a clock behind the one that wrote the stored version keeps the stored time (servers'
 * clocks differ; without this the two sides could keep different times for the same record).
 */
async function keepLatestUpdate(
  k: AnyDb,
  businessId: string,
  table: string,
  id: string,
  was: unknown,
  now: unknown,
) {
  if (typeof was !== 'string' || typeof now !== 'string' || now >= was) return;
  await updateOwn(k, table, businessId, id, { updated_at: was }).execute();
}

/** Snapshot, write, stamp: for a service whose write and journal entry sit in one function. */
export async function stampedEdit<T extends { stamp: Stamp }>(
  trx: Trx,
  businessId: string,
  docType: string,
  id: string,
  write: () => Promise<T>,
): Promise<T> {
  const before = await snapshotRecord(trx, businessId, docType, id);
  const done = await write();
  await stampRecord(trx, businessId, docType, id, done.stamp, before);
  return done;
}
