import type { Trx } from '../../lib/tx.js';
import type { SyncDocument } from './documents.js';

type Row = Record<string, unknown>;
const orderOf = (r: Row) =>
  `${typeof r.confirmed_at === 'string' ? r.confirmed_at : ''}|${typeof r.confirmed_by === 'string' ? r.confirmed_by : ''}`;

/**
 * A transfer confirmed on two servers apart (two-way sync): one fact, by two people at two times.
 * Each side took the other's for a ledger document with other content and set it aside for good,
 * and the two copies never agreed (the QA's sync run). The earlier confirmation stands on every
 * server: a later one arriving changes nothing, an earlier one takes the stored one's place. Its
 * totals do not move (the transfer was confirmed either way). Answers whether it was a
 * confirmation, and whether it was written.
 */
export async function settleConfirmation(
  trx: Trx,
  businessId: string,
  doc: SyncDocument,
  before: SyncDocument,
): Promise<'applied' | 'unchanged' | null> {
  if (doc.type !== 'transfer') return null;
  const incoming = doc.body.transfer_confirmations?.[0];
  const stored = before.body.transfer_confirmations?.[0];
  if (!incoming || !stored || typeof incoming.confirmed_at !== 'string') return null;
  if (orderOf(incoming) >= orderOf(stored)) return 'unchanged';
  await trx
    .updateTable('transfer_confirmations')
    .set({
      confirmed_at: incoming.confirmed_at,
      confirmed_by: (incoming.confirmed_by as string | null) ?? null,
    })
    .where('transfer_id', '=', doc.id)
    .where('business_id', '=', businessId)
    .execute();
  return 'applied';
}
