import './styles';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { StockReport } from '@duka/domain';
import { useSession } from '../../lib/session-context';
import { KpiCard } from '../../components/kpi-card';
import { mayOpen } from '../sales';
import { ReportFilters } from './report-filters';
import { useReportFormat } from './report-format';
import { ReportBody, ReportEmpty, ReportLayout } from './report-layout';
import { exportUrl, useStockReport } from './reports-api';
import { StockTable, StockValueChart, type StockView } from './stock-parts';
import { useReportFilter } from './use-report-filter';
import classes from './report-print.module.css';

/** Stock on hand is today's; only the movements follow the range, so no change is shown. */
function StockKpis({ report }: { report: StockReport }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const tot = report.totals;
  const moves = report.movements.reduce((s, m) => s + m.count, 0);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }} mb="md" data-testid="stock-kpis">
      <KpiCard
        testId="kpi-value-cost"
        label={t('reports.col.valueCost')}
        value={f.money(tot.value_cost)}
        detail={t('reports.stock.now')}
      />
      <KpiCard
        testId="kpi-value-price"
        label={t('reports.col.valuePrice')}
        value={f.money(tot.value_price)}
        detail={t('reports.stock.markup', { amount: f.money(tot.value_price - tot.value_cost) })}
      />
      <KpiCard
        testId="kpi-products"
        label={t('reports.stock.products')}
        value={f.count(tot.products)}
        detail={t('reports.stock.movementsInRange', { count: moves, n: f.count(moves) })}
      />
      <KpiCard
        testId="kpi-low"
        label={t('reports.stock.low')}
        value={f.count(report.low_stock.length)}
        detail={report.low_stock.length > 0 ? t('reports.stock.lowHint') : t('reports.stock.noLowShort')}
      />
      <Text size="xs" c="dimmed" data-testid="stock-help" style={{ gridColumn: '1 / -1' }}>
        {t('stock.help.inStock')} {t('stock.help.lowStock')}
      </Text>
    </SimpleGrid>
  );
}

/** On hand, low stock or movements: the choice, its heading on paper, and the table. */
function StockViews({
  report,
  views,
  view,
  onView,
  wide,
}: {
  report: StockReport;
  views: { value: StockView; label: string }[];
  view: StockView;
  onView: (v: StockView) => void;
  wide: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {/* One row on a wide screen; stacked on a phone, where the words would be cut. */}
      <div data-print="hide">
        <SegmentedControl
          aria-label={t('reports.stock.show')}
          data={views}
          value={view}
          onChange={(v) => onView(v)}
          orientation={wide ? 'horizontal' : 'vertical'}
          fullWidth={!wide}
        />
      </div>
      <Text fw={700} className={classes.printOnly}>
        {views.find((v) => v.value === view)?.label}
      </Text>
      {view === 'movements' && (
        <Text size="sm" c="dimmed">
          {t('reports.stock.movementsNote')}
        </Text>
      )}
      <StockTable report={report} view={view} wide={wide} />
    </Stack>
  );
}

/** Stock report (/stock-report): on hand and its value per location, low stock, the range's movements. */
export function StockReportPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const f = useReportFormat();
  const r = useReportFilter();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [view, setView] = useState<StockView>('onHand');
  const report = useStockReport(r.filter);
  const data = report.data;
  const views: { value: StockView; label: string }[] = [
    { value: 'onHand', label: t('reports.stock.view.onHand') },
    { value: 'low', label: t('reports.stock.view.low', { n: f.count(data?.low_stock.length ?? 0) }) },
    { value: 'movements', label: t('reports.stock.view.movements') },
  ];

  const body = (
    <ReportBody query={report} testId="stock-report">
      {(data) => (
        <>
          <StockKpis report={data} />
          {data.on_hand.length === 0 && data.movements.length === 0 ? (
            <ReportEmpty
              text={t('reports.stock.empty')}
              action={
                mayOpen(session, '/addsupplierstock') && (
                  <Button component={Link} to="/addsupplierstock" variant="light" data-print="hide">
                    {t('reports.stock.receive')}
                  </Button>
                )
              }
            />
          ) : (
            <>
              {data.on_hand.length > 0 && <StockValueChart report={data} />}
              <StockViews report={data} views={views} view={view} onView={setView} wide={wide} />
            </>
          )}
        </>
      )}
    </ReportBody>
  );

  return (
    <ReportLayout
      title={`${t('menu.reports')} › ${t('menu.stockReport')}`}
      range={r.filter}
      locationName={r.locationName}
      madeAt={report.dataUpdatedAt}
      exportHref={(format) => exportUrl('stock', format, r.filter, { lang: i18n.language })}
      filters={<ReportFilters filter={r} />}
    >
      {body}
    </ReportLayout>
  );
}
