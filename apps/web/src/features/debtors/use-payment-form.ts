import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type Debtor, type DebtorPayment, currencyMinorDigits, overpays } from '@duka/domain';
import { typedMoney } from '../../lib/typed-number';
import { useFormat } from '../../lib/format';
import { isIdConflict } from '../../lib/api-error';
import { keyedWriteText, notifySuccess, refusalField } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { useAllowedLocations } from '../stock';
import { useProviders } from '../transfers';
import { fetchPayment, useRecordPayment } from './debtors-api';

export type PaymentMethod = 'cash' | 'transfer';
const FIELDS = ['amount', 'provider_id', 'reference', 'location_id'];

/** A debtor's payment as typed (amount, cash or transfer, location, note), checked and recorded. */
export function usePaymentForm(debtor: Debtor, onDone: (p: DebtorPayment) => void) {
  const { t } = useTranslation();
  const session = useSession();
  const digits = currencyMinorDigits(session.business.currency);
  const { money } = useFormat(session.business);
  const locations = useAllowedLocations();
  const providers = useProviders();
  const record = useRecordPayment(debtor.id);
  // The payment's id is its idempotency key: kept across retries until it succeeds (or a 409 says
  // an earlier version of the form was recorded under it).
  const [id, setId] = useState(() => uuidv7());
  const earlier = useEarlierPayment(id, setId);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [provider, setProvider] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [location, setLocation] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const loc = location ?? (locations.home || null);
  const overpayment = () =>
    t('debtors.errors.overpayment', { name: debtor.name, balance: money(debtor.balance) });

  const submit = async () => {
    const e: Record<string, string> = {};
    const minor = typedMoney(amount, digits);
    if (minor === null || minor <= 0) e.amount = t('debtors.errors.amount');
    else if (overpays(debtor.balance, minor)) e.amount = overpayment();
    if (!loc) e.location_id = t('debtors.errors.location');
    if (method === 'transfer') {
      if (!provider) e.provider_id = t('transfers.errors.provider');
      if (!reference.trim()) e.reference = t('transfers.errors.reference');
    }
    setErrors(e);
    setFormError(null);
    earlier.setWarning(null);
    if (Object.keys(e).length) return;
    try {
      const paid = await record.mutateAsync({
        id,
        amount: minor!,
        method,
        location_id: loc!,
        note: note.trim(),
        ...(method === 'transfer' ? { provider_id: provider!, reference: reference.trim() } : {}),
      });
      notifySuccess(t('debtors.paid', { amount: money(paid.amount), no: paid.receipt_no }));
      onDone(paid);
    } catch (err) {
      if (isIdConflict(err) && (await earlier.recorded())) return;
      const field = refusalField(err);
      const msg = refusalOf(err, t, overpayment());
      if (field && FIELDS.includes(field)) setErrors({ [field]: msg });
      else setFormError(msg);
    }
  };

  return {
    digits,
    locations,
    providers,
    amount,
    setAmount,
    method,
    setMethod,
    provider,
    setProvider,
    reference,
    setReference,
    loc,
    setLocation,
    note,
    setNote,
    errors,
    formError,
    warning: earlier.warning,
    saving: record.isPending || earlier.asking,
    submit,
  };
}

export type PaymentFormState = ReturnType<typeof usePaymentForm>;

/** The words for a payment that failed: no answer (it may be saved), or the refusal. */
function refusalOf(err: unknown, t: TFunction, overpayment: string): string {
  return keyedWriteText(err, {
    overpayment,
    reference_used: t('transfers.errors.referenceUsed'),
    'validation_failed:provider_id': t('transfers.errors.provider'),
    'validation_failed:reference': t('transfers.errors.reference'),
    location_not_allowed: t('debtors.errors.location'),
  });
}

/**
 * 409: a payment is already stored under the form's id with another body: an earlier version of
 * this form, recorded while its answer was lost. It stands as it is, and is named; the form is kept
 * under a new id, to be saved only if that money was paid as well. Answers whether it was dealt
 * with (not when the stored payment could not be fetched: the id stays, so nothing pays twice).
 */
function useEarlierPayment(id: string, setId: (id: string) => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { money } = useFormat(useSession().business);
  const [warning, setWarning] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const recorded = async (): Promise<boolean> => {
    setAsking(true);
    const stored = await fetchPayment(id)
      .catch((e: unknown) => {
        console.error('Fetching the payment stored under this id failed', e);
        return null;
      })
      .finally(() => setAsking(false));
    if (!stored) return false;
    setId(uuidv7());
    void qc.invalidateQueries({ queryKey: ['debtors'] });
    void qc.invalidateQueries({ queryKey: ['transfers'] });
    setWarning(t('debtors.errors.earlierRecorded', { no: stored.receipt_no, amount: money(stored.amount) }));
    return true;
  };
  return { warning, setWarning, asking, recorded };
}
