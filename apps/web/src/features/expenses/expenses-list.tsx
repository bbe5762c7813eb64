import './styles';
import { Button, Grid, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { KpiCard } from '../../components/kpi-card';
import { ListEmpty, ListError, ListLoading, Pager } from '../../components/list-states';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { CategoryChart } from './category-chart';
import { ExpensesFilters } from './expenses-filters';
import { ExpenseCards, ExpensesTable } from './expenses-table';
import { EXPENSES_PAGE_SIZE, type ExpensesListState, useExpensesList } from './use-expenses-list';
import { VoidDialog } from './void-dialog';

/** Expenses with filters, totals (cash, transfer, by category), and voiding. */
export function ExpensesList({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  const { money, count } = useFormat(useSession().business);
  const s = useExpensesList();
  const d = s.expenses.data;
  return (
    <Stack gap="md">
      <ExpensesFilters state={s} />
      <Grid gap={{ base: 'xs', sm: 'md' }}>
        <Grid.Col span={{ base: 12, xs: 4 }}>
          <KpiCard
            testId="kpi-total"
            label={t('expenses.total')}
            value={d ? money(d.total) : '—'}
            accent="teal"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, xs: 4 }}>
          <KpiCard testId="kpi-cash" label={t('expenses.cash')} value={d ? money(d.by_method.cash) : '—'} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, xs: 4 }}>
          <KpiCard
            testId="kpi-transfer"
            label={t('expenses.transfer')}
            value={d ? money(d.by_method.transfer) : '—'}
          />
        </Grid.Col>
      </Grid>
      {d && <CategoryChart data={d.by_category} />}
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        {d && (
          <Text size="sm" c="dimmed" mb="sm">
            {t('expenses.shown', { count: d.total_count, n: count(d.total_count) })}
          </Text>
        )}
        <ExpensesBody state={s} onAdd={onAdd} />
        {d && (
          <Pager page={s.page} pageSize={EXPENSES_PAGE_SIZE} total={d.total_count} onChange={s.setPage} />
        )}
      </Paper>
      <VoidDialog expense={s.voiding} onClose={() => s.setVoiding(null)} />
    </Stack>
  );
}

/** The list: loading, error, empty (with "add"), or the table (wide) / cards (phone). */
function ExpensesBody({ state: s, onAdd }: { state: ExpensesListState; onAdd: () => void }) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const { expenses } = s;
  if (expenses.isPending) return <ListLoading testId="expenses-loading" />;
  if (expenses.isError) return <ListError onRetry={() => void expenses.refetch()} />;
  if (expenses.data.items.length === 0)
    return (
      <ListEmpty
        text={s.filtered ? t('expenses.noMatch') : t('expenses.empty')}
        action={
          <Button variant="light" onClick={onAdd}>
            {t('expenses.add')}
          </Button>
        }
      />
    );
  const rows = expenses.data.items;
  return wide ? (
    <ExpensesTable rows={rows} onVoid={s.setVoiding} />
  ) : (
    <ExpenseCards rows={rows} onVoid={s.setVoiding} />
  );
}
