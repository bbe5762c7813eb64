import { useQuery } from '@tanstack/react-query';
import { type SaleKind, debtorSchema, reversalSchema, saleSchema, salesListSchema } from '@duka/domain';
import { api } from '../../lib/api-client';

export interface SalesFilter {
  day: string;
  location_id?: string | undefined;
  kind?: SaleKind | undefined;
}

export function salesUrl(f: SalesFilter): string {
  const p = new URLSearchParams({ day: f.day });
  if (f.location_id) p.set('location_id', f.location_id);
  if (f.kind) p.set('kind', f.kind);
  return `/api/sales?${p.toString()}`;
}

/** A day's sales and reversals with totals by kind (staff: their own). */
export function useSalesDay(f: SalesFilter, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['sales', 'day', f],
    queryFn: ({ signal }) => api(salesUrl(f), { schema: salesListSchema, signal }),
  });
}

export function useSale(id: string | null) {
  return useQuery({
    enabled: !!id,
    queryKey: ['sales', 'one', id],
    queryFn: ({ signal }) => api(`/api/sales/${id}`, { schema: saleSchema, signal }),
  });
}

export function useReversal(id: string | null) {
  return useQuery({
    enabled: !!id,
    queryKey: ['reversals', id],
    queryFn: ({ signal }) => api(`/api/reversals/${id}`, { schema: reversalSchema, signal }),
  });
}

/** A sale by the number printed on its receipt (000123, 123 or #000123). */
export const fetchSaleByReceipt = (receiptNo: string, signal?: AbortSignal) =>
  api(`/api/sales/by-receipt/${encodeURIComponent(receiptNo.trim())}`, { schema: saleSchema, signal });

export function useDebtor(id: string | null) {
  return useQuery({
    enabled: !!id,
    queryKey: ['debtors', id],
    queryFn: ({ signal }) => api(`/api/debtors/${id}`, { schema: debtorSchema, signal }),
  });
}
