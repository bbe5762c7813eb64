import { type Kysely, sql } from 'kysely';
import { createHash } from 'node:crypto';
import { canonical, canonicalHash } from '../../lib/canonical.js';
import { openPrivateKey, storedForm } from '../printing/key-sealing.js';
import { type DocBody, type DocPart, type DocSpec, SPEC_BY_TYPE } from './doc-specs.js';

type Row = Record<string, unknown>;
/** The database as this module reads it: tables named at run time. */
export type AnyDb = Kysely<Record<string, Row>>;

/** A document as it travels (ADR 11 §1.4): its rows by table, and the hash of their canonical JSON. */
export interface SyncDocument {
  type: string;
  id: string;
  hash: string;
  body: DocBody;
}

export interface DocRef {
  type: string;
  id: string;
}

const BLOB = '$base64';
/** Most ids in one `IN (…)`: under SQLite's and PostgreSQL's parameter limits with room to spare. */
const IN_CHUNK = 500;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A row as it travels: no business_id, no omitted column, blobs as base64, integers as numbers. */
function encodeRow(row: Row, part: DocPart): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    if (k === 'business_id' && part.table !== 'business_keys') continue;
    if (part.omit?.includes(k)) continue;
    out[k] =
      Buffer.isBuffer(v) || v instanceof Uint8Array ? { [BLOB]: Buffer.from(v).toString('base64') } : v;
  }
  return out;
}

const isBlob = (v: unknown): boolean => v !== null && typeof v === 'object' && BLOB in v;

/** A travelling row as the receiver writes it (blobs back to bytes); the row itself when it has none. */
export function decodeRow(row: Row): Row {
  let blobs = false;
  for (const k in row)
    if (isBlob(row[k])) {
      blobs = true;
      break;
    }
  if (!blobs) return row;
  const out: Row = {};
  for (const [k, v] of Object.entries(row))
    out[k] =
      v && typeof v === 'object' && BLOB in v
        ? Buffer.from((v as Record<string, string>)[BLOB]!, 'base64')
        : v;
  return out;
}

