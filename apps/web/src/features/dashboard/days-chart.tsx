import './styles';
import { useState } from 'react';
import { AreaChart, BarChart } from '@mantine/charts';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@duka/domain';
import { CHART_DEFAULTS, ChartCard, legendInOrder, useReportFormat } from '../reports';
import { lastDays } from './dashboard-api';

/** Sales and profit over the last 7 days (bars) or 30 days (areas); a toggle switches. */
export function DaysChart({ days }: { days: Dashboard['days'] }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const [span, setSpan] = useState<'7' | '30'>('7');
  const shown = lastDays(days, Number(span));
  const data = shown.map((d) => ({ ...d, label: f.day(d.day, 'short') }));
  const series = [
    { name: 'sales', label: t('dashboard.sales'), color: 'teal.6' },
    { name: 'profit', label: t('dashboard.profit'), color: 'orange.6' },
  ];
  const common = {
    ...CHART_DEFAULTS,
    h: 240,
    data,
    dataKey: 'label',
    series,
    valueFormatter: f.money,
    yAxisProps: { tickFormatter: f.compact, width: 84 },
    xAxisProps: { minTickGap: 12 },
    withLegend: true,
    legendProps: legendInOrder(series.map((s) => s.name)),
  };
  const total = shown.reduce((s, d) => s + d.sales, 0);
  const profit = shown.reduce((s, d) => s + d.profit, 0);
  return (
    <ChartCard
      title={span === '7' ? t('dashboard.last7') : t('dashboard.last30')}
      summary={t('dashboard.chartSummary', { sales: f.money(total), profit: f.money(profit) })}
      testId="dashboard-chart"
      flush
      empty={shown.some((d) => d.sales !== 0 || d.profit !== 0) ? undefined : t('dashboard.chartEmpty')}
      actions={
        <SegmentedControl
          size="xs"
          aria-label={t('dashboard.span')}
          data={[
            { value: '7', label: t('dashboard.days7') },
            { value: '30', label: t('dashboard.days30') },
          ]}
          value={span}
          onChange={(v) => setSpan(v)}
        />
      }
    >
      {span === '7' ? (
        <BarChart {...common} maxBarWidth={28} barProps={{ radius: [3, 3, 0, 0] }} />
      ) : (
        <AreaChart {...common} withDots={false} curveType="linear" fillOpacity={0.25} />
      )}
    </ChartCard>
  );
}
