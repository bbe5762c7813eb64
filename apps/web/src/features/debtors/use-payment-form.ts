import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type Debtor, type DebtorPayment, currencyMinorDigits, overpays, parseMoney } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { notifySuccess, refusalField, refusalText } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { useAllowedLocations } from '../stock';
import { useProviders } from '../transfers';
import { useRecordPayment } from './debtors-api';

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
  // The payment's id is its idempotency key: kept across retries until it succeeds.
  const [id] = useState(() => uuidv7());
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
    const minor = parseMoney(amount, digits);
    if (minor === null || minor <= 0) e.amount = t('debtors.errors.amount');
    else if (overpays(debtor.balance, minor)) e.amount = overpayment();
    if (!loc) e.location_id = t('debtors.errors.location');
    if (method === 'transfer') {
      if (!provider) e.provider_id = t('transfers.errors.provider');
      if (!reference.trim()) e.reference = t('transfers.errors.reference');
    }
    setErrors(e);
    setFormError(null);
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
      const field = refusalField(err);
      const msg = refusalText(err, {
        overpayment: overpayment(),
        reference_used: t('transfers.errors.referenceUsed'),
        'validation_failed:provider_id': t('transfers.errors.provider'),
        'validation_failed:reference': t('transfers.errors.reference'),
        location_not_allowed: t('debtors.errors.location'),
      });
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
    saving: record.isPending,
    submit,
  };
}

export type PaymentFormState = ReturnType<typeof usePaymentForm>;
