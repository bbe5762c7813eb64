import { useQuery } from '@tanstack/react-query';
import { answerCheck } from '../../lib/answer-checks';
import { api } from '../../lib/api-client';

/** How often the disk's state is asked for: a full disk shows within this time, and so does its end. */
const STORAGE_REFRESH_MS = 20_000;

/** Whether the server's disk is full (its writes failing), and the room left (local server). */
export function useStorageStatus() {
  return useQuery({
    queryKey: ['storage', 'status'],
    queryFn: () => api('/api/storage/status', { schema: answerCheck('storageStatus') }),
    refetchInterval: STORAGE_REFRESH_MS,
  });
}

/** Since when the disk is full, or null: the notifications panel's entry and the bell's count. */
export function useDiskFullSince(): string | null {
  return useStorageStatus().data?.disk_full_since ?? null;
}
