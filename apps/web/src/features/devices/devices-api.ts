import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** The audit trail, newest first, a page at a time (the next page: before the last entry's seq). */
export function useJournal() {
  return useInfiniteQuery({
    queryKey: ['journal'],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      api(`/api/journal?limit=${JOURNAL_PAGE}${pageParam ? `&before_seq=${pageParam}` : ''}`, {
        schema: z.array(journalEntrySchema),
      }),
    getNextPageParam: (last) => (last.length < JOURNAL_PAGE ? null : (last.at(-1)?.seq ?? null)),
  });
}
