import { useQuery } from '@tanstack/react-query';
import type { SaleBody } from '@duka/domain';
import { api } from '../../lib/api-client';
import { fetchProducts } from '../stock';

/** The schemas of the answers below, loaded with the first of them (till-schemas.ts). */
const schemas = () => import('./till-schemas');
const schemaOf =
  <K extends keyof Awaited<ReturnType<typeof schemas>>>(name: K) =>
  () =>
    schemas().then((m) => m[name]);
/** Asks for them before they are needed: the payment dialog does, so a sale is not kept waiting. */
export const preloadTillSchemas = (): void => void schemas();

/** The tiles shown before anything is searched: the first products of the catalogue. */
export function useFavourites() {
  return useQuery({
    queryKey: ['products', 'till-favourites'],
    queryFn: ({ signal }) => fetchProducts({ limit: 12 }, signal),
    staleTime: 60_000,
  });
}

export function useProductSearch(q: string) {
  return useQuery({
    enabled: q.length > 0,
    queryKey: ['products', 'search', q],
    queryFn: ({ signal }) => fetchProducts({ q, limit: 12 }, signal),
    staleTime: 10_000,
  });
}

export const fetchProduct = (id: string) => api(`/api/products/${id}`, { schema: schemaOf('productSchema') });

/** Banks and mobile-money services, the active ones. */
export function useProviders(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['payment-providers'],
    queryFn: () => api('/api/payment-providers', { schema: schemaOf('providerListSchema') }),
    select: (list) => list.filter((p) => p.active),
  });
}

export function useDebtorSearch(q: string) {
  return useQuery({
    queryKey: ['debtors', 'till', q],
    queryFn: ({ signal }) => {
      const p = new URLSearchParams({ limit: '8' });
      if (q) p.set('q', q);
      return api(`/api/debtors?${p.toString()}`, {
        schema: schemaOf('debtorListSchema'),
        signal,
      });
    },
    staleTime: 5_000,
  });
}

export interface NewDebtor {
  id: string;
  name: string;
  phone: string;
  id_number: string;
  credit_limit?: number;
}

/** Adds a debtor; the id makes a retry safe. */
export const createDebtor = (body: NewDebtor) =>
  api('/api/debtors', { method: 'POST', body, schema: schemaOf('debtorSchema'), retry: true });

export const fetchDebtor = (id: string) => api(`/api/debtors/${id}`, { schema: schemaOf('debtorSchema') });

/** Records the sale. The same id answers the same sale, so a lost answer is simply retried. */
export const postSale = (body: SaleBody) =>
  api('/api/sales', { method: 'POST', body, schema: schemaOf('saleSchema'), retry: true });

export const fetchSale = (id: string) => api(`/api/sales/${id}`, { schema: schemaOf('saleSchema') });
