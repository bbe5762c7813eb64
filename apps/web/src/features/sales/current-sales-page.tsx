import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarCheck, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DAY_PATTERN, SALE_KINDS, type SaleKind, type SalesList } from '@duka/domain';
import { PageHeader } from '../../components/page-header';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { useAllowedLocations } from '../stock';
import { KpiCard } from '../../components/kpi-card';
import { type Opened, SaleDrawer } from './sale-drawer';
import { mayOpen, todayOf, useSalesDay } from './sales-api';
import { SalesListView } from './sales-list';
import { SignedMoney } from '../../components/signed-money';
import { ListError } from '../../components/list-states';

function Totals({ data }: { data: SalesList }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money } = useFormat(session.business);
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
              <div>{t('sales.kpi.count', { count: data.sales[k].count })}</div>
              {data.reversals[k].count > 0 && (
                <div>
                  {t('sales.kpi.reversed', { count: data.reversals[k].count })}{' '}
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
  const session = useSession();
  const today = todayOf(session);
  const [params] = useSearchParams();
  const { allowed, home, admin, isPending: locationsPending } = useAllowedLocations();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [day, setDay] = useState(() => {
    const d = params.get('day');
    return d && DAY_PATTERN.test(d) ? d : today;
  });
  // An admin starts with every location, staff at their home location; both may change it.
  const [location, setLocation] = useState<string | null | undefined>(
    () => params.get('location_id') ?? undefined,
  );
  const chosen = location === undefined ? (admin ? null : home || null) : location;
  const [kind, setKind] = useState<SaleKind | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const validDay = DAY_PATTERN.test(day) ? day : today;
  // staff wait for their home location before the first load, so the list does not jump
  const list = useSalesDay(
    { day: validDay, location_id: chosen ?? undefined, kind: kind ?? undefined },
    admin || !locationsPending,
  );
  const canClose = mayOpen(session, '/daily-sales');
  const closeLink = `/daily-sales?${new URLSearchParams({
    day: validDay,
    ...(chosen ? { location_id: chosen } : {}),
  }).toString()}`;

  let body: React.ReactNode;
  if (list.isPending)
    body = (
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
  else if (list.isError) body = <ListError onRetry={() => void list.refetch()} />;
  else
    body = (
      <>
        <Totals data={list.data} />
        {list.data.items.length === 0 ? (
          <Stack align="center" py="xl" gap="sm">
            <Text c="dimmed">{kind ? t('sales.emptyKind') : t('sales.empty')}</Text>
            {validDay === today && mayOpen(session, '/cash-sale') && (
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
            onOpen={(i) => setOpened({ type: i.type, id: i.id })}
          />
        )}
      </>
    );

  return (
    <>
      <PageHeader
        title={`${t('menu.makeSale')} › ${t('menu.currentSales')}`}
        actions={
          canClose && (
            <Button
              component={Link}
              to={closeLink}
              variant="default"
              leftSection={<IconCalendarCheck size={16} aria-hidden />}
            >
              {t('sales.closeDay')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={t('sales.filter.day')}
            value={day}
            max={today}
            onChange={(e) => setDay(e.currentTarget.value)}
            w={{ base: '100%', xs: 180 }}
          />
          <Select
            label={t('sales.filter.location')}
            placeholder={t('sales.filter.allLocations')}
            data={allowed.map((l) => ({ value: l.id, label: l.name }))}
            value={chosen}
            onChange={setLocation}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label={t('sales.filter.kind')}
            placeholder={t('sales.filter.allKinds')}
            data={SALE_KINDS.map((k) => ({ value: k, label: t(`sales.kinds.${k}`) }))}
            value={kind}
            onChange={setKind}
            clearable
            w={{ base: '100%', xs: 180 }}
          />
          {!admin && (
            <Text size="sm" c="dimmed" style={{ flex: '1 1 200px' }}>
              {t('sales.ownOnly')}
            </Text>
          )}
        </Group>
        {body}
      </Paper>
      {opened && (
        <SaleDrawer key={`${opened.type}-${opened.id}`} item={opened} onClose={() => setOpened(null)} />
      )}
    </>
  );
}
