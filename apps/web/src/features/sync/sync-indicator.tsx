import { Suspense } from 'react';
import { lazyOrNothing } from '../../lib/lazy-panel';
import { HEADER_REFRESH_MS, useSyncStatus } from './sync-status';

/**
 * The light's words and icons, loaded once the status says the business is linked: a shop that
 * is not (most shops' tills) never loads them, and one that is loads them after the till has
 * painted, not with its start (issue 21).
 */
const SyncLight = lazyOrNothing(() => import('./sync-light').then((m) => m.SyncLight));

/** The header's sync light, for admins: absent when not linked (sync-light.tsx says the rest). */
export function SyncIndicator() {
  const status = useSyncStatus(HEADER_REFRESH_MS);
  if (!status.data?.linked) return null;
  return (
    <Suspense fallback={null}>
      <SyncLight status={status.data} />
    </Suspense>
  );
}
