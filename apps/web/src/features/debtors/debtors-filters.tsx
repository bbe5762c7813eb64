import './styles';
import { Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TABULAR, useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import type { DebtorsPageState } from './use-debtors-page';

/** Search and the three switches (owing, over the limit, inactive too). */
export function DebtorsFilters({ state: s }: { state: DebtorsPageState }) {
  const { t } = useTranslation();
  return (
    <Group mb="md" gap="md" align="center" wrap="wrap">
      <TextInput
        aria-label={t('debtors.search')}
        placeholder={t('debtors.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={s.q}
        onChange={(e) => s.setQ(e.currentTarget.value)}
        style={{ flex: '1 1 260px' }}
      />
      <Switch
        label={t('debtors.owingOnly')}
        checked={s.owing}
        onChange={(e) => s.setOwing(e.currentTarget.checked)}
      />
      <Switch
        label={t('debtors.overLimitOnly')}
        checked={s.overLimit}
        onChange={(e) => s.setOverLimit(e.currentTarget.checked)}
      />
      <Switch
        label={t('debtors.showInactive')}
        checked={s.inactive}
        onChange={(e) => s.setInactive(e.currentTarget.checked)}
      />
    </Group>
  );
}

/**
 * How many debtors match and what they owe together; and, when it differs (inactive debtors are
 * hidden by default), what every debtor of the business owes: the dashboard's figure.
 */
export function DebtorsTotals({ count, owed, allOwed }: { count: number; owed: number; allOwed: number }) {
  const { t } = useTranslation();
  const f = useFormat(useSession().business);
  return (
    <Group
      justify="space-between"
      mb="sm"
      px="xs"
      py={8}
      wrap="wrap"
      data-testid="debtors-totals"
      style={{ borderRadius: 8, background: 'var(--mantine-color-default-hover)' }}
    >
      <Text size="sm">{t('debtors.shown', { count, n: f.count(count) })}</Text>
      <Stack gap={0} align="flex-end">
        <Text size="sm" fw={700} style={TABULAR}>
          {t('debtors.totalOwed')}: <span data-testid="debtors-total-owed">{f.money(owed)}</span>
        </Text>
        {allOwed !== owed && (
          <Text size="xs" c="dimmed" style={TABULAR} data-testid="debtors-all-owed">
            {t('debtors.allDebtorsOwe', { amount: f.money(allOwed) })}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
