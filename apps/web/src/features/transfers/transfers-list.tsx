import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconCheck, IconClock, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TRANSFER_SOURCES, type Transfer, isAdminRole } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { type RangeChoice, choose, rangeOf, todayIn } from '../../lib/date-range';
import { RangePicker } from '../../components/range-picker';
import { useAllLocations } from '../stock';
import { type TransferFilter, useConfirmTransfer, useProviders, useTransfers } from './transfers-api';
import { ListEmpty, ListError, ListLoading, Pager } from '../../components/list-states';
import { KpiCard } from '../../components/kpi-card';
import { TABULAR } from '../../lib/format';

const PAGE = 50;

/** The register of money moved by transfer, its totals, and (admin) confirming each one. */
export function TransfersList() {
  const { t } = useTranslation();
  const session = useSession();
  const admin = isAdminRole(session.user.role);
  const { money, dateTime } = useFormat(session.business);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const today = todayIn(session.business.timezone);
  const [range, setRange] = useState<RangeChoice>(() => choose('30d', today));
  const [provider, setProvider] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [dq] = useDebouncedValue(q.trim(), 250);
  const [page, setPage] = useState(1);
  const providers = useProviders();
  const locations = useAllLocations();
  const confirm = useConfirmTransfer();
  const [confirming, setConfirming] = useState<string | null>(null);
  const r = rangeOf(range, today);
  const transfers = useTransfers({
    ...r,
    provider_id: provider ?? undefined,
    location_id: location ?? undefined,
    status: (status ?? undefined) as TransferFilter['status'],
    source: (source ?? undefined) as TransferFilter['source'],
    q: dq || undefined,
    limit: PAGE,
    offset: (page - 1) * PAGE,
  });
  const filtered = !!(provider || location || status || source || dq || range.preset !== 'all');
  const on =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const doConfirm = async (x: Transfer) => {
    setConfirming(x.id);
    try {
      await confirm.mutateAsync(x.id);
      notifySuccess(t('transfers.confirmedToast', { reference: x.reference, amount: money(x.amount) }));
    } catch (err) {
      notifyApiError(err);
    } finally {
      setConfirming(null);
    }
  };

  const amountCell = (x: Transfer) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {x.amount < 0 && <IconArrowBackUp size={14} aria-hidden color="var(--mantine-color-red-text)" />}
      <Text fw={700} style={TABULAR} c={x.amount < 0 ? 'red' : undefined} size="sm">
        {money(x.amount)}
      </Text>
    </Group>
  );
  const sourceBadge = (x: Transfer) => (
    <Badge
      size="sm"
      variant={x.amount < 0 ? 'outline' : 'light'}
      color={x.source === 'reversal' ? 'red' : x.source === 'sale' ? 'blue' : 'grape'}
    >
      {t(`transfers.sources.${x.source}`)}
    </Badge>
  );
  const statusCell = (x: Transfer) =>
    x.confirmed_at ? (
      <Stack gap={0} data-testid={`confirmed-${x.reference}`}>
        <Badge color="teal" variant="light" size="sm" leftSection={<IconCheck size={12} aria-hidden />}>
          {t('transfers.confirmed')}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('transfers.confirmedBy', { name: x.confirmed_by_name ?? '—', when: dateTime(x.confirmed_at) })}
        </Text>
      </Stack>
    ) : admin ? (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCheck size={14} aria-hidden />}
        loading={confirming === x.id}
        onClick={(e) => {
          e.stopPropagation();
          void doConfirm(x);
        }}
        aria-label={t('transfers.confirmOne', { reference: x.reference })}
      >
        {t('transfers.confirm')}
      </Button>
    ) : (
      <Badge color="gray" variant="outline" size="sm" leftSection={<IconClock size={12} aria-hidden />}>
        {t('transfers.unconfirmed')}
      </Badge>
    );

  let body: React.ReactNode;
  if (transfers.isPending) body = <ListLoading testId="transfers-loading" />;
  else if (transfers.isError) body = <ListError onRetry={() => void transfers.refetch()} />;
  else if (transfers.data.items.length === 0)
    body = <ListEmpty text={filtered ? t('transfers.noMatch') : t('transfers.empty')} />;
  else
    body = wide ? (
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" data-testid="transfers-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('transfers.when')}</Table.Th>
              <Table.Th>{t('transfers.source')}</Table.Th>
              <Table.Th>{t('transfers.provider')}</Table.Th>
              <Table.Th>{t('transfers.reference')}</Table.Th>
              <Table.Th ta="right">{t('transfers.amount')}</Table.Th>
              <Table.Th>{t('transfers.takenBy')}</Table.Th>
              <Table.Th>{t('transfers.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {transfers.data.items.map((x) => (
              <Table.Tr key={x.id} data-testid={`transfer-row-${x.reference}`}>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {dateTime(x.created_at)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    #{x.receipt_no}
                  </Text>
                </Table.Td>
                <Table.Td>{sourceBadge(x)}</Table.Td>
                <Table.Td>{x.provider_name}</Table.Td>
                <Table.Td ff="monospace">{x.reference}</Table.Td>
                <Table.Td ta="right">{amountCell(x)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{x.user_name || '—'}</Text>
                  <Text size="xs" c="dimmed">
                    {x.location_name}
                  </Text>
                </Table.Td>
                <Table.Td>{statusCell(x)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    ) : (
      <Stack gap="sm" data-testid="transfers-cards">
        {transfers.data.items.map((x) => (
          <Card key={x.id} withBorder padding="sm" data-testid={`transfer-card-${x.reference}`}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Group gap={6}>
                  {sourceBadge(x)}
                  <Text size="sm" ff="monospace">
                    {x.reference}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  {x.provider_name} · #{x.receipt_no} · {dateTime(x.created_at)}
                </Text>
                <Text size="xs" c="dimmed">
                  {x.user_name} · {x.location_name}
                </Text>
              </div>
              {amountCell(x)}
            </Group>
            <Group justify="flex-end" mt="xs">
              {statusCell(x)}
            </Group>
          </Card>
        ))}
      </Stack>
    );

  const d = transfers.data;
  return (
    <Stack gap="md">
      <SimpleGrid cols={2} spacing={{ base: 'xs', sm: 'md' }}>
        <KpiCard
          testId="kpi-unconfirmed"
          label={t('transfers.unconfirmedTotal')}
          value={d ? money(d.unconfirmed.amount) : '—'}
          detail={d ? t('transfers.count', { count: d.unconfirmed.count }) : undefined}
          accent="yellow"
        />
        <KpiCard
          testId="kpi-confirmed"
          label={t('transfers.confirmedTotal')}
          value={d ? money(d.confirmed.amount) : '—'}
          detail={d ? t('transfers.count', { count: d.confirmed.count }) : undefined}
          accent="teal"
        />
      </SimpleGrid>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="sm" mb="md">
          <RangePicker
            label={t('transfers.period')}
            value={range}
            onChange={on(setRange)}
            presets={['today', 'month', '30d', 'all', 'custom']}
            today={today}
          />
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <TextInput
                aria-label={t('transfers.search')}
                placeholder={t('transfers.search')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={q}
                onChange={(e) => on(setQ)(e.currentTarget.value)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <Select
                aria-label={t('transfers.provider')}
                placeholder={t('transfers.allProviders')}
                data={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                value={provider}
                onChange={on(setProvider)}
                clearable
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <Select
                aria-label={t('transfers.status')}
                placeholder={t('transfers.allStatuses')}
                data={[
                  { value: 'unconfirmed', label: t('transfers.unconfirmed') },
                  { value: 'confirmed', label: t('transfers.confirmed') },
                ]}
                value={status}
                onChange={on(setStatus)}
                clearable
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <Select
                aria-label={t('transfers.source')}
                placeholder={t('transfers.allSources')}
                data={TRANSFER_SOURCES.map((x) => ({ value: x, label: t(`transfers.sources.${x}`) }))}
                value={source}
                onChange={on(setSource)}
                clearable
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <Select
                aria-label={t('transfers.location')}
                placeholder={t('transfers.allLocations')}
                data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
                value={location}
                onChange={on(setLocation)}
                clearable
              />
            </Grid.Col>
          </Grid>
        </Stack>
        {!admin && (
          <Text size="xs" c="dimmed" mb="sm">
            {t('transfers.adminConfirms')}
          </Text>
        )}
        {body}
        {d && <Pager page={page} pageSize={PAGE} total={d.total_count} onChange={setPage} />}
      </Paper>
    </Stack>
  );
}
