import { lazyModule, useLazyModule } from '../../lib/lazy-module';
import { HEADER_REFRESH_MS, mayHaveNotices, useSyncStatus } from './sync-status';
import type { SyncNotice } from './sync-words';
import { useWording } from './use-wording';

/** The sync words, loaded once a status may need them: not with the till's start (issue 21). */
const syncWords = lazyModule(() => import('./sync-words'));

/** The notifications panel's sync entries, from the status the header indicator polls. */
export function useSyncNotices(): SyncNotice[] {
  const status = useSyncStatus(HEADER_REFRESH_MS);
  const w = useWording(HEADER_REFRESH_MS);
  const data = status.data;
  const needed = mayHaveNotices(data);
  const words = useLazyModule(syncWords, needed, status.dataUpdatedAt);
  return needed && words ? words.syncNotices(w, data) : [];
}
