import { businessDay } from '@duka/domain';
import type { Trx } from '../../lib/tx.js';
import type { SyncDocument } from './documents.js';

type Row = Record<string, unknown>;

/**
 * The business day of the stock movements a batch writes (ADR 6, migration 0038). It does not
 * travel (doc-specs `omit`: a movement's document is the same forever, and the ones recorded
 * before the column have none), so the receiver gives it as the sender did: a sale's or a
 * reversal's movements the day of their document, which travels with them; a stock document's or
 * a count's the day of their instant in the business's zone.
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

/** The movements with their business day (`documentDays` for a sale's or reversal's, else by zone). */
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
