import './styles';
import { Button, Paper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListLoading, Pager } from '../../components/list-states';
import { PageHeader } from '../../components/page-header';
import { DebtorDrawer } from './debtor-drawer';
import { DebtorForm } from './debtor-form';
import { DebtorsFilters, DebtorsTotals } from './debtors-filters';
import { DebtorCards, DebtorsTable } from './debtors-table';
import { DEBTORS_PAGE_SIZE, type DebtorsPageState, useDebtorsPage } from './use-debtors-page';
import { useSyncedFromShop } from '../sync';

/** Debtors (/debtors): who owes what, their limits, payments and statements. */
export function DebtorsPage() {
  const { t } = useTranslation();
  // a read-only hosted copy adds nothing: the shop's PC does
  const readOnly = useSyncedFromShop();
  const s = useDebtorsPage();
  const { data } = s.debtors;
  return (
    <>
      <PageHeader
        title={t('menu.debtors')}
        actions={
          !readOnly && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => s.setAdding(true)}>
              {t('debtors.add')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <DebtorsFilters state={s} />
        {data && <DebtorsTotals count={data.total_count} owed={data.total_balance} allOwed={data.all_owed} />}
        <DebtorsBody state={s} />
        {data && (
          <Pager page={s.page} pageSize={DEBTORS_PAGE_SIZE} total={data.total_count} onChange={s.setPage} />
        )}
      </Paper>
      {s.open && <DebtorDrawer key={s.open.id} debtor={s.open} onClose={() => s.setOpen(null)} />}
      <DebtorForm
        opened={s.adding}
        debtor={null}
        onClose={() => s.setAdding(false)}
        onSaved={(d) => {
          s.setAdding(false);
          s.setOpen(d);
        }}
      />
    </>
  );
}

/** The list itself: loading, error, empty, or the table (wide) / cards (phone). */
function DebtorsBody({ state: s }: { state: DebtorsPageState }) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const { debtors } = s;
  if (debtors.isPending) return <ListLoading testId="debtors-loading" />;
  if (debtors.isError) return <ListError onRetry={() => void debtors.refetch()} />;
  const rows = debtors.data.items;
  if (rows.length === 0)
    return (
      <ListEmpty
        text={s.filtered ? t('debtors.noMatch') : t('debtors.empty')}
        action={
          !s.filtered && (
            <Button variant="light" onClick={() => s.setAdding(true)}>
              {t('debtors.add')}
            </Button>
          )
        }
      />
    );
  return wide ? (
    <DebtorsTable rows={rows} onOpen={s.setOpen} sort={s.sort} onSort={s.sortBy} />
  ) : (
    <DebtorCards rows={rows} onOpen={s.setOpen} />
  );
}
