import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type Product,
  type ProductImportAnswer,
  productImportAnswerSchema,
  movementSchema,
  priceHistorySchema,
  productSchema,
  stockCountReviewSchema,
  type StockCount,
  stockCountListItemSchema,
  stockCountSchema,
  supplierSchema,
  stockDocumentSchema,
} from '@duka/domain';
import { api } from '../../lib/api-client';
import { countReadPath, withCountRead } from './count-cache';

export function useCategories() {
  return useQuery({
    queryKey: ['products', 'categories'],
    queryFn: () => api('/api/products/categories', { schema: z.array(z.string()) }),
  });
}

export function usePriceHistory(id: string | null) {
  return useQuery({
    enabled: !!id,
    queryKey: ['products', id, 'prices'],
    queryFn: () => api(`/api/products/${id}/prices`, { schema: z.array(priceHistorySchema) }),
  });
}

export function useMovements(id: string | null) {
  return useQuery({
    enabled: !!id,
    queryKey: ['products', id, 'movements'],
    queryFn: () => api(`/api/products/${id}/movements`, { schema: z.array(movementSchema) }),
  });
}

export type ProductBody = Omit<Product, 'id' | 'avg_cost' | 'levels' | 'on_hand' | 'updated_at'>;

export function useSaveProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Partial<ProductBody> & { id?: string } }) =>
      id
        ? api(`/api/products/${id}`, { method: 'PATCH', body, schema: productSchema })
        : // a new product carries its own id (kept until it is created): a retry never makes two
          api('/api/products', { method: 'POST', body, schema: productSchema, retry: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['products'] }),
  });
}

/** The suppliers, asked for only while `enabled` (a supplier receipt: other documents name none). */
export function useSuppliers(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['suppliers'],
    queryFn: () => api('/api/suppliers', { schema: z.array(supplierSchema) }),
  });
}

export function useSupplierReceipts(id: string | null) {
  return useQuery({
    enabled: !!id,
    queryKey: ['suppliers', id, 'receipts'],
    queryFn: () => api(`/api/suppliers/${id}/receipts`, { schema: z.array(stockDocumentSchema) }),
  });
}

export function useOpenCounts() {
  return useQuery({
    queryKey: ['stock-counts', 'open'],
    queryFn: () => api('/api/stock-counts?status=open', { schema: z.array(stockCountListItemSchema) }),
  });
}

/** The newest counts of any status (the server's hundred): the closed ones are listed to see again. */
export function useRecentCounts() {
  return useQuery({
    queryKey: ['stock-counts', 'recent'],
    queryFn: () => api('/api/stock-counts', { schema: z.array(stockCountListItemSchema) }),
  });
}

/**
 * How often an open count is read again while its screen is open: a scan's answer brings its own
 * product's total only (count-cache.ts), so what the other counters count reaches this screen
 * by this read (a shelf a colleague counted shows as counted, not as one still to count).
 */
export const COUNT_REFRESH_MS = 20_000;

export function useCount(id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    enabled: !!id,
    queryKey: ['stock-counts', id],
    queryFn: async () => {
      const held = qc.getQueryData<StockCount>(['stock-counts', id]);
      return withCountRead(held, await api(countReadPath(id!, held), { schema: stockCountSchema }));
    },
    refetchInterval: (q) => (q.state.data?.status === 'open' ? COUNT_REFRESH_MS : false),
  });
}

export function useCountReview(id: string | null, enabled: boolean) {
  return useQuery({
    enabled: !!id && enabled,
    queryKey: ['stock-counts', id, 'review'],
    queryFn: () => api(`/api/stock-counts/${id}/review`, { schema: stockCountReviewSchema }),
  });
}

/** The CSV import's preview or result: the API's own schema, a newer server's row error codes kept as text. */
export const importResultSchema = productImportAnswerSchema;
export type ImportResult = ProductImportAnswer;
