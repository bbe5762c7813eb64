import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Debtor, DebtorSortKey } from '@duka/domain';
import { useSortState } from '../../components/sortable';
import { isApiError } from '../../lib/api-error';
import { describeApiError, notifyError, notifyWarning } from '../../lib/notify';
import { useDebtorById, useDebtors } from './debtors-api';

export const DEBTORS_PAGE_SIZE = 50;

/** The debtors page's state: search, filters, sort, page, the open debtor (in the address) and the list. */
export function useDebtorsPage() {
  const [q, setQ] = useState('');
  const [dq] = useDebouncedValue(q.trim(), 250);
  const [owing, setOwing] = useState(false);
  const [overLimit, setOverLimit] = useState(false);
  const [inactive, setInactive] = useState(false);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const { open, setOpen } = useOpenDebtor();
  // Sorted by the server, so the order holds across pages; a new order starts at page 1.
  const { sort, toggle: sortBy } = useSortState<DebtorSortKey>({ key: 'name', dir: 'asc' }, () => setPage(1));
  const debtors = useDebtors({
    q: dq || undefined,
    sort: sort.key,
    dir: sort.dir,
    owing,
    over_limit: overLimit,
    include_inactive: inactive,
    limit: DEBTORS_PAGE_SIZE,
    offset: (page - 1) * DEBTORS_PAGE_SIZE,
  });
  // Any change of search or filter starts again at page 1.
  const firstPage =
    <T>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  return {
    q,
    setQ: firstPage(setQ),
    owing,
    setOwing: firstPage(setOwing),
    overLimit,
    setOverLimit: firstPage(setOverLimit),
    inactive,
    setInactive: firstPage(setInactive),
    filtered: !!(dq || owing || overLimit || inactive),
    page,
    setPage,
    sort,
    sortBy,
    debtors,
    open,
    setOpen,
    adding,
    setAdding,
  };
}

export type DebtorsPageState = ReturnType<typeof useDebtorsPage>;

/** The open debtor lives in the address (`?debtor=ID`): a reload or a shared link reopens it. */
function useOpenDebtor() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const openId = params.get('debtor');
  const [picked, setPicked] = useState<Debtor | null>(null);
  const setOpen = (d: Debtor | null) => {
    setPicked(d);
    setParams(
      (p) => {
        if (d) p.set('debtor', d.id);
        else p.delete('debtor');
        return p;
      },
      { replace: true },
    );
  };
  const fromUrl = useDebtorById(openId && picked?.id !== openId ? openId : null);
  const open = !openId ? null : picked?.id === openId ? picked : (fromUrl.data ?? null);
  useEffect(() => {
    const err = fromUrl.error;
    if (!err) return;
    if (isApiError(err) && err.kind === 'http' && err.status === 404) {
      // A link to a debtor that is not there (deleted, another business): back to the list.
      notifyWarning(t('debtors.gone'));
      setOpen(null);
      return;
    }
    // Anything else (no answer, a failure of the server): say so and keep the address to retry.
    console.error('Opening the debtor failed', err);
    notifyError(t('debtors.openFailed', { reason: describeApiError(err) }));
  }, [fromUrl.error]);
  return { open, setOpen };
}
