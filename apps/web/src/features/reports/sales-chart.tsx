import './styles';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { SalesReport } from '@duka/domain';
import { CHART_DEFAULTS, ChartCard } from './chart-card';
import { salesPerDay } from './chart-data';
import { useReportFormat } from './report-format';
import type { ReportRange } from './report-range';

/**
 * Sales per day as bars (net of reversals); a single day has no rhythm to show, so it shows the
 * day's sales by kind of sale instead.
 */
export function SalesChart({ report, range }: { report: SalesReport; range: ReportRange }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const axis = { tickFormatter: f.compact, width: 84 };

  if (range.from === range.to) {
    const rows = report.by_kind.map((k) => ({ label: t(`sales.kinds.${k.kind}`), net: k.net }));
    return (
      <ChartCard
        title={t('reports.sales.chartKind')}
        summary={rows.map((r) => `${r.label}: ${f.money(r.net)}`).join('; ')}
        testId="sales-chart"
        empty={rows.some((r) => r.net !== 0) ? undefined : t('reports.chartEmpty')}
      >
        <BarChart
          {...CHART_DEFAULTS}
          h={Math.max(120, rows.length * 48 + 30)}
          data={rows}
          dataKey="label"
          orientation="vertical"
          series={[{ name: 'net', label: t('reports.col.net'), color: 'teal.6' }]}
          valueFormatter={f.money}
          withBarValueLabel
          gridAxis="none"
          withXAxis={false}
          yAxisProps={{ width: 96 }}
          maxBarWidth={32}
          barChartProps={{ margin: { right: 120, left: 4 } }}
        />
      </ChartCard>
    );
  }

  const days = salesPerDay(report.by_day, range);
  const long = days.length > 62;
  const data = days.map((d) => ({ ...d, label: f.day(d.day, 'short') }));
  const best = days.reduce((a, b) => (b.net > a.net ? b : a), days[0]!);
  return (
    <ChartCard
      title={t('reports.sales.chartDays')}
      summary={t('reports.sales.chartSummary', {
        days: days.length,
        total: f.money(report.totals.net),
        best: f.day(best.day),
        bestNet: f.money(best.net),
      })}
      testId="sales-chart"
      empty={days.some((d) => d.net !== 0) ? undefined : t('reports.chartEmpty')}
    >
      <BarChart
        {...CHART_DEFAULTS}
        h={260}
        data={data}
        dataKey="label"
        series={[{ name: 'net', label: t('reports.col.net'), color: 'teal.6' }]}
        valueFormatter={f.money}
        yAxisProps={axis}
        xAxisProps={{ minTickGap: 16 }}
        maxBarWidth={long ? 12 : 36}
        barProps={{ radius: [4, 4, 0, 0] }}
      />
    </ChartCard>
  );
}
