import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type Debtor, currencyMinorDigits, debtorPhoneSchema, isAdminRole } from '@duka/domain';
import { typedMoney } from '../../lib/typed-number';
import { isIdConflict } from '../../lib/api-error';
import { keyedWriteText, notifySuccess, notifyWarning, refusalField } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { moneyText } from '../stock';
import { type DebtorFields, fetchDebtor, useSaveDebtor } from './debtors-api';

const FIELDS = ['name', 'phone', 'id_number', 'credit_limit', 'note'];

/** A debtor's details as typed, checked and saved; the limit and "active" only an admin's. */
export function useDebtorForm(debtor: Debtor | null, onSaved: (d: Debtor) => void) {
  const { t } = useTranslation();
  const session = useSession();
  const admin = isAdminRole(session.user.role);
  const digits = currencyMinorDigits(session.business.currency);
  const save = useSaveDebtor();
  const [newId, setNewId] = useState(() => uuidv7());
  const [v, setV] = useState({
    name: debtor?.name ?? '',
    phone: debtor?.phone ?? '',
    id_number: debtor?.id_number ?? '',
    note: debtor?.note ?? '',
    limit: moneyText(debtor?.credit_limit ?? session.business.default_credit_limit, digits),
    active: debtor?.active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (k: keyof typeof v, value: string | boolean) => setV((o) => ({ ...o, [k]: value }));

  /**
   * 409: the new debtor's id already holds a debtor with other details: an earlier version of this
   * form, created while its answer was lost. That one stands (a second would be a duplicate): it is
   * opened, with a word to check its details. Not fetched: the id stays, and the words say so.
   */
  const createdEarlier = async (): Promise<boolean> => {
    const stored = await fetchDebtor(newId).catch((e: unknown) => {
      console.error('Fetching the debtor stored under this id failed', e);
      return null;
    });
    if (!stored) return false;
    notifyWarning(t('errors.createdEarlier'));
    setNewId(uuidv7());
    onSaved(stored);
    return true;
  };

  const submit = async () => {
    const e: Record<string, string> = {};
    const limit = typedMoney(v.limit, digits);
    if (!v.name.trim()) e.name = t('debtors.errors.name');
    if (!debtorPhoneSchema.safeParse(v.phone.trim()).success) e.phone = t('debtors.errors.phone');
    if (admin && (limit === null || limit < 0)) e.credit_limit = t('debtors.errors.limit');
    setErrors(e);
    setFormError(null);
    if (Object.keys(e).length) return;
    const body: DebtorFields & { id?: string } = {
      name: v.name.trim(),
      phone: v.phone.trim(),
      id_number: v.id_number.trim(),
      note: v.note.trim(),
      ...(admin ? { credit_limit: limit! } : {}),
      ...(admin && debtor ? { active: v.active } : {}),
      ...(debtor ? {} : { id: newId }),
    };
    try {
      const saved = await save.mutateAsync({ id: debtor?.id ?? null, body });
      notifySuccess(
        debtor ? t('debtors.updated', { name: saved.name }) : t('debtors.created', { name: saved.name }),
      );
      if (!debtor) setNewId(uuidv7());
      onSaved(saved);
    } catch (err) {
      if (!debtor && isIdConflict(err) && (await createdEarlier())) return;
      const field = refusalField(err);
      const msg = keyedWriteText(err, {
        'validation_failed:phone': t('debtors.errors.phone'),
        'validation_failed:name': t('debtors.errors.name'),
        'forbidden:credit_limit': t('debtors.errors.limitAdminOnly'),
      });
      if (field && FIELDS.includes(field)) setErrors({ [field]: msg });
      else setFormError(msg);
    }
  };

  return { admin, v, set, errors, formError, saving: save.isPending, submit };
}

export type DebtorFormState = ReturnType<typeof useDebtorForm>;
