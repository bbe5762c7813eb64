import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { type Transfer, isAdminRole } from '@duka/domain';
import { type RangeChoice, choose, rangeOf, todayIn } from '../../lib/date-range';
import { useFormat } from '../../lib/format';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { type TransferFilter, useConfirmTransfer, useTransfers } from './transfers-api';

export const TRANSFERS_PAGE_SIZE = 50;

/** The transfers register's state: period, filters, search, page, the list, and confirming one. */
export function useTransfersList() {
  const { t } = useTranslation();
  const session = useSession();
  const { money } = useFormat(session.business);
  const today = todayIn(session.business.timezone);
  const [range, setRange] = useState<RangeChoice>(() => choose('30d', today));
  const [provider, setProvider] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [dq] = useDebouncedValue(q.trim(), 250);
  const [page, setPage] = useState(1);
  const confirm = useConfirmTransfer();
  const [confirming, setConfirming] = useState<string | null>(null);
  const transfers = useTransfers({
    ...rangeOf(range, today),
    provider_id: provider ?? undefined,
    location_id: location ?? undefined,
    status: (status ?? undefined) as TransferFilter['status'],
    source: (source ?? undefined) as TransferFilter['source'],
    q: dq || undefined,
    limit: TRANSFERS_PAGE_SIZE,
    offset: (page - 1) * TRANSFERS_PAGE_SIZE,
  });
  // Any change of period, filter or search starts again at page 1.
  const on =
    <T>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const doConfirm = async (x: Transfer) => {
    setConfirming(x.id);
    try {
      await confirm.mutateAsync(x.id);
      notifySuccess(t('transfers.confirmedToast', { reference: x.reference, amount: money(x.amount) }));
    } catch (err) {
      notifyApiError(err);
    } finally {
      setConfirming(null);
    }
  };

  return {
    admin: isAdminRole(session.user.role),
    today,
    range,
    setRange: on(setRange),
    provider,
    setProvider: on(setProvider),
    location,
    setLocation: on(setLocation),
    status,
    setStatus: on(setStatus),
    source,
    setSource: on(setSource),
    q,
    setQ: on(setQ),
    filtered: !!(provider || location || status || source || dq || range.preset !== 'all'),
    page,
    setPage,
    transfers,
    confirming,
    confirm: (x: Transfer) => void doConfirm(x),
  };
}

export type TransfersListState = ReturnType<typeof useTransfersList>;
