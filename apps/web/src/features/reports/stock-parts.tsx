import './styles';
import { BarChart } from '@mantine/charts';
import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { StockReport } from '@duka/domain';
import { mayOpen } from '../sales';
import { useSession } from '../../lib/session-context';
import { CHART_DEFAULTS, ChartCard, legendInOrder } from './chart-card';
import { sumOf, valueByLocation } from './chart-data';
import { useReportFormat } from './report-format';
import { ReportTable } from './report-table';

/** Stock value per location, at cost and at selling price, as bars side by side. */
export function StockValueChart({ report }: { report: StockReport }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const rows = valueByLocation(report.on_hand);
  return (
    <ChartCard
      title={t('reports.stock.chart')}
      summary={rows
        .map((r) =>
          t('reports.stock.chartRow', { name: r.name, cost: f.money(r.cost), price: f.money(r.price) }),
        )
        .join('; ')}
      testId="stock-chart"
      empty={rows.some((r) => r.cost !== 0 || r.price !== 0) ? undefined : t('reports.stock.chartEmpty')}
    >
      <BarChart
        {...CHART_DEFAULTS}
        h={Math.max(140, rows.length * 64 + 60)}
        data={rows}
        dataKey="name"
        orientation="vertical"
        withLegend
        legendProps={legendInOrder(['cost', 'price'])}
        series={[
          { name: 'cost', label: t('reports.col.valueCost'), color: 'blue.5' },
          { name: 'price', label: t('reports.col.valuePrice'), color: 'teal.6' },
        ]}
        valueFormatter={f.money}
        xAxisProps={{ tickFormatter: f.compact, minTickGap: 28 }}
        yAxisProps={{ width: 110 }}
        gridAxis="y"
        maxBarWidth={22}
        barProps={{ radius: [0, 3, 3, 0] }}
      />
    </ChartCard>
  );
}

export type StockView = 'onHand' | 'low' | 'movements';

/** The stock report's tables: on hand with values, low stock, the range's movements by kind. */
export function StockTable({ report, view, wide }: { report: StockReport; view: StockView; wide: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const f = useReportFormat();
  const a: TableArgs = { report, wide, t, f, toStock: mayOpen(session, '/stock') };
  // Plain functions, not components: the views keep rendering into the same place as before.
  if (view === 'onHand') return onHandTable(a);
  if (view === 'low') return lowStock(a);
  return movementsTable(a);
}

interface TableArgs {
  report: StockReport;
  wide: boolean;
  t: TFunction;
  f: ReturnType<typeof useReportFormat>;
  /** Whether the user may open the stock screen. */
  toStock: boolean;
}

const product = (r: { name: string; code: string }) => (
  <span>
    {r.name}{' '}
    <Text span size="xs" c="dimmed">
      {r.code}
    </Text>
  </span>
);

function onHandTable({ report, wide, t, f }: TableArgs) {
  return (
    <ReportTable
      testId="stock-on-hand"
      wide={wide}
      minWidth={860}
      rows={report.on_hand}
      rowKey={(r) => `${r.product_id}-${r.location_id}`}
      initialSort={{ key: 'name', dir: 'asc' }}
      columns={[
        { key: 'name', label: t('reports.col.product'), value: (r) => r.name, render: product },
        { key: 'location', label: t('reports.col.location'), value: (r) => r.location_name },
        {
          key: 'quantity',
          label: t('reports.col.onHand'),
          kind: 'count',
          value: (r) => r.quantity,
          render: (r) => f.held(r.quantity, r.unit),
        },
        { key: 'avg', label: t('reports.col.avgCost'), kind: 'money', value: (r) => r.avg_cost },
        { key: 'price', label: t('reports.col.price'), kind: 'money', value: (r) => r.price },
        {
          key: 'cost',
          label: t('reports.col.valueCost'),
          kind: 'money',
          value: (r) => r.value_cost,
          total: f.money(report.totals.value_cost),
        },
        {
          key: 'value',
          label: t('reports.col.valuePrice'),
          kind: 'money',
          value: (r) => r.value_price,
          total: f.money(report.totals.value_price),
        },
      ]}
    />
  );
}

function lowStock({ report, wide, t, f, toStock }: TableArgs) {
  if (report.low_stock.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        {t('reports.stock.noLow')}
      </Text>
    );
  return (
    <Stack gap="sm">
      <ReportTable
        testId="stock-low"
        wide={wide}
        rows={report.low_stock}
        rowKey={(r) => r.product_id}
        initialSort={{ key: 'short', dir: 'desc' }}
        columns={[
          { key: 'name', label: t('reports.col.product'), value: (r) => r.name, render: product },
          {
            key: 'onHand',
            label: t('reports.col.onHand'),
            kind: 'count',
            value: (r) => r.on_hand,
            render: (r) => f.held(r.on_hand, r.unit),
          },
          {
            key: 'reorder',
            label: t('reports.col.reorderLevel'),
            kind: 'count',
            value: (r) => r.reorder_level,
            render: (r) => f.held(r.reorder_level, r.unit),
          },
          {
            key: 'short',
            label: t('reports.col.shortBy'),
            kind: 'count',
            value: (r) => r.reorder_level - r.on_hand,
            render: (r) => f.held(r.reorder_level - r.on_hand, r.unit),
          },
        ]}
      />
      {toStock && (
        <Button
          component={Link}
          to="/stock"
          variant="light"
          style={{ alignSelf: 'flex-start' }}
          data-print="hide"
        >
          {t('reports.stock.toStock')}
        </Button>
      )}
    </Stack>
  );
}

function movementsTable({ report, wide, t, f }: TableArgs) {
  if (report.movements.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        {t('reports.stock.noMovements')}
      </Text>
    );
  return (
    <ReportTable
      testId="stock-movements"
      wide={wide}
      rows={report.movements}
      rowKey={(m) => m.kind}
      initialSort={{ key: 'kind', dir: 'asc' }}
      columns={[
        { key: 'kind', label: t('reports.col.movement'), value: (m) => t(`stock.kinds.${m.kind}`) },
        {
          key: 'count',
          label: t('reports.col.documents'),
          kind: 'count',
          value: (m) => m.count,
          total: f.count(sumOf(report.movements, (m) => m.count)),
        },
        {
          key: 'quantity',
          label: t('reports.col.quantity'),
          kind: 'count',
          value: (m) => m.quantity,
          render: (m) => f.quantity(m.quantity),
        },
        { key: 'value', label: t('reports.col.valueCost'), kind: 'money', value: (m) => m.value },
      ]}
    />
  );
}
