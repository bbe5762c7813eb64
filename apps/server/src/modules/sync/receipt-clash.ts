import type { QuarantineReason } from '@duka/domain';
import type { DocBody } from './doc-specs.js';
import { type AnyDb, type SyncDocument, chunks, docKey } from './documents.js';
import { unknownReferences } from './line-references.js';
import { undoneTwice } from './undone-twice.js';

/** The documents that take a receipt number, and the table of their main row. */
const NUMBERED: Readonly<Record<string, string>> = {
  sale: 'sales',
  reversal: 'sale_reversals',
  debtor_payment: 'debtor_payments',
  day_close: 'day_closes',
};

const receiptOf = (doc: SyncDocument): string | null => {
  const table = NUMBERED[doc.type];
  const no = table ? doc.body[table]?.[0]?.receipt_no : undefined;
  return typeof no === 'string' && no !== '' ? no : null;
};

/** Every row id a document carries: what a later document may refer to. */
export function rowIds(body: DocBody, into: Set<string>): void {
  for (const rows of Object.values(body)) for (const r of rows) if (typeof r.id === 'string') into.add(r.id);
}

export const refersTo = (doc: SyncDocument, ids: ReadonlySet<string>): boolean =>
  Object.values(doc.body).some((rows) =>
    rows.some((r) => Object.entries(r).some(([k, v]) => k !== 'id' && typeof v === 'string' && ids.has(v))),
  );

/**
 * New documents that cannot be written (ADR 11 §11.2, the last guard of the receipt series): a
 * number another document of the business already has here (`receipt_taken`: a revoked server
 * that sold on in its old series after its replacement took it), and a document that refers to
 * one set aside, in this batch or an earlier one (`missing_reference`: the refund of such a sale),
 * and one whose lines name a product, location or sale the business lacks (`missing_reference`
 * too: line-references.ts). They are quarantined for the owner instead of failing every later batch on the unique index.
 */
export async function setAside(
  k: AnyDb,
  businessId: string,
  fresh: readonly SyncDocument[],
): Promise<Map<string, QuarantineReason>> {
  const out = new Map<string, QuarantineReason>();
  const numbered = fresh.filter((d) => receiptOf(d) !== null);
  if (numbered.length > 0) {
    const holder = await receiptHolders(
      k,
      businessId,
      numbered.map((d) => receiptOf(d)!),
    );
    for (const d of numbered) {
      const no = receiptOf(d)!;
      const held = holder.get(no);
      if (held !== undefined && held !== d.id) out.set(docKey(d.type, d.id), 'receipt_taken');
      else holder.set(no, d.id);
    }
  }
  // the more telling reason where a second close's receipt number is taken as well
  for (const key of await secondCloses(k, businessId, fresh)) out.set(key, 'day_closed_twice');
  for (const [key, reason] of await undoneTwice(k, businessId, fresh)) out.set(key, reason);
  const unknown = await unknownReferences(
    k,
    businessId,
    fresh,
    fresh.map((d) => d.body),
  );
  for (const d of fresh) {
    const key = docKey(d.type, d.id);
    if (unknown.has(key) && !out.has(key)) out.set(key, 'missing_reference');
  }
  const withheld = await withheldIds(k, businessId);
  for (const d of fresh) if (out.has(docKey(d.type, d.id))) rowIds(d.body, withheld);
  if (withheld.size === 0) return out;
  for (const d of fresh) {
    const key = docKey(d.type, d.id);
    if (out.has(key) || !refersTo(d, withheld)) continue;
    out.set(key, 'missing_reference');
    rowIds(d.body, withheld);
  }
  return out;
}

/**
 * The day closes of a location and day the business closed already here, by another close (two
 * servers that each took themselves for the location's home, ADR 11 §11.4), or earlier in this
 * batch: the unique `day_closes_once` would fail every later batch; the first close stands.
 */
async function secondCloses(k: AnyDb, businessId: string, fresh: readonly SyncDocument[]): Promise<string[]> {
  const closes = fresh.flatMap((d) => {
    const row = d.type === 'day_close' ? d.body.day_closes?.[0] : undefined;
    return row ? [{ doc: d, at: `${String(row.location_id)}|${String(row.day)}` }] : [];
  });
  if (closes.length === 0) return [];
  const closedBy = new Map<string, string>();
  for (const slice of chunks([...new Set(closes.map((c) => c.at.split('|')[1]!))], 500)) {
    const rows = await k
      .selectFrom('day_closes')
      .select(['id', 'location_id', 'day'])
      .where('business_id', '=', businessId)
      .where('day', 'in', slice)
      .execute();
    for (const r of rows) closedBy.set(`${String(r.location_id)}|${String(r.day)}`, String(r.id));
  }
  const out: string[] = [];
  for (const c of closes) {
    const held = closedBy.get(c.at);
    if (held !== undefined && held !== c.doc.id) out.push(docKey(c.doc.type, c.doc.id));
    else closedBy.set(c.at, c.doc.id);
  }
  return out;
}

/** Which document holds each of these receipt numbers here. */
async function receiptHolders(k: AnyDb, businessId: string, numbers: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const table of Object.values(NUMBERED))
    for (const slice of chunks([...new Set(numbers)], 500)) {
      const rows = await k
        .selectFrom(table)
        .select(['id', 'receipt_no'])
        .where('business_id', '=', businessId)
        .where('receipt_no', 'in', slice)
        .execute();
      for (const r of rows) out.set(String(r.receipt_no), String(r.id));
    }
  return out;
}

/** Documents set aside for these reasons are never written here, nor what refers to them. */
const WITHHELD: QuarantineReason[] = [
  'receipt_taken',
  'missing_reference',
  'day_closed_twice',
  'voided_twice',
  'reversed_twice',
  'value_taken',
];

/**
 * The rows of documents quarantined earlier for these reasons: never written here; and the ids of
 * those refused as another business's (their content is not kept, their id is what a sale or a
 * payment names: written, it failed every later batch on the foreign key, and sync stopped).
 */
async function withheldIds(k: AnyDb, businessId: string): Promise<Set<string>> {
  const out = new Set<string>();
  const rows = await k
    .selectFrom('sync_quarantine')
    .select(['incoming', 'reason', 'doc_id'])
    .where('business_id', '=', businessId)
    .where('reason', 'in', [...WITHHELD, 'other_business'])
    .execute();
  for (const r of rows) {
    if (r.reason === 'other_business') {
      out.add(String(r.doc_id));
      continue;
    }
    try {
      rowIds(JSON.parse(String(r.incoming)) as DocBody, out);
    } catch {
      // A row that is not a body withholds nothing.
    }
  }
  return out;
}
