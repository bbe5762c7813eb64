import type { SyncStatusView } from '../api/sync.js';
import { SYNC_ALERT_AFTER_MS } from './rules.js';

// How the header reads a sync status, without the schemas (api/sync.ts): it does on every screen,
// the till's included, and zod is not part of the till's first load (issue 21).

/** How the header indicator reads a status: nothing, fine, working on it, or look at me. */
export type SyncHealth = 'none' | 'ok' | 'busy' | 'alert';

/** ADR 11 §8: green when linked and caught up, amber while copying or retrying, red after an hour or when stopped. */
/** Records set aside that the owner should look at: the hosted side's and, on a shop PC, its own. */
export const setAsideCount = (s: SyncStatusView): number =>
  s.quarantine_open + (s.role === 'local' ? s.quarantine_here : 0);

export function syncHealth(s: SyncStatusView, nowMs: number): SyncHealth {
  if (!s.linked) return 'none';
  if (setAsideCount(s) > 0) return 'alert';
  if (s.role === 'hosted') {
    const live = s.servers.filter((x) => !x.revoked_at);
    if (live.some((x) => x.state !== 'active' && x.state !== 'copying')) return 'alert';
    const stale = live.some(
      (x) => !x.last_contact_at || nowMs - Date.parse(x.last_contact_at) > SYNC_ALERT_AFTER_MS,
    );
    if (stale) return 'alert';
    return live.some((x) => x.waiting > 0 || x.state === 'copying') ? 'busy' : 'ok';
  }
  if (s.state === 'diverged' || s.state === 'revoked' || s.state === 'refused') return 'alert';
  if (s.failing_since && nowMs - Date.parse(s.failing_since) > SYNC_ALERT_AFTER_MS) return 'alert';
  if (s.state === 'copying' || s.failing_since) return 'busy';
  const contact = s.last_contact_at ? nowMs - Date.parse(s.last_contact_at) : Infinity;
  if (contact > 10 * 60_000) return 'busy';
  const oldest = s.oldest_unsynced_sale_at ? nowMs - Date.parse(s.oldest_unsynced_sale_at) : 0;
  return s.waiting.entries > 0 && oldest > 60_000 ? 'busy' : 'ok';
}
