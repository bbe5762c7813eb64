import './styles';
import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SALES_GROUPS, type SalesReport } from '@duka/domain';
import { SignedMoney } from '../../components/signed-money';
import { sumOf } from './chart-data';
import { useReportFormat } from './report-format';
import { type ReportColumn, ReportTable } from './report-table';
import type { SalesGroup } from './reports-api';
import classes from './report-print.module.css';

type Net = SalesReport['by_day'][number];

/** Sales, reversals and net columns, each with its total. */
function useNetColumns<T extends Omit<Net, 'day'>>(rows: readonly T[]): ReportColumn<T>[] {
  const { t } = useTranslation();
  const f = useReportFormat();
  const col = (key: keyof Omit<Net, 'day'>, label: string, kind: 'money' | 'count'): ReportColumn<T> => {
    const total = sumOf(rows, (r) => r[key]);
    return {
      key,
      label,
      kind,
      value: (r) => r[key],
      total: kind === 'money' ? f.money(total) : f.count(total),
    };
  };
  const reversed = sumOf(rows, (r) => r.reversals_total);
  return [
    col('sales_count', t('reports.col.salesCount'), 'count'),
    col('sales_total', t('reports.col.salesTotal'), 'money'),
    col('reversals_count', t('reports.col.reversalsCount'), 'count'),
    {
      key: 'reversals_total',
      label: t('reports.col.reversalsTotal'),
      kind: 'money',
      value: (r) => r.reversals_total,
      render: (r) => (r.reversals_total ? <SignedMoney value={-r.reversals_total} /> : f.money(0)),
      total: reversed ? <SignedMoney value={-reversed} /> : f.money(0),
    },
    col('net', t('reports.col.net'), 'money'),
  ];
}

/** The sales report's table, grouped as chosen: by day, product, category, cashier, location or kind. */
export function SalesTables({
  report,
  group,
  onGroup,
  wide,
}: {
  report: SalesReport;
  group: SalesGroup;
  onGroup: (g: SalesGroup) => void;
  wide: boolean;
}) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const roomy = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const groups = SALES_GROUPS.map((g) => ({ value: g, label: t(`reports.sales.by.${g}`) }));
  const net: NetColumns = {
    day: useNetColumns(report.by_day),
    cashier: useNetColumns(report.by_cashier),
    location: useNetColumns(report.by_location),
    kind: useNetColumns(report.by_kind),
  };
  return (
    <Stack gap="sm">
      <div data-print="hide">
        {roomy ? (
          <SegmentedControl
            aria-label={t('reports.sales.groupBy')}
            data={groups}
            value={group}
            onChange={(g) => onGroup(g)}
          />
        ) : (
          <Select
            label={t('reports.sales.groupBy')}
            data={groups}
            value={group}
            allowDeselect={false}
            onChange={(g) => g && onGroup(g)}
            w={{ base: '100%', xs: 240 }}
          />
        )}
      </div>
      <Text fw={700} className={classes.printOnly}>
        {t(`reports.sales.by.${group}`)}
      </Text>
      {groupTable(group, { report, wide, t, f, net })}
    </Stack>
  );
}

interface NetColumns {
  day: ReportColumn<SalesReport['by_day'][number]>[];
  cashier: ReportColumn<SalesReport['by_cashier'][number]>[];
  location: ReportColumn<SalesReport['by_location'][number]>[];
  kind: ReportColumn<SalesReport['by_kind'][number]>[];
}

interface TableArgs {
  report: SalesReport;
  wide: boolean;
  t: TFunction;
  f: ReturnType<typeof useReportFormat>;
  net: NetColumns;
}

const BY_NET = { key: 'net', dir: 'desc' } as const;

