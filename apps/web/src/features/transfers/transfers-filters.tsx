import './styles';
import { Grid, Select, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TRANSFER_SOURCES } from '@duka/domain';
import { RangePicker } from '../../components/range-picker';
import { useReadableLocations } from '../stock';
import { useProviders } from './transfers-api';
import type { TransfersListState } from './use-transfers-list';

/** The period, the search and the four filters (provider, status, source, location). */
export function TransfersFilters({ state: s }: { state: TransfersListState }) {
  const { t } = useTranslation();
  const providers = useProviders();
  const locations = useReadableLocations();
  return (
    <Stack gap="sm" mb="md">
      <RangePicker
        label={t('transfers.period')}
        value={s.range}
        onChange={s.setRange}
        presets={['today', 'month', '30d', 'all', 'custom']}
        today={s.today}
      />
      <Grid gap="sm">
        {/* the filters' words read whole in every language ("Todos los proveedores"): one a row
            on a phone, two on a small screen, four beside each other under the search on a PC */}
        <Grid.Col span={12}>
          <TextInput
            aria-label={t('transfers.search')}
            placeholder={t('transfers.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={s.q}
            onChange={(e) => s.setQ(e.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, lg: 3 }}>
          <Select
            aria-label={t('transfers.provider')}
            placeholder={t('transfers.allProviders')}
            data={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={s.provider}
            onChange={s.setProvider}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, lg: 3 }}>
          <Select
            aria-label={t('transfers.status')}
            placeholder={t('transfers.allStatuses')}
            data={[
              { value: 'unconfirmed', label: t('transfers.unconfirmed') },
              { value: 'confirmed', label: t('transfers.confirmed') },
            ]}
            value={s.status}
            onChange={s.setStatus}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, lg: 3 }}>
          <Select
            aria-label={t('transfers.source')}
            placeholder={t('transfers.allSources')}
            data={TRANSFER_SOURCES.map((x) => ({ value: x, label: t(`transfers.sources.${x}`) }))}
            value={s.source}
            onChange={s.setSource}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, lg: 3 }}>
          <Select
            aria-label={t('transfers.location')}
            placeholder={t('transfers.allLocations')}
            data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
            value={s.location}
            onChange={s.setLocation}
            clearable
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
