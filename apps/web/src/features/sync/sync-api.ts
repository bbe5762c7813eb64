import { type Query, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type LinkBody,
  type SyncStatusView,
  isAdminRole,
  linkCodeViewSchema,
  quarantineListSchema,
  syncStatusSchema,
} from '@duka/domain';
import { api } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { useSession } from '../../lib/session-context';
import { ME_QUERY_KEY } from '../auth';

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

const pollEvery = (ms: number) => (q: Query<SyncStatusView>) => (isFinalRefusal(q.state.error) ? false : ms);

const fetchStatus = () =>
  api('/api/sync/status', { schema: syncStatusSchema, expectUnauthorized: true, retry: false });

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

/** A write that answers the new status puts it in place (and the session may have changed). */
function useStatusWrite<A>(call: (arg: A) => Promise<SyncStatusView>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => {
      qc.setQueryData(SYNC_STATUS_KEY, data);
      void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
      void qc.invalidateQueries({ queryKey: QUARANTINE_KEY });
    },
  });
}

/** Local: link this shop to a hosted server with a link code made there. */
export function useLink() {
  return useStatusWrite((body: LinkBody) =>
    api('/api/sync/link', { method: 'POST', body, schema: syncStatusSchema }),
  );
}

/** Local: forget the link (the hosted side keeps its row until an admin revokes it). */
export function useUnlink() {
  return useStatusWrite(() => api('/api/sync/unlink', { method: 'POST', schema: syncStatusSchema }));
}

/** Hosted: revoke a shop server's credential. */
export function useRevoke() {
  return useStatusWrite((id: string) =>
    api(`/api/sync/servers/${encodeURIComponent(id)}/revoke`, { method: 'POST', schema: syncStatusSchema }),
  );
}

/** Hosted: a new link code (8 characters, 15 minutes). */
export function useMakeLinkCode() {
  return useMutation({
    mutationFn: () => api('/api/sync/link-codes', { method: 'POST', schema: linkCodeViewSchema }),
  });
}

/** Hosted: the documents the shops sent that were set aside instead of written. */
export function useQuarantine(enabled: boolean) {
  return useQuery({
    queryKey: QUARANTINE_KEY,
    queryFn: () => api('/api/sync/quarantine', { schema: quarantineListSchema }),
    enabled,
    refetchInterval: (q) => (isFinalRefusal(q.state.error) ? false : SECTION_REFRESH_MS),
  });
}

/** Hosted: dismiss a quarantined document (the stored one stays). */
export function useDismiss() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/sync/quarantine/${encodeURIComponent(id)}/dismiss`, {
        method: 'POST',
        schema: quarantineListSchema,
      }),
    onSuccess: (data) => {
      qc.setQueryData(QUARANTINE_KEY, data);
      void qc.invalidateQueries({ queryKey: SYNC_STATUS_KEY });
    },
  });
}
