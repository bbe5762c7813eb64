import { type Kysely, sql } from 'kysely';
import { createHash } from 'node:crypto';
import { ofBusiness } from '../../db/dialect.js';
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

/**
 * The columns of a part's rows that travel, in canonical (sorted) order: rows are written with
 * their keys in that order, so their canonical text is their JSON as it is (no sorted copy, on
 * the sender and, as parsed, on the receiver). Remembered per part for the last row shape seen.
 */
const travelling = new WeakMap<DocPart, { keys: string[]; out: string[] }>();

function travellingKeys(row: Row, part: DocPart): string[] {
  const keys = Object.keys(row);
  const hit = travelling.get(part);
  if (hit && sameKeys(hit.keys, keys)) return hit.out;
  const out = keys
    .filter((k) => !(k === 'business_id' && part.table !== 'business_keys') && !part.omit?.includes(k))
    .sort();
  travelling.set(part, { keys, out });
  return out;
}

/** A row as it travels: no business_id, no omitted column, blobs as base64, integers as numbers. */
function encodeRow(row: Row, part: DocPart): Row {
  const out: Row = {};
  for (const k of travellingKeys(row, part)) {
    const v = row[k];
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
 * canonical()), and whether the row already has them in that order. The map's key joins the
 * names, which two shapes can share ({} and {"": 1}, or names holding the separator), so a hit
 * counts only when its names are the row's own. The shape met last is tried first: the rows of a
 * table come one after another, and joining their names for every row was most of the cost.
 */
interface Shape {
  keys: string[];
  sorted: string[] | null;
  inOrder: boolean;
}
const sortedShapes = new Map<string, Shape>();
let lastShape: Shape | null = null;

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function shapeOf(row: Row): Shape {
  const keys = Object.keys(row);
  if (lastShape && sameKeys(lastShape.keys, keys)) return lastShape;
  const name = keys.join('\u0000');
  const hit = sortedShapes.get(name);
  if (hit && sameKeys(hit.keys, keys)) return (lastShape = hit);
  const sorted = keys.some((k) => INDEX_LIKE.test(k) || k === '__proto__') ? null : [...keys].sort();
  const shape = { keys, sorted, inOrder: sorted !== null && sameKeys(sorted, keys) };
  if (!hit && sortedShapes.size < 1_000) sortedShapes.set(name, shape);
  return (lastShape = shape);
}

function isPlain(v: unknown): v is Row {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

const isPlainCell = (v: unknown): boolean => {
  const t = typeof v;
  if (v === undefined || v === null || t === 'string' || t === 'number' || t === 'boolean') return true;
  return isPlain(v) && Object.keys(v).length === 1 && typeof v[BLOB] === 'string';
};

/**
 * A row with its keys in canonical order (the row itself when they already are), or null when a
 * value is not a plain one (then canonical() writes the body).
 */
function sortedRow(row: unknown): Row | null {
  if (!isPlain(row)) return null;
  const { sorted, inOrder } = shapeOf(row);
  if (!sorted) return null;
  if (inOrder) {
    for (const k of sorted) if (!isPlainCell(row[k])) return null;
    return row;
  }
  const out: Row = {};
  for (const k of sorted) {
    const v = row[k];
    if (!isPlainCell(v)) return null;
    out[k] = v;
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

/**
 * The canonical text of a body whose hash was taken here (read, or checked on arrival): the
 * length sizes a batch and the text is what travels (wireJson), so neither writes it again.
 * Bodies are not changed after they are hashed.
 */
const texts = new WeakMap<DocBody, string>();

export function hashBody(body: DocBody): string {
  const text = canonicalBody(body);
  texts.set(body, text);
  return createHash('sha256').update(text).digest('hex');
}

/** Canonical texts of documents made from a text (their body is parsed only if something reads it). */
const ownTexts = new WeakMap<SyncDocument, string>();

/** A document whose canonical text is known: its body is parsed from it when first read. */
export function textDocument(type: string, id: string, hash: string, text: string): SyncDocument {
  let body: DocBody | undefined;
  const doc: SyncDocument = {
    type,
    id,
    hash,
    get body(): DocBody {
      return (body ??= JSON.parse(text) as DocBody);
    },
  };
  ownTexts.set(doc, text);
  return doc;
}

/** The canonical text a document was made from, if it was made from one. */
export const ownText = (doc: SyncDocument): string | undefined => ownTexts.get(doc);

/** Where ledger documents' texts are kept between a push and the pulls that follow (document-texts.ts). */
export interface TextCache {
  get(businessId: string, type: string, id: string): SyncDocument | undefined;
  put(businessId: string, type: string, id: string, hash: string, text: string): void;
}

/** A document's body as its canonical text (kept when it was hashed here or made from a text). */
export const documentText = (d: SyncDocument): string =>
  ownText(d) ?? texts.get(d.body) ?? canonicalBody(d.body);

/** The canonical text a body was hashed from here, if it was. */
export const hashedText = (body: DocBody): string | undefined => texts.get(body);

/**
 * A push batch or a pull answer as JSON: the message's own fields by JSON.stringify, each
 * document's body as its canonical text (kept from its hash when it has one), spliced in
 * rather than written out again. The same JSON as JSON.stringify, keys in another order.
 */
export function wireJson(msg: unknown): string {
  const documents = (msg as { documents?: unknown } | null)?.documents;
  if (!isPlain(msg) || !Array.isArray(documents)) return JSON.stringify(msg);
  const { documents: _d, ...rest } = msg;
  const head = JSON.stringify(rest);
  const docs = (documents as SyncDocument[]).map(
    (d) =>
      `{"type":${JSON.stringify(d.type)},"id":${JSON.stringify(d.id)},"hash":${JSON.stringify(d.hash)},` +
      `"body":${documentText(d)}}`,
  );
  return `${head.length > 2 ? `${head.slice(0, -1)},` : '{'}"documents":[${docs.join(',')}]}`;
}

/** The printing key travels opened (PEM) and is sealed again by the receiver, as in the archive. */
export interface KeyHandling {
  keyEncryptionKey: Buffer | undefined;
}

/**
 * The rows of one part whose `by` column holds one of the ids, of this business. Every `by` has
 * an index (migrations 0002, 0004, 0010); the business is compared with `ofBusiness`, which
 * SQLite (no statistics) never answers from the business's (business_id, …) index: through it,
 * it would read the business's whole table, a cost growing with every sale.
 */
async function partRows(k: AnyDb, part: DocPart, businessId: string, ids: string[]): Promise<Row[]> {
  const out: Row[] = [];
  for (const slice of chunks(ids, IN_CHUNK)) {
    let q = k
      .selectFrom(sql.table(part.table).as('t'))
      .selectAll('t')
      .where(sql.ref(`t.${part.by}`), 'in', slice);
    if (part.scoped) q = q.where(ofBusiness(k, 't.business_id', businessId));
    out.push(...((await q.execute()) as Row[]));
  }
  return out;
}

/**
 * How documents are read for sending: `cache` (the hosted process's) answers the ledger documents
 * it holds and keeps those read; `asText` keeps each read document as its canonical text only (its
 * body is parsed again if something reads it), so a batch in flight holds text, not row objects.
 */
export interface ReadOptions {
  cache?: TextCache | undefined;
  asText?: boolean;
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
  opts: ReadOptions = {},
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
    const kept = spec.kind === 'ledger' ? opts.cache : undefined;
    const wanted: string[] = [];
    for (const id of new Set(ids)) {
      const hit = kept?.get(businessId, type, id);
      if (hit) out.set(docKey(type, id), hit);
      else wanted.push(id);
    }
    const bodies = await readBodies(db, spec, businessId, wanted, keys);
    for (const [id, body] of bodies) {
      const hash = hashBody(body);
      const text = texts.get(body)!;
      out.set(docKey(type, id), opts.asText ? textDocument(type, id, hash, text) : { type, id, hash, body });
      kept?.put(businessId, type, id, hash, text);
    }
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
  // Every table of the type, in canonical order: the body's JSON is its canonical text.
  const tables = spec.parts.map((p) => p.table).sort();
  const empty = (): DocBody => {
    const body: DocBody = {};
    for (const t of tables) body[t] = [];
    return body;
  };
  for (const [i, part] of spec.parts.entries()) {
    const rows = await partRows(db, part, businessId, i === 0 ? ids : [...bodies.keys()]);
    if (i === 0) for (const r of rows) bodies.set(String(r[part.by]), empty());
    for (const r of rows) {
      const body = bodies.get(String(r[part.by]));
      if (!body) continue;
      const row = part.table === 'business_keys' ? openKey(r, keys) : r;
      body[part.table]!.push(encodeRow(row, part));
    }
  }
  for (const body of bodies.values())
    for (const part of spec.parts) body[part.table]!.sort(compareKeys(part.key));
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