function compareKeys(key: readonly string[]) {
  return (a: Row, b: Row): number => {
    for (const k of key) {
      const x = a[k] as string | number;
      const y = b[k] as string | number;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
}

/** Keys JavaScript enumerates before all others whatever their insertion order (array indices). */
const INDEX_LIKE = /^(?:0|[1-9]\d*)$/;
/**
 * Each row shape's keys in canonical order (sorted null: a shape the fast path leaves to
 * canonical()). The map's key joins the names, which two shapes can share ({} and {"": 1}, or names
 * holding the separator), so a hit counts only when its names are the row's own.
 */
const sortedShapes = new Map<string, { keys: string[]; sorted: string[] | null }>();

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sortedKeys(row: Row): string[] | null {
  const keys = Object.keys(row);
  const shape = keys.join('\u0000');
  const hit = sortedShapes.get(shape);
  if (hit && sameKeys(hit.keys, keys)) return hit.sorted;
  const sorted = keys.some((k) => INDEX_LIKE.test(k) || k === '__proto__') ? null : [...keys].sort();
  if (!hit && sortedShapes.size < 1_000) sortedShapes.set(shape, { keys, sorted });
  return sorted;
}

function isPlain(v: unknown): v is Row {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** A row with its keys in canonical order, or null when a value is not a plain one (then canonical() writes the body). */
function sortedRow(row: unknown): Row | null {
  if (!isPlain(row)) return null;
  const keys = sortedKeys(row);
  if (!keys) return null;
  const out: Row = {};
  for (const k of keys) {
    const v = row[k];
    const t = typeof v;
    if (v === undefined || v === null || t === 'string' || t === 'number' || t === 'boolean') out[k] = v;
    else if (isPlain(v) && Object.keys(v).length === 1 && typeof v[BLOB] === 'string') out[k] = v;
    else return null;
  }
  return out;
}

/**
 * canonical() of a document body (ADR 11 §1.4), written for its shape, tables of rows of plain
 * values: the rows are copied with their keys in canonical order and written by JSON.stringify
 * once, giving the same text as canonical() at about twice its speed. A body of any other shape
 * is written by canonical() itself.
 */
export function canonicalBody(body: DocBody): string {
  if (!isPlain(body)) return canonical(body);
  const out: Record<string, Row[]> = {};
  for (const t of Object.keys(body).sort()) {
    const rows = body[t];
    if (rows === undefined) continue;
    if (!Array.isArray(rows) || INDEX_LIKE.test(t) || t === '__proto__') return canonical(body);
    const copy = new Array<Row>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = sortedRow(rows[i]);
      if (!r) return canonical(body);
      copy[i] = r;
    }
    out[t] = copy;
  }
  return JSON.stringify(out);
}

export function hashBody(body: DocBody): string {
  return createHash('sha256').update(canonicalBody(body)).digest('hex');
}

/**
 * The length of a read body's JSON, known from its canonical text when it was hashed (the same
 * keys and values in another order: the same length), so sizing a batch does not write it again.
 */
const jsonLengths = new WeakMap<DocBody, number>();
export const jsonLength = (body: DocBody): number => jsonLengths.get(body) ?? JSON.stringify(body).length;

function hashRead(body: DocBody): string {
  const text = canonicalBody(body);
  jsonLengths.set(body, text.length);
  return createHash('sha256').update(text).digest('hex');
}

/** The printing key travels opened (PEM) and is sealed again by the receiver, as in the archive. */
export interface KeyHandling {
  keyEncryptionKey: Buffer | undefined;
}

/**
 * The rows of one part whose `by` column holds one of the ids, of this business. Every `by` has
 * an index (migrations 0002, 0004, 0010), and the business is checked on the rows found, not in
 * the query: with `business_id = ?` beside `IN (…)`, SQLite (no statistics) reads the business's
 * whole table through its (business_id, …) index instead of `by`'s, a cost growing with every sale.
 */
async function partRows(k: AnyDb, part: DocPart, businessId: string, ids: string[]): Promise<Row[]> {
  const out: Row[] = [];
  for (const slice of chunks(ids, IN_CHUNK)) {
    const q = k
      .selectFrom(sql.table(part.table).as('t'))
      .selectAll('t')
      .where(sql.ref(`t.${part.by}`), 'in', slice);
    for (const r of (await q.execute()) as Row[])
      if (!part.scoped || r.business_id === businessId) out.push(r);
  }
  return out;
}

/**
 * Reads documents of one business as they are now, with one query per table per type. Ids with
 * no main row (a document deleted, or never made here) are left out of the answer.
 */
export async function readDocuments(
  db: AnyDb,
  businessId: string,
  refs: readonly DocRef[],
  keys: KeyHandling,
): Promise<Map<string, SyncDocument>> {
  const byType = new Map<string, string[]>();
  for (const r of refs) {
    if (!SPEC_BY_TYPE.has(r.type)) continue;
    const list = byType.get(r.type) ?? [];
    list.push(r.id);
    byType.set(r.type, list);
  }
  const out = new Map<string, SyncDocument>();
  for (const [type, ids] of byType) {
    const spec = SPEC_BY_TYPE.get(type)!;
    const bodies = await readBodies(db, spec, businessId, [...new Set(ids)], keys);
    for (const [id, body] of bodies) out.set(docKey(type, id), { type, id, hash: hashRead(body), body });
  }
  return out;
}

export const docKey = (type: string, id: string): string => `${type}:${id}`;

async function readBodies(
  db: AnyDb,
  spec: DocSpec,
  businessId: string,
  ids: string[],
  keys: KeyHandling,
): Promise<Map<string, DocBody>> {
  const bodies = new Map<string, DocBody>();
  for (const [i, part] of spec.parts.entries()) {
    const rows = await partRows(db, part, businessId, i === 0 ? ids : [...bodies.keys()]);
    if (i === 0) for (const r of rows) bodies.set(String(r[part.by]), {});
    for (const r of rows) {
      const body = bodies.get(String(r[part.by]));
      if (!body) continue;
      const row = part.table === 'business_keys' ? openKey(r, keys) : r;
      (body[part.table] ??= []).push(encodeRow(row, part));
    }
  }
  for (const body of bodies.values())
    for (const part of spec.parts) {
      body[part.table] ??= [];
      body[part.table]!.sort(compareKeys(part.key));
    }
  return bodies;
}

function openKey(row: Row, keys: KeyHandling): Row {
  const stored = row.private_key;
  if (typeof stored !== 'string') return row;
  return { ...row, private_key: openPrivateKey(stored, keys.keyEncryptionKey, String(row.business_id)) };
}

/** A business_keys row as the receiver stores it: sealed with its own key when it has one. */
export function sealKey(row: Row, businessId: string, keys: KeyHandling): Row {
  const pem = row.private_key;
  if (typeof pem !== 'string') return row;
  return { ...row, private_key: storedForm(pem, keys.keyEncryptionKey, businessId) };
}

/** The paths where two bodies of one document differ (what the owner sees in quarantine). */
export function diffBodies(
  stored: DocBody,
  incoming: DocBody,
): { path: string; stored: unknown; incoming: unknown }[] {
  const out: { path: string; stored: unknown; incoming: unknown }[] = [];
  const tables = new Set([...Object.keys(stored), ...Object.keys(incoming)]);
  for (const t of [...tables].sort()) {
    const a = stored[t] ?? [];
    const b = incoming[t] ?? [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const x = a[i] ?? {};
      const y = b[i] ?? {};
      for (const col of new Set([...Object.keys(x), ...Object.keys(y)])) {
        if (canonicalHash(x[col] ?? null) !== canonicalHash(y[col] ?? null))
          out.push({ path: `${t}[${i}].${col}`, stored: x[col] ?? null, incoming: y[col] ?? null });
      }
      if (out.length >= 50) return out;
    }
  }
  return out;
}
