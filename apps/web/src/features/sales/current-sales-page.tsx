import './styles';
import { Link } from 'react-router';
import { Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarCheck, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SALE_KINDS, type SalesList } from '@duka/domain';
import { PageHeader } from '../../components/page-header';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { KpiCard } from '../../components/kpi-card';
import { SaleDrawer } from './sale-drawer';
import { SalesListView } from './sales-list';
import { SignedMoney } from '../../components/signed-money';
import { ListError } from '../../components/list-states';
import { type CurrentSalesState, useCurrentSales } from './use-current-sales';
import { useWideScreen } from '../../lib/use-wide-screen';
import { DayInput } from '../../components/day-input';

function Totals({ data }: { data: SalesList }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money, count } = useFormat(session.business);
  const reversed = SALE_KINDS.reduce((s, k) => s + data.reversals[k].total, 0);
  return (
    <SimpleGrid
      cols={{ base: 2, md: 4 }}
      spacing={{ base: 'xs', sm: 'md' }}
      mb="md"
      data-testid="sales-totals"
    >
      {SALE_KINDS.map((k) => (
        <KpiCard
          key={k}
          testId={`kpi-${k}`}
          label={t(`sales.kpi.${k}`)}
          value={money(data.sales[k].total)}
          detail={
            <>
              <div>{t('sales.kpi.count', { count: data.sales[k].count, n: count(data.sales[k].count) })}</div>
              {data.reversals[k].count > 0 && (
                <div>
                  {t('sales.kpi.reversed', {
                    count: data.reversals[k].count,
                    n: count(data.reversals[k].count),
                  })}{' '}
                  <SignedMoney value={-data.reversals[k].total} />
                </div>
              )}
            </>
          }
        />
      ))}
      <KpiCard
        testId="kpi-net"
        label={t('sales.kpi.net')}
        value={money(data.net_total)}
        detail={reversed > 0 ? t('sales.kpi.netDetail', { reversed: money(reversed) }) : undefined}
      />
    </SimpleGrid>
  );
}

/** Current sales (/current-sales): a day's sales and reversals at a location, totals by kind. */
export function CurrentSalesPage() {
  const { t } = useTranslation();
  const s = useCurrentSales();
  const { opened } = s;
  return (
    <>
      <PageHeader
        title={`${t('menu.makeSale')} › ${t('menu.currentSales')}`}
        actions={
          s.canClose && (
            <Button
              component={Link}
              to={s.closeLink}
              variant="default"
              leftSection={<IconCalendarCheck size={16} aria-hidden />}
            >
              {t('sales.closeDay')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <SalesFilters state={s} />
        <SalesBody state={s} />
      </Paper>
      {opened && (
        <SaleDrawer key={`${opened.type}-${opened.id}`} item={opened} onClose={() => s.setOpened(null)} />
      )}
    </>
  );
}

/** The day, the location and the kind of sale. */
function SalesFilters({ state: s }: { state: CurrentSalesState }) {
  const { t } = useTranslation();
  return (
    <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
      <DayInput
        label={t('sales.filter.day')}
        value={s.day}
        max={s.today}
        onChange={s.setDay}
        w={{ base: '100%', xs: 180 }}
      />
      <Select
        label={t('sales.filter.location')}
        placeholder={t('sales.filter.allLocations')}
        data={s.allowed.map((l) => ({ value: l.id, label: l.name }))}
        value={s.chosen}
        onChange={s.setLocation}
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      <Select
        label={t('sales.filter.kind')}
        placeholder={t('sales.filter.allKinds')}
        data={SALE_KINDS.map((k) => ({ value: k, label: t(`sales.kinds.${k}`) }))}
        value={s.kind}
        onChange={s.setKind}
        clearable
        w={{ base: '100%', xs: 180 }}
      />
      {!s.admin && (
        <Text size="sm" c="dimmed" style={{ flex: '1 1 200px' }}>
          {t('sales.ownOnly')}
        </Text>
      )}
    </Group>
  );
}

/** Loading, error, or the totals over the list (or "no sales", with a way to start one today). */
function SalesBody({ state: s }: { state: CurrentSalesState }) {
  const { t } = useTranslation();
  const wide = useWideScreen();
  const { list } = s;
  if (list.isPending)
    return (
      <Stack data-testid="sales-loading">
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={96} radius="lg" />
          ))}
        </SimpleGrid>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={44} />
        ))}
      </Stack>
    );
  if (list.isError) return <ListError onRetry={() => void list.refetch()} />;
  return (
    <>
      <Totals data={list.data} />
      {list.data.items.length === 0 ? (
        <Stack align="center" py="xl" gap="sm">
          <Text c="dimmed">{s.kind ? t('sales.emptyKind') : t('sales.empty')}</Text>
          {s.validDay === s.today && s.canSell && (
            <Button
              component={Link}
              to="/cash-sale"
              variant="light"
              leftSection={<IconShoppingCart size={16} aria-hidden />}
            >
              {t('sales.startSale')}
            </Button>
          )}
        </Stack>
      ) : (
        <SalesListView
          items={list.data.items}
          wide={wide}
          onOpen={(i) => s.setOpened({ type: i.type, id: i.id })}
        />
      )}
    </>
  );
}
