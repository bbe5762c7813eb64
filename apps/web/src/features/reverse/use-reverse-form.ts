import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type Reversal, type Sale, reversalSchema } from '@duka/domain';
import { api } from '../../lib/api-client';
import { useFormat } from '../../lib/format';
import { isRefusal, keyedWriteText, notifySuccess, serverMessage } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { type ReversalPlan, leftTexts, lineOfField, planReversal, zeroTexts } from './reversal-plan';

export interface ReverseErrors {
  reason?: string;
  reference?: string;
  form?: string;
}

/**
 * The reversal form: quantities typed per line, from 0 (or all that is left, by its button), reason,
 * reference; checked,
 * confirmed, then posted. The request id is kept until the server accepts it, so a retry after a
 * lost answer never reverses twice.
 */
export function useReverseForm(sale: Sale, onReload: () => Promise<unknown>, onDone: (r: Reversal) => void) {
  const { t } = useTranslation();
  const { money } = useFormat(useSession().business);
  const qc = useQueryClient();
  const f = useReverseFields(sale);
  const plan = planReversal(sale, f.typed, f.everything);
  const transfer = sale.kind === 'transfer';

  const post = useMutation({
    mutationFn: () =>
      api(`/api/sales/${sale.id}/reversals`, {
        method: 'POST',
        body: {
          id: f.id,
          reason: f.reason.trim(),
          ...(plan.body ? { lines: plan.body } : {}),
          ...(transfer ? { reference: f.reference.trim() } : {}),
        },
        schema: reversalSchema,
        retry: true,
      }),
  });

  const check = () => {
    const e: ReverseErrors = {};
    if (!f.reason.trim()) e.reason = t('reverse.errors.reason');
    if (transfer && !f.reference.trim()) e.reference = t('reverse.errors.reference');
    if (plan.count === 0 && !plan.lines.some((l) => l.problem)) e.form = t('reverse.errors.nothingChosen');
    f.setErrors(e);
    if (Object.keys(e).length === 0 && plan.ok) f.setConfirming(true);
  };

  const submit = async () => {
    try {
      const r = await post.mutateAsync();
      f.setId(uuidv7());
      f.setConfirming(false);
      notifySuccess(t('reverse.saved', { no: r.receipt_no, total: money(r.total), context: sale.kind }));
      await Promise.all(
        ['sales', 'reversals', 'products', 'debtors', 'daily', 'transfers'].map((k) =>
          qc.invalidateQueries({ queryKey: [k] }),
        ),
      );
      onDone(r);
    } catch (err) {
      f.setConfirming(false);
      await placeRefusal(err, { t, sale, plan, f, onReload });
    }
  };

  // what the lines' table shows and takes (a debtor's sale is taken off the balance, not refunded)
  const lineProps = {
    kind: sale.kind,
    lines: plan.lines,
    typed: f.typed,
    refused: f.refused,
    onType: f.type,
  };
  return { ...f, plan, transfer, busy: post.isPending, check, submit, lineProps };
}

export type ReverseFormState = ReturnType<typeof useReverseForm>;

/** What the cashier types: quantities per line or everything left, reason, reference; and the refusals. */
function useReverseFields(sale: Sale) {
  // Every line starts at 0 (issue 16): a partial reversal is typed line by line, and "Reverse all"
  // is a button of its own.
  const [everything, setEverything] = useState(false);
  const [typed, setTyped] = useState(() => zeroTexts(sale));
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<ReverseErrors>({});
  const [refused, setRefused] = useState<Set<number>>(new Set());
  const [id, setId] = useState(() => uuidv7());
  const [confirming, setConfirming] = useState(false);
  return {
    everything,
    typed,
    reason,
    setReason,
    reference,
    setReference,
    errors,
    setErrors,
    refused,
    setRefused,
    id,
    setId,
    confirming,
    setConfirming,
    /** A quantity typed for a line: no longer "everything", and no longer the refused line. */
    type: (lineNo: number, text: string) => {
      setTyped((o) => ({ ...o, [lineNo]: text }));
      setEverything(false);
      setRefused((r) => (r.has(lineNo) ? new Set([...r].filter((x) => x !== lineNo)) : r));
    },
    /** "Reverse all": every line at all that is left of it; off again, every line back at 0. */
    setAll: (on: boolean) => {
      setEverything(on);
      setTyped(on ? leftTexts(sale) : zeroTexts(sale));
      setRefused(new Set());
    },
  };
}

/** A refused reversal: the line, field or form it is about; the sale is read again when it changed. */
async function placeRefusal(
  err: unknown,
  c: {
    t: TFunction;
    sale: Sale;
    plan: ReversalPlan;
    f: ReturnType<typeof useReverseFields>;
    onReload: () => Promise<unknown>;
  },
) {
  const { t, f } = c;
  // no answer: it may be reversed already; sent again it cannot be twice (the same id)
  if (!isRefusal(err)) return f.setErrors({ form: keyedWriteText(err) });
  if (err.code === 'reversal_exceeds_sale') {
    const lineNo = lineOfField(err.field, c.plan);
    if (lineNo !== null) f.setRefused(new Set([lineNo]));
    f.setErrors({});
    await c.onReload();
  } else if (err.code === 'already_reversed') {
    f.setErrors({ form: t('reverse.errors.alreadyReversed', { no: c.sale.receipt_no }) });
    await c.onReload();
  } else if (err.code === 'idempotency_conflict') {
    f.setId(uuidv7());
    f.setErrors({ form: t('reverse.errors.conflict') });
    await c.onReload();
  } else if (err.field === 'reason') f.setErrors({ reason: t('reverse.errors.reason') });
  else if (err.field === 'reference') f.setErrors({ reference: t('reverse.errors.reference') });
  else f.setErrors({ form: serverMessage(err) });
}
