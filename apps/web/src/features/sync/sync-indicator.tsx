import { lazyModule, useLazyModule } from '../../lib/lazy-module';
import { HEADER_REFRESH_MS, useSyncStatus } from './sync-status';

/**
 * The light's words and icons, loaded once the status says the business is linked: a shop that
 * is not (most shops' tills) never loads them, and one that is loads them after the till has
 * painted, not with its start (issue 21). Code that did not come is asked for again with the next status.
 */
const syncLight = lazyModule(() => import('./sync-light'));

/** The header's sync light, for admins: absent when not linked (sync-light.tsx says the rest). */
export function SyncIndicator() {
  const status = useSyncStatus(HEADER_REFRESH_MS);
  const linked = status.data?.linked === true;
  const light = useLazyModule(syncLight, linked, status.dataUpdatedAt);
  if (!linked || !light || !status.data) return null;
  return <light.SyncLight status={status.data} />;
}
