import { SYNC_MAX_DRIFT_MS } from '@duka/domain';
import type { Trx } from '../../lib/tx.js';
import { ofBusiness } from '../../db/dialect.js';
import { type DayEntry, dayMovementsOfEntries } from './movement-days.js';

/** A received journal entry, as far as what it does here goes. */
interface ReceivedEntry extends DayEntry {
  action: string;
  user_id: string | null;
  created_at: string;
}

/**
 * What received journal entries do on this server beyond being journalled. Sessions are each
 * server's own and never travel (ADR 11 §10), so "Sign out on other devices" made on one server
 * (`auth.logout_others`) ended only that server's sessions: a phone signed in on the hosted site
 * stayed signed in after its owner signed out everywhere from the shop's PC. Its entry does
 * travel: here it ends the user's sessions that were signed in by the time it was made, by this
 * server's clock give or take the drift sync allows between servers (`SYNC_MAX_DRIFT_MS`, 5
 * minutes: a shop PC's clock that far behind still ends a phone signed in just before; a sign-in
 * here within 5 minutes after it is ended too, the safe side). A sign-in here later stays.
 * `nowIso` is this server's time of ending them. A stock document's or count's entry puts its
 * movements on the day it names (movement-days.ts `dayMovementsOfEntries`).
 */
export async function applyEntryEffects(
  trx: Trx,
  businessId: string,
  entries: readonly ReceivedEntry[],
  nowIso: string,
): Promise<void> {
  await dayMovementsOfEntries(trx, businessId, entries);
  for (const e of entries) {
    if (e.action !== 'auth.logout_others' || !e.user_id) continue;
    const madeBy = new Date(Date.parse(e.created_at) + SYNC_MAX_DRIFT_MS).toISOString();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: nowIso })
      .where(ofBusiness(trx, 'business_id', businessId))
      .where('user_id', '=', e.user_id)
      .where('revoked_at', 'is', null)
      .where('created_at', '<=', madeBy)
      .execute();
  }
}
