import { useQuery } from '@tanstack/react-query';
import { dailySummarySchema, dayCloseSchema } from '@duka/domain';
import { api } from '../../lib/api-client';

/**
 * A location's day: sales by kind, reversals, cash expenses and debtor payments, expected cash;
 * read again each minute while open, as the owner's notifications are (a till's sale after the
 * close, a sync bringing the day's records, show without a reload).
 */
export function useDaily(locationId: string | null, day: string) {
  return useQuery({
    enabled: !!locationId,
    queryKey: ['daily', locationId, day],
    queryFn: ({ signal }) =>
      api(`/api/daily-sales?${new URLSearchParams({ location_id: locationId!, day }).toString()}`, {
        schema: dailySummarySchema,
        signal,
      }),
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

export interface CloseBody {
  id: string;
  location_id: string;
  day: string;
  counted_cash: number;
  note: string;
}

/** Closes the day once (idempotent by the id the page made). */
export const closeDay = (body: CloseBody) =>
  api('/api/daily-sales/close', { method: 'POST', body, schema: dayCloseSchema, retry: true });
