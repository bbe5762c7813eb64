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
 * A page of the audit trail, newest first: the newest (`before` null), or those before an entry's
 * seq. (Pages by hand, not useInfiniteQuery: that put TanStack's infinite-query code into the
 * till's start, 0.3 KB over its budget.)
 */
export function useJournalPage(before: number | null) {
  return useQuery({
    queryKey: ['journal', before],
    queryFn: () =>
      api(`/api/journal?limit=${JOURNAL_PAGE}${before ? `&before_seq=${before}` : ''}`, {
        schema: z.array(journalEntrySchema),
      }),
  });
}

/** Where the page after `page` starts: before its last entry, when it was full. */
export const nextJournalPage = (page: { seq: number }[] | undefined): number | null =>
  page && page.length === JOURNAL_PAGE ? (page.at(-1)?.seq ?? null) : null;
