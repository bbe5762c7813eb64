import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { debtorPaymentBodySchema, debtorPayoutBodySchema } from '@duka/domain';
import {
  type Debtor,
  type DebtorSortKey,
  debtorListSchema,
  debtorPaymentSchema,
  debtorSchema,
  statementSchema,
} from '@duka/domain';
import { api } from '../../lib/api-client';

export interface DebtorFilter {
  q?: string;
  owing?: boolean;
  over_limit?: boolean;
  include_inactive?: boolean;
  sort?: DebtorSortKey;
  dir?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export function debtorsUrl(f: DebtorFilter): string {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.owing) p.set('owing', 'true');
  if (f.over_limit) p.set('over_limit', 'true');
  if (f.include_inactive) p.set('include_inactive', 'true');
  if (f.sort) p.set('sort', f.sort);
  if (f.dir) p.set('dir', f.dir);
  p.set('limit', String(f.limit));
  p.set('offset', String(f.offset));
  return `/api/debtors?${p.toString()}`;
}

export function useDebtors(f: DebtorFilter) {
  return useQuery({
    queryKey: ['debtors', 'list', f],
    queryFn: ({ signal }) => api(debtorsUrl(f), { schema: debtorListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One debtor, fresh after a payment or an edit; starts from the row the list showed. */
/** A debtor named by the address (`/debtors?debtor=ID`), when the page did not have the row. */
export function useDebtorById(id: string | null) {
  return useQuery({
    queryKey: ['debtors', 'one', id],
    queryFn: ({ signal }) => api(`/api/debtors/${id}`, { schema: debtorSchema, signal }),
    enabled: id !== null,
    retry: false,
  });
}

export function useDebtor(initial: Debtor) {
  return useQuery({
    queryKey: ['debtors', 'one', initial.id],
    queryFn: ({ signal }) => api(`/api/debtors/${initial.id}`, { schema: debtorSchema, signal }),
    initialData: initial,
    staleTime: 0,
  });
}

export interface DebtorFields {
  name: string;
  phone: string;
  id_number: string;
  note: string;
  credit_limit?: number;
  active?: boolean;
}

export function useSaveDebtor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: DebtorFields & { id?: string } }) =>
      id
        ? api(`/api/debtors/${id}`, { method: 'PATCH', body, schema: debtorSchema })
        : api('/api/debtors', { method: 'POST', body, schema: debtorSchema, retry: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['debtors'] }),
  });
}

export type PaymentBody = z.input<typeof debtorPaymentBodySchema>;

/** A payment carries its own id (kept until it succeeds), so a retry never pays twice. */
export function useRecordPayment(debtorId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentBody) =>
      api(`/api/debtors/${debtorId}/payments`, {
        method: 'POST',
        body,
        schema: debtorPaymentSchema,
        retry: true,
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['debtors'] });
      void qc.invalidateQueries({ queryKey: ['transfers'] });
    },
  });
}

/**
 * An admin's write on a debtor's ledger (a void, a pay-out): a new entry whose id is the
 * idempotency key. The statement, the balance, the transfers and the days' cash change with it.
 */
function useLedgerWriteMutation<V>(url: (v: V) => string, body: (v: V) => object) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: V) =>
      api(url(v), { method: 'POST', body: body(v), schema: debtorPaymentSchema, retry: true }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['debtors'] });
      void qc.invalidateQueries({ queryKey: ['transfers'] });
      void qc.invalidateQueries({ queryKey: ['daily'] });
    },
  });
}

/** Voiding a payment entered wrongly: a new, opposite entry on the payment's day. */
export function useVoidPayment(debtorId: string) {
  return useLedgerWriteMutation(
    ({ paymentId }: { paymentId: string; id: string; reason: string }) =>
      `/api/debtors/${debtorId}/payments/${paymentId}/void`,
    ({ id, reason }) => ({ id, reason }),
  );
}

export type PayoutBody = z.input<typeof debtorPayoutBodySchema>;

/** Paying a debtor's credit back in cash: out of the drawer today, at most the credit. */
export function usePayOutCredit(debtorId: string) {
  return useLedgerWriteMutation(
    () => `/api/debtors/${debtorId}/payouts`,
    (body: PayoutBody) => body,
  );
}

/** The debtor stored under `id` (what an earlier version of the new-debtor form created). */
export const fetchDebtor = (id: string) => api(`/api/debtors/${id}`, { schema: debtorSchema });

/** The payment stored under `id` (what an earlier version of a payment form recorded). */
export const fetchPayment = (id: string) =>
  api(`/api/debtor-payments/${id}`, { schema: debtorPaymentSchema });

export function useStatement(id: string, from: string | undefined, to: string | undefined) {
  return useQuery({
    enabled: !!from && !!to && from <= to,
    queryKey: ['debtors', 'statement', id, from, to],
    queryFn: ({ signal }) =>
      api(`/api/debtors/${id}/statement?from=${from}&to=${to}`, { schema: statementSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The statement as a PDF drawn by the server, in the user's language. */
export function statementPdfUrl(id: string, from: string, to: string, lang: string): string {
  const p = new URLSearchParams({ from, to, lang });
  return `/api/debtors/${id}/statement.pdf?${p.toString()}`;
}
