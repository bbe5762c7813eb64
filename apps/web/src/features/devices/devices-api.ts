import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { deviceSchema, journalEntrySchema } from '@duka/domain';
import { api } from '../../lib/api-client';

export const DEVICES_KEY = ['devices'] as const;

export function useDevices() {
  return useQuery({
    queryKey: DEVICES_KEY,
    queryFn: () => api('/api/devices', { schema: z.array(deviceSchema) }),
  });
}

export function useUpdateDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: string;
      body: { name?: string; status?: 'pending' | 'approved' | 'blocked' };
    }) => api(`/api/devices/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: deviceSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

/** Entries read per page of the audit trail. */
export const JOURNAL_PAGE = 100;

/**
 * A page of the audit trail, newest first by when each entry was made: the newest (`before` null),
 * or those before a cursor from `nextJournalPage`. (Pages by hand, not useInfiniteQuery: that put
 * TanStack's infinite-query code into the till's start, 0.3 KB over its budget.)
 */
export function useJournalPage(before: string | null) {
  return useQuery({
    queryKey: ['journal', before],
    queryFn: () =>
      api(`/api/journal?limit=${JOURNAL_PAGE}${before ? `&${before}` : ''}`, {
        schema: z.array(journalEntrySchema),
      }),
  });
}

/**
 * Where the page after `page` starts, when it was full: before its last entry's time and number
 * (the query's `before_time` and `before_seq`).
 */
export function nextJournalPage(page: { seq: number; created_at: string }[] | undefined): string | null {
  const last = page && page.length === JOURNAL_PAGE ? page.at(-1) : undefined;
  return last ? `before_time=${encodeURIComponent(last.created_at)}&before_seq=${last.seq}` : null;
}
