import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type ExpenseBody,
  type ExpenseCategory,
  categorySchema,
  expenseListSchema,
  expenseSchema,
} from '@duka/domain';
import { api } from '../../lib/api-client';

export interface ExpenseFilter {
  from?: string;
  to?: string;
  category_id?: string;
  location_id?: string;
  method?: 'cash' | 'transfer';
  limit: number;
  offset: number;
}

export function expensesUrl(f: ExpenseFilter): string {
  const p = new URLSearchParams();
  for (const k of ['from', 'to', 'category_id', 'location_id', 'method'] as const) {
    const v = f[k];
    if (v) p.set(k, v);
  }
  p.set('limit', String(f.limit));
  p.set('offset', String(f.offset));
  return `/api/expenses?${p.toString()}`;
}

export function useExpenses(f: ExpenseFilter) {
  return useQuery({
    queryKey: ['expenses', 'list', f],
    queryFn: ({ signal }) => api(expensesUrl(f), { schema: expenseListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** An expense carries its own id (kept until it succeeds), so a retry never records it twice. */
export function useRecordExpense() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpenseBody) =>
      api('/api/expenses', { method: 'POST', body, schema: expenseSchema, retry: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['expenses'] }),
  });
}

/** The expense stored under `id` (what an earlier version of the expense form recorded). */
export const fetchExpense = (id: string) => api(`/api/expenses/${id}`, { schema: expenseSchema });

/** Voiding adds an opposite entry; the id of that entry is the idempotency key. */
export function useVoidExpense() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ expenseId, id, reason }: { expenseId: string; id: string; reason: string }) =>
      api(`/api/expenses/${expenseId}/void`, {
        method: 'POST',
        body: { id, reason },
        schema: expenseSchema,
        retry: true,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['expenses'] }),
  });
}

export const CATEGORIES_KEY = ['expense-categories'] as const;

export function useExpenseCategories() {
  return useQuery({
    queryKey: CATEGORIES_KEY,
    queryFn: ({ signal }) => api('/api/expense-categories', { schema: z.array(categorySchema), signal }),
  });
}

export type CategoryFields = Partial<Pick<ExpenseCategory, 'name' | 'active'>>;

/**
 * A change to the category `id`; or (`id: null`) a new one under the id its form keeps until it is
 * created, so a retry after a lost answer never makes two.
 */
export type CategorySave =
  { id: string; body: CategoryFields } | { id: null; body: CategoryFields & { id: string } };

export function useSaveCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: CategorySave) =>
      id
        ? api(`/api/expense-categories/${id}`, { method: 'PATCH', body, schema: categorySchema })
        : api('/api/expense-categories', { method: 'POST', body, schema: categorySchema, retry: true }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: CATEGORIES_KEY });
      void qc.invalidateQueries({ queryKey: ['expenses'] });
    },
  });
}
