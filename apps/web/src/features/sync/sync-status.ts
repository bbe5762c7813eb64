import { type Query, useQuery } from '@tanstack/react-query';
import { type SyncStatusView, isAdminRole } from '@duka/domain';
import { api } from '../../lib/api-client';
import { answerCheck } from '../../lib/answer-checks';
import { isApiError } from '../../lib/api-error';
import { useSession } from '../../lib/session-context';

// The sync status the header reads on every screen, the till's included: checked without zod
// (lib/answer-checks.ts); the section's writes and lists are in sync-api.ts.

export const SYNC_STATUS_KEY = ['sync', 'status'] as const;
export const QUARANTINE_KEY = ['sync', 'quarantine'] as const;

/** The sync section refreshes this often while it is open; the header indicator this often. */
export const SECTION_REFRESH_MS = 5_000;
export const HEADER_REFRESH_MS = 30_000;

/**
 * A refusal that will not change by asking again: signed out (401), not an admin (403), or a
 * server without the sync routes (404). Polling stops on it, quietly.
 */
export function isFinalRefusal(err: unknown): boolean {
  return isApiError(err) && err.kind === 'http' && [401, 403, 404].includes(err.status);
}

/** Whether a status can have notices at all: linked, or a shop whose link was revoked. */
export const mayHaveNotices = (s: SyncStatusView | undefined): s is SyncStatusView =>
  !!s && (s.linked || (s.role === 'local' && s.state === 'revoked'));

const pollEvery = (ms: number) => (q: Query<SyncStatusView>) => (isFinalRefusal(q.state.error) ? false : ms);

const fetchStatus = () =>
  api('/api/sync/status', { schema: answerCheck('syncStatus'), expectUnauthorized: true, retry: false });

/**
 * The sync status (ADR 11 §8), for admins only, refreshed every `intervalMs`. Every reader shares
 * one query, so the header, the notifications and the section agree.
 */
export function useSyncStatus(intervalMs: number) {
  const session = useSession();
  return useQuery({
    queryKey: SYNC_STATUS_KEY,
    queryFn: fetchStatus,
    enabled: isAdminRole(session.user.role),
    refetchInterval: pollEvery(intervalMs),
    refetchIntervalInBackground: false,
    retry: (count, err) => !isFinalRefusal(err) && count < 1,
  });
}
