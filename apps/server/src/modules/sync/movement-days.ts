import { DAY_PATTERN, businessDay } from '@duka/domain';
import { ofBusiness } from '../../db/dialect.js';
import type { Trx } from '../../lib/tx.js';
import type { SyncDocument } from './documents.js';

type Row = Record<string, unknown>;

/**
 * The business day of the stock movements a batch writes (ADR 6, migration 0038). It does not
 * travel on the movements (doc-specs `omit`: a movement's document is the same forever, and the
 * ones recorded before the column have none), so the receiver gives it as the sender did: a sale's
 * or a reversal's movements the day of their document, which travels with them; a stock
 * document's or a count's finalise's the day its journal entry names (`detail.day`, written since
 * the forty-fourth session: entries travel, and a detail's new key changes no document), or, from
 * a sender before that, the day of their instant in the business's zone.
 */
export function documentDays(docs: readonly SyncDocument[]): Map<string, string> {
  const days = new Map<string, string>();
  for (const d of docs) {
    const main =
      d.type === 'sale' ? d.body.sales?.[0] : d.type === 'reversal' ? d.body.sale_reversals?.[0] : undefined;
    if (typeof main?.business_day === 'string') days.set(d.id, main.business_day);
  }
  return days;
}

/** A batch's journal entry, as far as the days are concerned. */
export interface DayEntry {
  doc_type: string;
  doc_id: string;
  detail?: string | null;
}

/**
 * The days the batch's journal entries name for stock documents and counts (their write's and
 * their finalise's): the day in the zone the sender read under its business's lock, so a change of
 * zone that reaches the receiver first (a business document is written before them) or was made
 * while a shop was offline does not move them.
 */
function entryDays(journal: readonly DayEntry[] | undefined): Map<string, string> {
  const days = new Map<string, string>();
  for (const e of journal ?? []) {
    if ((e.doc_type !== 'stock_document' && e.doc_type !== 'stock_count') || !e.detail) continue;
    let day: unknown;
    try {
      day = (JSON.parse(e.detail) as { day?: unknown } | null)?.day;
    } catch {
      continue;
    }
    if (typeof day === 'string' && DAY_PATTERN.test(day)) days.set(e.doc_id, day);
  }
  return days;
}

/**
 * The movements with their business day: `documentDays` for a sale's or reversal's, else by the
 * zone (a stock document's or count's is then set to the day its entry names, as the entry is
 * journalled: `dayMovementsOfEntries`).
 */
export async function withMovementDays(
  trx: Trx,
  businessId: string,
  rows: Row[],
  days: ReadonlyMap<string, string>,
): Promise<Row[]> {
  let zone: string | undefined;
  const out: Row[] = [];
  for (const r of rows) {
    let day = days.get(String(r.doc_id));
    if (day === undefined) {
      zone ??= (
        await trx
          .selectFrom('businesses')
          .select('timezone')
          .where('id', '=', businessId)
          .executeTakeFirstOrThrow()
      ).timezone;
      day = businessDay(String(r.created_at), zone);
    }
    out.push({ ...r, business_day: day });
  }
  return out;
}

/**
 * The movements of the stock documents and counts whose entries arrive here, moved to the day
 * their entry names where they were given another. The entries are journalled after the batch's
 * documents are written (`applyEntryEffects`, once per entry), and a count's document travels as
 * it is when its first entry is sent, so one finalised by then comes with its corrections in a
 * batch that holds only its start and its finalise's entry (with the day) in a later one (a count
 * of more than a batch's 1,000 entries made offline, a branch's first pull through the whole
 * history): either way its movements take the day here. The day is the receiver's own column,
 * given by it (doc-specs `omit`), so it is set again, not appended; a movement already on its day
 * is left alone.
 */
export async function dayMovementsOfEntries(
  trx: Trx,
  businessId: string,
  entries: readonly DayEntry[],
): Promise<void> {
  for (const [docId, day] of entryDays(entries))
    await trx
      .updateTable('stock_movements')
      .set({ business_day: day })
      .where(ofBusiness(trx, 'business_id', businessId))
      .where('doc_id', '=', docId)
      .where('business_day', '<>', day)
      .execute();
}
