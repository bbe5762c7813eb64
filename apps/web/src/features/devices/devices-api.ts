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

export function useJournal() {
  return useQuery({
    queryKey: ['journal'],
    queryFn: () => api('/api/journal', { schema: z.array(journalEntrySchema) }),
  });
}