// Plain functions, not components: every group renders the one ReportTable in the same place, so
// switching groups keeps the table (and its sort) as it always has.
function groupTable(group: SalesGroup, a: TableArgs): React.ReactNode {
  const { report, wide, t, f, net } = a;
  switch (group) {
    case 'day':
      return (
        <ReportTable
          testId="sales-by-day"
          wide={wide}
          rows={report.by_day}
          rowKey={(r) => r.day}
          initialSort={{ key: 'day', dir: 'asc' }}
          columns={[
            { key: 'day', label: t('reports.col.day'), value: (r) => r.day, render: (r) => f.day(r.day) },
            ...net.day,
          ]}
        />
      );
    case 'product':
      return productTable(a);
    case 'category':
      return categoryTable(a);
    case 'cashier':
      return (
        <ReportTable
          testId="sales-by-cashier"
          wide={wide}
          rows={report.by_cashier}
          rowKey={(r) => r.user_id}
          initialSort={BY_NET}
          columns={[{ key: 'name', label: t('reports.col.cashier'), value: (r) => r.name }, ...net.cashier]}
        />
      );
    case 'location':
      return (
        <ReportTable
          testId="sales-by-location"
          wide={wide}
          rows={report.by_location}
          rowKey={(r) => r.location_id}
          initialSort={BY_NET}
          columns={[{ key: 'name', label: t('reports.col.location'), value: (r) => r.name }, ...net.location]}
        />
      );
    case 'kind':
      return (
        <ReportTable
          testId="sales-by-kind"
          wide={wide}
          rows={report.by_kind}
          rowKey={(r) => r.kind}
          initialSort={BY_NET}
          columns={[
            { key: 'kind', label: t('reports.col.kind'), value: (r) => t(`sales.kinds.${r.kind}`) },
            ...net.kind,
          ]}
        />
      );
  }
}

function productTable({ report, wide, t, f }: TableArgs) {
  const p = report.by_product;
  return (
    <ReportTable
      testId="sales-by-product"
      wide={wide}
      minWidth={760}
      rows={p}
      rowKey={(r) => r.product_id}
      initialSort={BY_NET}
      columns={[
        {
          key: 'name',
          label: t('reports.col.product'),
          value: (r) => r.name,
          render: (r) => (
            <span>
              {r.name}{' '}
              <Text span size="xs" c="dimmed">
                {r.code}
              </Text>
            </span>
          ),
        },
        { key: 'category', label: t('reports.col.category'), value: (r) => r.category },
        {
          key: 'quantity',
          label: t('reports.col.quantity'),
          kind: 'count',
          value: (r) => r.net_quantity,
          render: (r) => f.held(r.net_quantity, r.unit),
        },
        {
          key: 'revenue',
          label: t('reports.col.salesTotal'),
          kind: 'money',
          value: (r) => r.revenue,
          total: f.money(sumOf(p, (r) => r.revenue)),
        },
        {
          key: 'reversed',
          label: t('reports.col.reversalsTotal'),
          kind: 'money',
          value: (r) => r.reversed_revenue,
          render: (r) => (r.reversed_revenue ? <SignedMoney value={-r.reversed_revenue} /> : f.money(0)),
          total: f.money(sumOf(p, (r) => r.reversed_revenue)),
        },
        {
          key: 'net',
          label: t('reports.col.net'),
          kind: 'money',
          value: (r) => r.net,
          total: f.money(sumOf(p, (r) => r.net)),
        },
      ]}
    />
  );
}

function categoryTable({ report, wide, t, f }: TableArgs) {
  const c = report.by_category;
  return (
    <ReportTable
      testId="sales-by-category"
      wide={wide}
      rows={c}
      rowKey={(r) => r.category}
      initialSort={BY_NET}
      columns={[
        {
          key: 'category',
          label: t('reports.col.category'),
          value: (r) => r.category,
          render: (r) => r.category || t('reports.noCategory'),
        },
        {
          key: 'revenue',
          label: t('reports.col.salesTotal'),
          kind: 'money',
          value: (r) => r.revenue,
          total: f.money(sumOf(c, (r) => r.revenue)),
        },
        {
          key: 'reversed',
          label: t('reports.col.reversalsTotal'),
          kind: 'money',
          value: (r) => r.reversed_revenue,
          total: f.money(sumOf(c, (r) => r.reversed_revenue)),
        },
        {
          key: 'net',
          label: t('reports.col.net'),
          kind: 'money',
          value: (r) => r.net,
          total: f.money(sumOf(c, (r) => r.net)),
        },
      ]}
    />
  );
}
