import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type Debtor, debtorPhoneSchema } from '@duka/domain';
import { typedMoney } from '../../lib/typed-number';
import { isIdConflict } from '../../lib/api-error';
import { keyedWriteText, notifyWarning } from '../../lib/notify';
import { createDebtor, fetchDebtor, useDebtorSearch } from './till-api';

const EMPTY_FORM = { name: '', phone: '', id_number: '', limit: '' };

/**
 * The debtor picker's state, kept while it switches between search, the new-debtor form and the
 * chosen debtor: the search and its keyboard choice, and the form with adding the debtor.
 */
export function useDebtorPicker(onChange: (d: Debtor | null) => void, admin: boolean, digits: number) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const [dq] = useDebouncedValue(q.trim(), 200);
  const [active, setActive] = useState(0);
  const [adding, setAdding] = useState(false);
  const [form, setForm] = useState(EMPTY_FORM);
  const [formError, setFormError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // the new debtor's id, kept until it is created: a retry after a lost answer cannot add a twin
  const [newId, setNewId] = useState(() => uuidv7());
  const found = useDebtorSearch(dq);
  const list = (found.data?.items ?? []).filter((d) => d.active);
  // Enter before the list caught up with the typing picks the first match once it arrives
  const [pickFirst, setPickFirst] = useState(false);
  const current = dq === q.trim() && !found.isFetching;
  useEffect(() => {
    if (!pickFirst || !current || !found.isSuccess) return;
    setPickFirst(false);
    if (list[0]) onChange(list[0]);
  }, [pickFirst, current, found.data]);

  const add = async () => {
    const limit = form.limit.trim() ? typedMoney(form.limit, digits) : undefined;
    // the Debtors page's rules and words, mirrored before anything is sent
    if (!debtorPhoneSchema.safeParse(form.phone.trim()).success)
      return setFormError({ field: 'phone', message: t('debtors.errors.phone') });
    if (limit === null || (limit !== undefined && limit < 0))
      return setFormError({ field: 'credit_limit', message: t('till.debtor.badLimit') });
    setBusy(true);
    const chosen = (d: Debtor) => {
      void qc.invalidateQueries({ queryKey: ['debtors'] });
      onChange(d);
      setAdding(false);
      setForm(EMPTY_FORM);
      setNewId(uuidv7());
    };
    try {
      chosen(
        await createDebtor({
          id: newId,
          name: form.name.trim(),
          phone: form.phone.trim(),
          id_number: form.id_number.trim(),
          ...(admin && limit !== undefined ? { credit_limit: limit } : {}),
        }),
      );
    } catch (err) {
      // the form changed after an answer was lost: the debtor first sent was created; it is chosen
      const first = isIdConflict(err) ? await fetchDebtor(newId).catch(() => null) : null;
      if (first) {
        notifyWarning(t('errors.createdEarlier'));
        return chosen(first);
      }
      const message = keyedWriteText(err, {
        'validation_failed:phone': t('debtors.errors.phone'),
        'validation_failed:name': t('debtors.errors.name'),
      });
      setFormError({ field: (err as { field?: string }).field, message });
    } finally {
      setBusy(false);
    }
  };

  return {
    search: { q, setQ, dq, active, setActive, found, list, current, setPickFirst },
    form: { form, setForm, formError, setFormError, busy, add },
    adding,
    setAdding,
  };
}

export type DebtorPickerState = ReturnType<typeof useDebtorPicker>;
