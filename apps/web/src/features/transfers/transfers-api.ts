import {
  type QueryClient,
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { type Provider, providerSchema, transferListSchema, transferSchema } from '@duka/domain';
import { api } from '../../lib/api-client';

export interface TransferFilter {
  from?: string;
  to?: string;
  provider_id?: string;
  location_id?: string;
  status?: 'confirmed' | 'unconfirmed';
  source?: 'sale' | 'debtor_payment' | 'reversal';
  q?: string;
  limit: number;
  offset: number;
}

export function transfersUrl(f: TransferFilter): string {
  const p = new URLSearchParams();
  for (const k of ['from', 'to', 'provider_id', 'location_id', 'status', 'source', 'q'] as const) {
    const v = f[k];
    if (v) p.set(k, v);
  }
  p.set('limit', String(f.limit));
  p.set('offset', String(f.offset));
  return `/api/transfers?${p.toString()}`;
}

export function useTransfers(f: TransferFilter) {
  return useQuery({
    queryKey: ['transfers', 'list', f],
    queryFn: ({ signal }) => api(transfersUrl(f), { schema: transferListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Admin: the transfer shows on the bank or mobile-money statement. */
export function useConfirmTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/transfers/${id}/confirm`, { method: 'POST', schema: transferSchema, retry: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['transfers'] }),
  });
}

export const PROVIDERS_KEY = ['payment-providers'] as const;

const providersQuery = {
  queryKey: PROVIDERS_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api('/api/payment-providers', { schema: z.array(providerSchema), signal }),
};

/** Banks and mobile-money services; pickers show the active ones. */
export function useProviders() {
  return useQuery(providersQuery);
}

/** The provider `id` as the server holds it now (the list read again, whatever is cached), or null. */
export async function freshProvider(qc: QueryClient, id: string): Promise<Provider | null> {
  const all = await qc.fetchQuery({ ...providersQuery, staleTime: 0 });
  return all.find((p) => p.id === id) ?? null;
}

export type ProviderFields = Partial<Pick<Provider, 'name' | 'kind' | 'active'>>;

/**
 * A change to the provider `id`; or (`id: null`) a new one under the id its form keeps until it is
 * created, so a retry after a lost answer never makes two.
 */
export type ProviderSave =
  { id: string; body: ProviderFields } | { id: null; body: ProviderFields & { id: string } };

export function useSaveProvider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: ProviderSave) =>
      id
        ? api(`/api/payment-providers/${id}`, { method: 'PATCH', body, schema: providerSchema })
        : api('/api/payment-providers', { method: 'POST', body, schema: providerSchema, retry: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: PROVIDERS_KEY });
      void qc.invalidateQueries({ queryKey: ['transfers'] });
    },
  });
}
