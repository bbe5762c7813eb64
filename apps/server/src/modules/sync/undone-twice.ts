import type { QuarantineReason } from '@duka/domain';
import { type AnyDb, type SyncDocument, chunks, docKey } from './documents.js';

type Row = Record<string, unknown>;

/**
 * New documents that undo what was undone already here (two servers apart, each voiding or
 * reversing the same thing, two-way sync): an expense's second void (`voided_twice`: the unique
 * `voids_id` would fail every later batch, and sync would stop for good in both directions), a
 * debtor payment's second void (`voided_twice` too: the debt would go back on twice), and
 * a reversal that would take a sale line past what was sold (`reversed_twice`: the stock and the
 * money would go back twice). The first to arrive stands; the second is set aside for the owner,
 * as a second day close is (receipt-clash.ts).
 */
export async function undoneTwice(
  k: AnyDb,
  businessId: string,
  fresh: readonly SyncDocument[],
): Promise<Map<string, QuarantineReason>> {
  const out = new Map<string, QuarantineReason>();
  for (const table of ['expenses', 'debtor_payments'] as const)
    for (const key of await secondVoids(k, businessId, fresh, table)) out.set(key, 'voided_twice');
  for (const key of await pastWhatWasSold(k, businessId, fresh)) out.set(key, 'reversed_twice');
  return out;
}

/** The document type whose main rows are in each table that voids by `voids_id`. */
const VOIDING = { expenses: 'expense', debtor_payments: 'debtor_payment' } as const;

/** Voids of an expense, or of a debtor's payment, that another void here (or earlier in the batch) undid. */
async function secondVoids(
  k: AnyDb,
  businessId: string,
  fresh: readonly SyncDocument[],
  table: keyof typeof VOIDING,
): Promise<string[]> {
  const voids = fresh.flatMap((d) => {
    const of = d.type === VOIDING[table] ? d.body[table]?.[0]?.voids_id : undefined;
    return typeof of === 'string' ? [{ doc: d, of }] : [];
  });
  if (voids.length === 0) return [];
  const voidedBy = new Map<string, string>();
  for (const slice of chunks([...new Set(voids.map((v) => v.of))], 500)) {
    const rows = await k
      .selectFrom(table)
      .select(['id', 'voids_id'])
      .where('business_id', '=', businessId)
      .where('voids_id', 'in', slice)
      .execute();
    for (const r of rows) voidedBy.set(String(r.voids_id), String(r.id));
  }
  const out: string[] = [];
  for (const v of voids) {
    const held = voidedBy.get(v.of);
    if (held !== undefined && held !== v.doc.id) out.push(docKey(v.doc.type, v.doc.id));
    else voidedBy.set(v.of, v.doc.id);
  }
  return out;
}

const lineKey = (saleId: unknown, lineNo: unknown) => `${String(saleId)}|${Number(lineNo)}`;

/** Reversals whose lines would take a sale line's reversed quantity past its sold quantity. */
async function pastWhatWasSold(
  k: AnyDb,
  businessId: string,
  fresh: readonly SyncDocument[],
): Promise<string[]> {
  const reversals = fresh.filter((d) => d.type === 'reversal');
  if (reversals.length === 0) return [];
  const saleIds = [
    ...new Set(reversals.flatMap((d) => (d.body.sale_reversal_lines ?? []).map((l) => String(l.sale_id)))),
  ];
  const sold = new Map<string, number>();
  const reversed = new Map<string, number>();
  for (const slice of chunks(saleIds, 500)) {
    const lines = await k
      .selectFrom('sale_lines')
      .select(['sale_id', 'line_no', 'quantity'])
      .where('business_id', '=', businessId)
      .where('sale_id', 'in', slice)
      .execute();
    for (const l of lines) sold.set(lineKey(l.sale_id, l.line_no), Number(l.quantity));
    const back = await k
      .selectFrom('sale_reversal_lines')
      .select(['sale_id', 'sale_line_no', 'quantity'])
      .where('business_id', '=', businessId)
      .where('sale_id', 'in', slice)
      .execute();
    for (const l of back) {
      const key = lineKey(l.sale_id, l.sale_line_no);
      reversed.set(key, (reversed.get(key) ?? 0) + Number(l.quantity));
    }
  }
  // sold in this batch too (a sale and its reversal sent together)
  for (const d of fresh)
    if (d.type === 'sale')
      for (const l of d.body.sale_lines ?? []) sold.set(lineKey(d.id, l.line_no), Number(l.quantity));
  const out: string[] = [];
  for (const d of reversals) {
    const lines: Row[] = d.body.sale_reversal_lines ?? [];
    const past = lines.some((l) => {
      const key = lineKey(l.sale_id, l.sale_line_no);
      const of = sold.get(key);
      return of !== undefined && (reversed.get(key) ?? 0) + Number(l.quantity) > of;
    });
    if (past) {
      out.push(docKey(d.type, d.id));
      continue;
    }
    for (const l of lines) {
      const key = lineKey(l.sale_id, l.sale_line_no);
      reversed.set(key, (reversed.get(key) ?? 0) + Number(l.quantity));
    }
  }
  return out;
}
