import './styles';
import { BarChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ExpenseList } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';

/** Totals by category (net of voids) as horizontal bars, largest first, with the figures as text too. */
export function CategoryChart({ data }: { data: ExpenseList['by_category'] }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money } = useFormat(session.business);
  const rows = data
    .filter((c) => c.total !== 0)
    .sort((a, b) => b.total - a.total)
    .map((c) => ({ name: c.name, total: c.total }));
  const summary = rows.map((r) => `${r.name}: ${money(r.total)}`).join('; ');
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} data-testid="category-chart">
      <Title order={2} size="h5" mb="sm">
        {t('expenses.byCategory')}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('expenses.chartEmpty')}
        </Text>
      ) : (
        <div role="img" aria-label={`${t('expenses.byCategory')}: ${summary}`}>
          <BarChart
            h={Math.max(120, rows.length * 44 + 40)}
            data={rows}
            dataKey="name"
            orientation="vertical"
            series={[{ name: 'total', label: t('expenses.total'), color: 'teal.6' }]}
            valueFormatter={money}
            withBarValueLabel
            gridAxis="none"
            withXAxis={false}
            yAxisProps={{ width: 110 }}
            maxBarWidth={28}
            barChartProps={{ margin: { right: 96, left: 4 } }}
            tooltipAnimationDuration={150}
          />
        </div>
      )}
    </Paper>
  );
}
