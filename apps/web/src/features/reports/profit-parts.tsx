import './styles';
import { CompositeChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { ProfitReport } from '@duka/domain';
import { SignedMoney } from '../../components/signed-money';
import { useSession } from '../../lib/session-context';
import { CHART_DEFAULTS, ChartCard, legendInOrder } from './chart-card';
import { type ProfitPeriod, profitPeriods } from './chart-data';
import { useReportFormat } from './report-format';
import type { ReportRange } from './report-range';
import { ReportTable } from './report-table';

/** How a period is named: a day, a week from its first day, a month by name. */
function usePeriodLabel(period: ProfitReport['period']) {
  const f = useReportFormat();
  return {
    short: (p: ProfitPeriod) => (period === 'month' ? f.day(p.start, 'month') : f.day(p.start, 'short')),
    long: (p: ProfitPeriod) => (p.start === p.end ? f.day(p.start) : f.range({ from: p.start, to: p.end })),
  };
}

/** Revenue and gross profit as bars per period, net profit (after expenses) as a line over them. */
export function ProfitChart({ report, range }: { report: ProfitReport; range: ReportRange }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const label = usePeriodLabel(report.period);
  const first = useSession().business.week_start;
  const periods = profitPeriods(report, range, first);
  const data = periods.map((p) => ({ ...p, label: label.short(p) }));
  const many = data.length > 40;
  const series = [
    { name: 'revenue', label: t('reports.col.revenue'), color: 'blue.5', type: 'bar' as const },
    { name: 'gross_profit', label: t('reports.col.grossProfit'), color: 'teal.6', type: 'bar' as const },
    { name: 'net_profit', label: t('reports.col.netProfit'), color: 'orange.6', type: 'line' as const },
  ];
  return (
    <ChartCard
      title={t(`reports.profit.chart.${report.period}`)}
      summary={t('reports.profit.chartSummary', {
        revenue: f.money(report.totals.revenue),
        gross: f.money(report.totals.gross_profit),
        net: f.money(report.totals.net_profit),
      })}
      testId="profit-chart"
      empty={
        periods.some((p) => p.revenue !== 0 || p.gross_profit !== 0 || p.net_profit !== 0)
          ? undefined
          : t('reports.chartEmpty')
      }
    >
      <CompositeChart
        {...CHART_DEFAULTS}
        h={280}
        data={data}
        dataKey="label"
        withLegend
        legendProps={legendInOrder(series.map((s) => s.name))}
        series={series}
        valueFormatter={f.money}
        yAxisProps={{ tickFormatter: f.compact, width: 84 }}
        xAxisProps={{ minTickGap: 16 }}
        maxBarWidth={many ? 8 : 28}
        withDots={data.length <= 14}
        curveType="linear"
        barProps={{ radius: [3, 3, 0, 0] }}
      />
    </ChartCard>
  );
}

/** The figures per period with a totals row (the report's own totals). */
export function ProfitTable({
  report,
  range,
  wide,
}: {
  report: ProfitReport;
  range: ReportRange;
  wide: boolean;
}) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const label = usePeriodLabel(report.period);
  const tot = report.totals;
  const first = useSession().business.week_start;
  // the table lists the periods that had something; the chart keeps the quiet ones for rhythm
  const rows = profitPeriods(report, range, first).filter(
    (p) => p.revenue !== 0 || p.cogs !== 0 || p.expenses !== 0,
  );
  const signed = (v: number) => (v < 0 ? <SignedMoney value={v} /> : f.money(v));
  return (
    <ReportTable
      testId="profit-table"
      wide={wide}
      minWidth={820}
      rows={rows}
      rowKey={(p) => p.start}
      initialSort={{ key: 'start', dir: 'asc' }}
      columns={[
        { key: 'start', label: t('reports.col.period'), value: (p) => p.start, render: label.long },
        {
          key: 'revenue',
          label: t('reports.col.revenue'),
          kind: 'money',
          value: (p) => p.revenue,
          total: f.money(tot.revenue),
        },
        {
          key: 'cogs',
          label: t('reports.col.cogs'),
          kind: 'money',
          value: (p) => p.cogs,
          total: f.money(tot.cogs),
        },
        {
          key: 'gross',
          label: t('reports.col.grossProfit'),
          kind: 'money',
          value: (p) => p.gross_profit,
          render: (p) => signed(p.gross_profit),
          total: signed(tot.gross_profit),
        },
        {
          key: 'margin',
          label: t('reports.col.margin'),
          kind: 'count',
          value: (p) => p.margin_bp ?? Number.MIN_SAFE_INTEGER,
          render: (p) => f.bp(p.margin_bp),
          total: f.bp(tot.margin_bp),
        },
        {
          key: 'expenses',
          label: t('reports.col.expenses'),
          kind: 'money',
          value: (p) => p.expenses,
          total: f.money(tot.expenses),
        },
        {
          key: 'net',
          label: t('reports.col.netProfit'),
          kind: 'money',
          value: (p) => p.net_profit,
          render: (p) => signed(p.net_profit),
          total: signed(tot.net_profit),
        },
      ]}
    />
  );
}
