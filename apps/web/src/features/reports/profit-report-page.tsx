import './styles';
import { useState } from 'react';
import { SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { PROFIT_PERIODS, type ProfitReport } from '@duka/domain';
import { KpiCard } from '../../components/kpi-card';
import { signColor } from '../../components/signed-money';
import { ChangeLine } from './change-line';
import { ProfitChart, ProfitTable } from './profit-parts';
import { ReportFilters } from './report-filters';
import { useReportFormat } from './report-format';
import { ReportBody, ReportEmpty, ReportLayout } from './report-layout';
import { type ProfitPeriodKind, exportUrl, useProfitReport } from './reports-api';
import { useReportFilter } from './use-report-filter';

function ProfitKpis({ report, previous }: { report: ProfitReport; previous: ProfitReport | undefined }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const now = report.totals;
  const before = previous?.totals;
  // a loss in red, as text: a card fits text to itself, not an element (−KES 149,027.07 ran out of it)
  const signed = (v: number) => ({ value: f.money(v), color: v < 0 ? signColor(v) : undefined });
  return (
    <SimpleGrid
      cols={{ base: 2, md: 4 }}
      spacing={{ base: 'xs', sm: 'md' }}
      mb="md"
      data-testid="profit-kpis"
    >
      <KpiCard
        testId="kpi-revenue"
        label={t('reports.profit.revenue')}
        value={f.money(now.revenue)}
        detail={<ChangeLine current={now.revenue} previous={before?.revenue} show={f.money} />}
      />
      <KpiCard
        testId="kpi-gross"
        label={t('reports.col.grossProfit')}
        {...signed(now.gross_profit)}
        detail={
          <>
            <div>
              {t('reports.profit.marginCogs', { margin: f.bp(now.margin_bp), cogs: f.money(now.cogs) })}
            </div>
            <ChangeLine current={now.gross_profit} previous={before?.gross_profit} show={f.money} />
          </>
        }
      />
      <KpiCard
        testId="kpi-expenses"
        label={t('reports.col.expenses')}
        value={f.money(now.expenses)}
        detail={<ChangeLine current={now.expenses} previous={before?.expenses} show={f.money} goodWhenDown />}
      />
      <KpiCard
        testId="kpi-net-profit"
        label={t('reports.col.netProfit')}
        {...signed(now.net_profit)}
        detail={<ChangeLine current={now.net_profit} previous={before?.net_profit} show={f.money} />}
      />
    </SimpleGrid>
  );
}

/** Profit report (/profit, admin): revenue, cost of goods, gross and net profit per day, week or month. */
export function ProfitReportPage() {
  const { t, i18n } = useTranslation();
  const r = useReportFilter();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [period, setPeriod] = useState<ProfitPeriodKind>('day');
  const report = useProfitReport(r.filter, period);
  const previous = useProfitReport(r.previous, period);

  const body = (
    <ReportBody query={report} testId="profit-report">
      {(data) => (
        <>
          <ProfitKpis report={data} previous={previous.data} />
          {data.totals.revenue === 0 && data.totals.cogs === 0 && data.totals.expenses === 0 ? (
            <ReportEmpty text={t('reports.profit.empty')} />
          ) : (
            <>
              <ProfitChart report={data} range={r.filter} />
              <ProfitTable report={data} range={r.filter} wide={wide} />
            </>
          )}
        </>
      )}
    </ReportBody>
  );

  return (
    <ReportLayout
      title={`${t('menu.reports')} › ${t('menu.profitReport')}`}
      range={r.filter}
      locationName={r.locationName}
      madeAt={report.dataUpdatedAt}
      exportHref={(format) => exportUrl('profit', format, r.filter, { lang: i18n.language, period })}
      filters={
        <ReportFilters filter={r}>
          <Stack gap={4}>
            <Text size="sm" fw={500} aria-hidden>
              {t('reports.profit.per')}
            </Text>
            <SegmentedControl
              aria-label={t('reports.profit.per')}
              data={PROFIT_PERIODS.map((p) => ({ value: p, label: t(`reports.profit.period.${p}`) }))}
              value={period}
              onChange={(p) => setPeriod(p)}
            />
          </Stack>
        </ReportFilters>
      }
    >
      {body}
    </ReportLayout>
  );
}
