import './styles';
import { Group, Select, Switch, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProductsPageState } from './use-products-page';

/** Search, category, location, and the low-stock and inactive switches. */
export function ProductsFilters({ state: s }: { state: ProductsPageState }) {
  const { t } = useTranslation();
  return (
    <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        aria-label={t('stock.filter.search')}
        placeholder={t('stock.filter.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={s.q}
        onChange={(e) => s.setQ(e.currentTarget.value)}
        style={{ flex: '1 1 240px' }}
      />
      <Select
        aria-label={t('stock.product.category')}
        placeholder={t('stock.filter.allCategories')}
        data={s.categories.data ?? []}
        value={s.category}
        onChange={s.setCategory}
        clearable
        w={{ base: '100%', xs: 220 }}
      />
      <Select
        aria-label={t('stock.doc.location')}
        placeholder={t('stock.filter.allLocations')}
        data={(s.locations.data ?? []).filter((l) => l.active).map((l) => ({ value: l.id, label: l.name }))}
        value={s.location}
        onChange={s.setLocation}
        clearable
        w={{ base: '100%', xs: 220 }}
      />
      <Switch
        label={t('stock.filter.low')}
        checked={s.low}
        onChange={(e) => s.setLow(e.currentTarget.checked)}
      />
      <Switch
        label={t('stock.filter.inactive')}
        checked={s.inactive}
        onChange={(e) => s.setInactive(e.currentTarget.checked)}
      />
    </Group>
  );
}
