import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currencyMinorDigits } from '@duka/domain';
import { api } from '../../lib/api-client';
import { isIdConflict } from '../../lib/api-error';
import { todayIn } from '../../lib/date-range';
import { notifyApiError, notifySuccess, serverMessage } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { NO_ERRORS, placeError } from './line-entry/errors';
import type { LineErrors } from './line-entry/line-entry';
import { type DraftLine, costOf, qtyOf } from './line-entry/lines';
import { useDraft } from './line-entry/use-draft';

export type DocKind = 'receipt' | 'positive' | 'negative' | 'transfer';

const PATH: Record<DocKind, string> = {
  receipt: '/api/stock/receipts',
  positive: '/api/stock/positive',
  negative: '/api/stock/negative',
  transfer: '/api/stock/transfers',
};

/** A stock document being written: its draft (kept across reloads), checking and saving it, refusals. */
export function useStockDocument(kind: DocKind, home: string) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { business } = useSession();
  const digits = currencyMinorDigits(business.currency);
  const { draft, setHeader, setLines, reset, rekey, ready } = useDraft(
    `duka.draft.${kind}`,
    {
      location_id: '',
      to_location_id: '',
      supplier_id: '',
      invoice_number: '',
      // the business's day, not UTC's: a receipt at 01:00 in Nairobi is dated that day
      invoice_date: kind === 'receipt' ? todayIn(business.timezone) : '',
      reason: '',
      note: '',
    },
    digits,
  );
  const [errors, setErrors] = useState<LineErrors>(NO_ERRORS);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // the invoice date's field holds a text that is no day (it names it): nothing is saved meanwhile
  const [invoiceDateWrong, setInvoiceDateWrong] = useState(false);
  const h = draft.header;

  // Only once the kept draft is back (or known absent): a location set before would count as
  // typing, so the kept draft would not come back and the new one would replace it on the server.
  useEffect(() => {
    if (ready && !h.location_id && home) setHeader('location_id', home);
  }, [ready, h.location_id, home, setHeader]);

  const save = useMutation({
    mutationFn: (body: unknown) => api(PATH[kind], { method: 'POST', body, retry: true }),
  });

  const onSave = async () => {
    const fe = missingFields(kind, h, t);
    if (kind === 'receipt' && invoiceDateWrong) fe.invoice_date = t('stock.doc.required');
    setFieldErrors(fe);
    if (Object.keys(fe).length > 0) return;
    const body = documentBody(kind, draft.id, h, draft.lines, digits);
    try {
      await save.mutateAsync(body);
      setErrors(NO_ERRORS);
      notifySuccess(t(`stock.doc.saved.${kind}`, { count: body.lines.length }));
      reset(kind === 'transfer' ? ['location_id', 'to_location_id'] : ['location_id']);
      void qc.invalidateQueries({ queryKey: ['products'] });
      if (kind === 'receipt') void qc.invalidateQueries({ queryKey: ['suppliers'] });
    } catch (err) {
      if (isIdConflict(err)) {
        // 409: an earlier version of this document was saved under its id while its answer was
        // lost: it stands (stock moved by it); what is on screen is kept under a new id, to check
        rekey();
        setErrors({ lines: {}, form: t('stock.doc.earlierSaved'), warn: true });
        void qc.invalidateQueries({ queryKey: ['products'] });
        if (kind === 'receipt') void qc.invalidateQueries({ queryKey: ['suppliers'] });
        return;
      }
      const placed = placeError(err, draft.lines, t);
      setErrors(placed);
      const f = (err as { field?: string }).field;
      if (f && !f.startsWith('lines')) {
        const name = f === 'from_location_id' ? 'location_id' : f;
        setFieldErrors({ [name]: serverMessage(err) });
      }
      if (!placed.form) notifyApiError(err);
    }
  };

  // A refusal is about the lines as they were sent: once one changes ("not enough sugar", then a
  // smaller quantity), its words would blame lines that may be fine now. A warning that an earlier
  // version was saved stays until the next save.
  const changeLines = (fn: (lines: DraftLine[]) => DraftLine[]) => {
    setLines(fn);
    setErrors((e) => (e.warn || (e.form === null && Object.keys(e.lines).length === 0) ? e : NO_ERRORS));
  };

  return {
    draft,
    setHeader,
    setLines: changeLines,
    errors,
    fieldErrors,
    saving: save.isPending,
    onSave,
    setInvoiceDateWrong,
  };
}

export type StockDocument = ReturnType<typeof useStockDocument>;

/** The header fields the kind needs and that are empty (and a transfer to where it comes from). */
function missingFields(kind: DocKind, h: Record<string, string>, t: TFunction) {
  const required = (name: string, v: string | undefined) =>
    v ? null : ([name, t('stock.doc.required')] as const);
  const missing = [
    kind === 'receipt' ? required('supplier_id', h.supplier_id) : null,
    required('location_id', h.location_id),
    kind === 'transfer' ? required('to_location_id', h.to_location_id) : null,
    kind === 'positive' || kind === 'negative' ? required('reason', h.reason) : null,
  ].filter((x): x is readonly [string, string] => x !== null);
  const fe: Record<string, string> = Object.fromEntries(missing);
  if (kind === 'transfer' && h.location_id && h.location_id === h.to_location_id)
    fe.to_location_id = t('stock.doc.sameLocation');
  return fe;
}

/** The request body for the kind, from the draft's header and lines. */
function documentBody(
  kind: DocKind,
  id: string,
  h: Record<string, string>,
  draftLines: DraftLine[],
  digits: number,
) {
  const lines = draftLines.map((l) => ({
    product_id: l.product_id,
    quantity: qtyOf(l.qty) ?? 0,
    ...(kind === 'receipt' ? { unit_cost: costOf(l.cost, digits) ?? 0 } : {}),
  }));
  return kind === 'receipt'
    ? {
        id,
        supplier_id: h.supplier_id,
        location_id: h.location_id,
        invoice_number: h.invoice_number ?? '',
        ...(h.invoice_date ? { invoice_date: h.invoice_date } : {}),
        note: h.note ?? '',
        lines,
      }
    : kind === 'transfer'
      ? {
          id,
          from_location_id: h.location_id,
          to_location_id: h.to_location_id,
          note: h.note ?? '',
          lines,
        }
      : { id, location_id: h.location_id, reason: h.reason, note: h.note ?? '', lines };
}
