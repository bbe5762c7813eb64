import './styles';
import { Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RangePicker } from '../../components/range-picker';
import { useReadableLocations } from '../stock';
import { useExpenseCategories } from './expenses-api';
import type { ExpensesListState } from './use-expenses-list';

/** The period and the filters (category, location, how it was paid). */
export function ExpensesFilters({ state: s }: { state: ExpensesListState }) {
  const { t } = useTranslation();
  const categories = useExpenseCategories();
  const locations = useReadableLocations();
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm">
        <RangePicker
          label={t('expenses.period')}
          value={s.range}
          onChange={s.setRange}
          presets={['today', 'month', '30d', 'all', 'custom']}
          today={s.today}
        />
        {/* one filter a row on a phone: "Efectivo o transferencia" reads whole */}
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
          <Select
            aria-label={t('expenses.category')}
            placeholder={t('expenses.allCategories')}
            data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={s.category}
            onChange={s.setCategory}
            clearable
            searchable
          />
          <Select
            aria-label={t('debtors.location')}
            placeholder={t('transfers.allLocations')}
            data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
            value={s.location}
            onChange={s.setLocation}
            clearable
          />
          <Select
            aria-label={t('expenses.paidBy')}
            placeholder={t('expenses.allMethods')}
            data={[
              { value: 'cash', label: t('debtors.methods.cash') },
              { value: 'transfer', label: t('debtors.methods.transfer') },
            ]}
            value={s.method}
            onChange={s.setMethod}
            clearable
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
