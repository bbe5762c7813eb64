import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type LinkBody, type SyncStatusView, linkCodeViewSchema, quarantineListSchema } from '@duka/domain';
import { api } from '../../lib/api-client';
import { answerCheck } from '../../lib/answer-checks';
import { ME_QUERY_KEY } from '../auth';
import { QUARANTINE_KEY, SECTION_REFRESH_MS, SYNC_STATUS_KEY, isFinalRefusal } from './sync-status';

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
    api('/api/sync/link', { method: 'POST', body, schema: answerCheck('syncStatus') }),
  );
}

/** Local: forget the link (the hosted side keeps its row until an admin revokes it). */
export function useUnlink() {
  return useStatusWrite(() => api('/api/sync/unlink', { method: 'POST', schema: answerCheck('syncStatus') }));
}

/** Hosted: revoke a shop server's credential. */
export function useRevoke() {
  return useStatusWrite((id: string) =>
    api(`/api/sync/servers/${encodeURIComponent(id)}/revoke`, {
      method: 'POST',
      schema: answerCheck('syncStatus'),
    }),
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
