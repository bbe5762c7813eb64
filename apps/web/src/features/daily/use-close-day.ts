import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type DailySummary, currencyMinorDigits } from '@duka/domain';
import { isIdConflict } from '../../lib/api-error';
import { isRefusal, keyedWriteText, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { closeDay } from './daily-api';
import { cashDifference } from './difference';

/** Closing a day: the cash counted and the live difference, a note, the confirmation, posting it once. */
export function useCloseDay(summary: DailySummary) {
  const { t } = useTranslation();
  const session = useSession();
  const qc = useQueryClient();
  const digits = currencyMinorDigits(session.business.currency);
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [id, setId] = useState(() => uuidv7());
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const expected = summary.totals.expected_cash;
  const diff = cashDifference(counted, digits, expected);
  const post = useMutation({ mutationFn: closeDay });

  const ask = () => {
    if (diff.counted === null) return setError({ field: t('daily.close.badAmount') });
    setError({});
    setConfirming(true);
  };
  const submit = async () => {
    try {
      const c = await post.mutateAsync({
        id,
        location_id: summary.location_id,
        day: summary.day,
        counted_cash: diff.counted!,
        note: note.trim(),
      });
      setId(uuidv7());
      notifySuccess(t('daily.close.saved', { no: c.receipt_no }));
    } catch (err) {
      if (isRefusal(err) && err.code === 'day_closed') setError({ form: t('daily.errors.closed') });
      else if (isRefusal(err) && err.field === 'day') setError({ form: t('daily.errors.futureDay') });
      else if (isRefusal(err) && err.field === 'counted_cash')
        setError({ field: t('daily.close.badAmount') });
      // closed under this id with other figures while its answer was lost: the close is read again
      else if (isIdConflict(err)) setError({ form: t('daily.errors.closedEarlier') });
      else setError({ form: keyedWriteText(err) });
    } finally {
      setConfirming(false);
      await qc.invalidateQueries({ queryKey: ['daily'] });
    }
  };

  return {
    counted,
    // a new amount typed: the amount's error was about the old one (the form's stays until sent again)
    setCounted: (text: string) => {
      setCounted(text);
      setError((e) => (e.field ? { form: e.form } : e));
    },
    note,
    setNote,
    error,
    confirming,
    setConfirming,
    expected,
    diff,
    busy: post.isPending,
    ask,
    submit,
  };
}

export type CloseDayState = ReturnType<typeof useCloseDay>;
