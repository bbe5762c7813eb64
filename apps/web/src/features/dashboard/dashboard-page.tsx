import './styles';
import { Grid, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@duka/domain';
import { PageHeader } from '../../components/page-header';
import { KpiCard } from '../../components/kpi-card';
import { signColor } from '../../components/signed-money';
import { ChangeLine, ReportError, useReportFormat } from '../reports';
import { useDashboard } from './dashboard-api';
import { DebtorsCard, LowStockCard, TopProducts, TransfersCard } from './dashboard-cards';
import { DaysChart } from './days-chart';
import { GettingStartedCard } from './getting-started';

function TodayCards({ d }: { d: Dashboard }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const now = d.today_figures;
  const before = d.yesterday_figures;
  const against = t('dashboard.yesterday');
  // a loss in red, as text: a card fits text to itself, not an element (−KES 149,027.07 ran out of it)
  const signed = (v: number) => ({ value: f.money(v), color: v < 0 ? signColor(v) : undefined });
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }} data-testid="dash-today">
      <KpiCard
        testId="dash-sales"
        label={t('dashboard.salesToday')}
        value={f.money(now.sales)}
        detail={<ChangeLine current={now.sales} previous={before.sales} show={f.money} against={against} />}
      />
      <KpiCard
        testId="dash-count"
        label={t('dashboard.countToday')}
        value={f.count(now.count)}
        detail={<ChangeLine current={now.count} previous={before.count} show={f.count} against={against} />}
      />
      <KpiCard
        testId="dash-profit"
        label={t('dashboard.profitToday')}
        {...signed(now.profit)}
        detail={<ChangeLine current={now.profit} previous={before.profit} show={f.money} against={against} />}
      />
      <KpiCard
        testId="dash-month"
        label={t('dashboard.monthProfit', { month: f.day(d.month.start, 'month') })}
        {...signed(d.month.profit)}
        detail={
          <>
            <div>{t('dashboard.monthRevenue', { amount: f.money(d.month.revenue) })}</div>
            <div>{t('dashboard.monthExpenses', { amount: f.money(d.month.expenses) })}</div>
          </>
        }
      />
    </SimpleGrid>
  );
}

function DashboardLoading() {
  return (
    <Stack data-testid="dashboard-loading" aria-busy="true">
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={110} radius="lg" />
        ))}
      </SimpleGrid>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Skeleton h={310} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Skeleton h={310} radius="lg" />
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={150} radius="lg" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The owner's dashboard (/dashboard, admin): today against yesterday, 7/30 days, what needs attention. */
export function DashboardPage() {
  const { t } = useTranslation();
  const f = useReportFormat();
  const dash = useDashboard();
  const d = dash.data;
  return (
    <>
      <PageHeader
        title={t('menu.dashboard')}
        actions={
          d && (
            <Text c="dimmed" size="sm">
              {f.day(d.today)}
            </Text>
          )
        }
      />
      <GettingStartedCard />
      {dash.isPending ? (
        <DashboardLoading />
      ) : !d ? (
        <ReportError error={dash.error} onRetry={() => void dash.refetch()} />
      ) : (
        <Stack gap="md" data-testid="dashboard">
          <TodayCards d={d} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <DaysChart days={d.days} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <TopProducts items={d.top_products} />
            </Grid.Col>
          </Grid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <LowStockCard low={d.low_stock} />
            <DebtorsCard debtors={d.debtors} />
            <TransfersCard transfers={d.unconfirmed_transfers} />
          </SimpleGrid>
        </Stack>
      )}
    </>
  );
}
