import './styles';
import { useState } from 'react';
import { SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { SalesReport } from '@duka/domain';
import { KpiCard } from '../../components/kpi-card';
import { signColor } from '../../components/signed-money';
import { ChangeLine } from './change-line';
import { ReportFilters } from './report-filters';
import { useReportFormat } from './report-format';
import { ReportBody, ReportEmpty, ReportLayout } from './report-layout';
import { type SalesGroup, exportUrl, useSalesReport } from './reports-api';
import { SalesChart } from './sales-chart';
import { SalesTables } from './sales-tables';
import { useReportFilter } from './use-report-filter';

function SalesKpis({ report, previous }: { report: SalesReport; previous: SalesReport | undefined }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const now = report.totals;
  const before = previous?.totals;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }} mb="md" data-testid="sales-kpis">
      <KpiCard
        testId="kpi-net"
        label={t('reports.sales.net')}
        value={f.money(now.net)}
        detail={
          <>
            <ChangeLine current={now.net} previous={before?.net} show={f.money} />
            <div>
              {t('reports.sales.taxDiscount', { tax: f.money(now.tax), discount: f.money(now.discount) })}
            </div>
          </>
        }
      />
      <KpiCard
        testId="kpi-count"
        label={t('reports.sales.count')}
        value={f.count(now.sales_count)}
        detail={<ChangeLine current={now.sales_count} previous={before?.sales_count} show={f.count} />}
      />
      <KpiCard
        testId="kpi-average"
        label={t('reports.sales.average')}
        value={f.money(now.average_sale)}
        detail={<ChangeLine current={now.average_sale} previous={before?.average_sale} show={f.money} />}
      />
      <KpiCard
        testId="kpi-reversals"
        label={t('reports.sales.reversals')}
        // as text, in red: a card fits text to itself, not an element (a long one ran out of it)
        value={f.money(-now.reversals_total || 0)}
        color={now.reversals_total ? signColor(-now.reversals_total) : undefined}
        detail={t('reports.sales.reversalsCount', {
          count: now.reversals_count,
          n: f.count(now.reversals_count),
        })}
      />
    </SimpleGrid>
  );
}

/** Sales report (/period-sales): totals against the period before, sales per day, grouped tables. */
export function SalesReportPage() {
  const { t, i18n } = useTranslation();
  const r = useReportFilter();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [group, setGroup] = useState<SalesGroup>('day');
  const report = useSalesReport(r.filter);
  const previous = useSalesReport(r.previous);

  const body = (
    <ReportBody query={report} testId="sales-report">
      {(data) => (
        <>
          <SalesKpis report={data} previous={previous.data} />
          {data.totals.sales_count === 0 && data.totals.reversals_count === 0 ? (
            <ReportEmpty text={t('reports.sales.empty')} />
          ) : (
            <>
              <SalesChart report={data} range={r.filter} />
              <SalesTables report={data} group={group} onGroup={setGroup} wide={wide} />
            </>
          )}
        </>
      )}
    </ReportBody>
  );

  return (
    <ReportLayout
      title={`${t('menu.reports')} › ${t('menu.salesReport')}`}
      range={r.filter}
      locationName={r.locationName}
      madeAt={report.dataUpdatedAt}
      exportHref={(format) => exportUrl('sales', format, r.filter, { lang: i18n.language, group })}
      filters={<ReportFilters filter={r} />}
    >
      {body}
    </ReportLayout>
  );
}
