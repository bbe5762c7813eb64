import { HEADER_REFRESH_MS, useSyncStatus } from './sync-status';
import { type SyncNotice, syncNotices } from './sync-words';
import { useWording } from './use-wording';

/** The notifications panel's sync entries, from the status the header indicator polls. */
export function useSyncNotices(): SyncNotice[] {
  const status = useSyncStatus(HEADER_REFRESH_MS);
  const w = useWording(HEADER_REFRESH_MS);
  return status.data ? syncNotices(w, status.data) : [];
}
