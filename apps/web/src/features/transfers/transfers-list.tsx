import './styles';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { KpiCard } from '../../components/kpi-card';
import { ListEmpty, ListError, ListLoading, Pager } from '../../components/list-states';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { TransfersFilters } from './transfers-filters';
import { TransferCards, TransfersTable } from './transfers-table';
import { TRANSFERS_PAGE_SIZE, type TransfersListState, useTransfersList } from './use-transfers-list';
import { useSyncedFromShop } from '../sync';

/** The register of money moved by transfer, its totals, and (admin) confirming each one. */
export function TransfersList() {
  const { t } = useTranslation();
  const { money, count } = useFormat(useSession().business);
  const s = useTransfersList();
  const d = s.transfers.data;
  return (
    <Stack gap="md">
      <SimpleGrid cols={2} spacing={{ base: 'xs', sm: 'md' }}>
        <KpiCard
          testId="kpi-unconfirmed"
          label={t('transfers.unconfirmedTotal')}
          value={d ? money(d.unconfirmed.amount) : '—'}
          detail={
            d
              ? t('transfers.count', { count: d.unconfirmed.count, n: count(d.unconfirmed.count) })
              : undefined
          }
          accent="yellow"
        />
        <KpiCard
          testId="kpi-confirmed"
          label={t('transfers.confirmedTotal')}
          value={d ? money(d.confirmed.amount) : '—'}
          detail={
            d ? t('transfers.count', { count: d.confirmed.count, n: count(d.confirmed.count) }) : undefined
          }
          accent="teal"
        />
      </SimpleGrid>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <TransfersFilters state={s} />
        {!s.admin && (
          <Text size="xs" c="dimmed" mb="sm">
            {t('transfers.adminConfirms')}
          </Text>
        )}
        <TransfersBody state={s} />
        {d && (
          <Pager page={s.page} pageSize={TRANSFERS_PAGE_SIZE} total={d.total_count} onChange={s.setPage} />
        )}
      </Paper>
    </Stack>
  );
}

/** The list: loading, error, empty, or the table (wide) / cards (phone). */
function TransfersBody({ state: s }: { state: TransfersListState }) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const { transfers } = s;
  // a read-only hosted copy confirms nothing: the shop's PC does
  const readOnly = useSyncedFromShop();
  if (transfers.isPending) return <ListLoading testId="transfers-loading" />;
  if (transfers.isError) return <ListError onRetry={() => void transfers.refetch()} />;
  if (transfers.data.items.length === 0)
    return <ListEmpty text={s.filtered ? t('transfers.noMatch') : t('transfers.empty')} />;
  const props = {
    rows: transfers.data.items,
    admin: s.admin && !readOnly,
    confirming: s.confirming,
    onConfirm: s.confirm,
  };
  return wide ? <TransfersTable {...props} /> : <TransferCards {...props} />;
}
