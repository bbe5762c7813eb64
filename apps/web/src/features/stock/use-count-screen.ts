import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { unsent } from '../../lib/api-error';
import { isRefusal, notifySuccess, serverMessage } from '../../lib/notify';
import { useCountEntry } from './use-count-entry';

export type CountClose = 'finalise' | 'cancel';

/** Counting one count: the product found and its quantity, adding the entry, and finalising or cancelling. */
export function useCountScreen(id: string, onBack: () => void) {
  return { entry: useCountEntry(id), closing: useCountClose(id, onBack) };
}

export type CountScreenState = ReturnType<typeof useCountScreen>;

/** Finalising or cancelling the count: the question asked, and the server's refusal if any. */
function useCountClose(id: string, onBack: () => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState<CountClose | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const close = useMutation({
    mutationFn: (what: CountClose) => api(`/api/stock-counts/${id}/${what}`, { method: 'POST', retry: true }),
  });

  const doClose = async (what: CountClose) => {
    try {
      await close.mutateAsync(what);
      await qc.invalidateQueries({ queryKey: ['stock-counts'] });
      await qc.invalidateQueries({ queryKey: ['products'] });
      notifySuccess(what === 'finalise' ? t('stock.count.finalised') : t('stock.count.cancelled'));
      setConfirmError(null);
      setConfirm(null);
      onBack();
    } catch (err) {
      // No answer: the count may be closed already; the same close again answers it as it was
      // closed (the server books a finalise once), so the words say so and never "not done".
      if (unsent(err))
        return setConfirmError(
          what === 'finalise' ? t('stock.count.finaliseNoAnswer') : t('stock.count.cancelNoAnswer'),
        );
      // closed the other way meanwhile (count_closed names how): the screen shows it as it is now
      if (isRefusal(err)) void qc.invalidateQueries({ queryKey: ['stock-counts', id] });
      setConfirmError(serverMessage(err));
    }
  };

  return {
    confirm,
    setConfirm,
    ask: (what: CountClose) => {
      setConfirmError(null);
      setConfirm(what);
    },
    confirmError,
    busy: close.isPending,
    doClose,
  };
}
