import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Expense } from '@duka/domain';
import { fileUrl } from '../../components/user-avatar';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { type RangeChoice, choose, rangeOf, todayIn } from '../../lib/date-range';
import { RangePicker } from '../../components/range-picker';
import { useAllLocations } from '../stock';
import { CategoryChart } from './category-chart';
import { type ExpenseFilter, useExpenseCategories, useExpenses } from './expenses-api';
import { VoidDialog } from './void-dialog';
import { ListEmpty, ListError, ListLoading, Pager } from '../../components/list-states';
import { KpiCard } from '../../components/kpi-card';
import { TABULAR } from '../../lib/format';

const PAGE = 50;

/** A business day (YYYY-MM-DD) written for the language. */
function useDay() {
  const { i18n } = useTranslation();
  return (day: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
}

/** Expenses with filters, totals (cash, transfer, by category), and voiding. */
export function ExpensesList({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money } = useFormat(session.business);
  const day = useDay();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const today = todayIn(session.business.timezone);
  const [range, setRange] = useState<RangeChoice>(() => choose('month', today));
  const [category, setCategory] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [voiding, setVoiding] = useState<Expense | null>(null);
  const categories = useExpenseCategories();
  const locations = useAllLocations();
  const expenses = useExpenses({
    ...rangeOf(range, today),
    category_id: category ?? undefined,
    location_id: location ?? undefined,
    method: (method ?? undefined) as ExpenseFilter['method'],
    limit: PAGE,
    offset: (page - 1) * PAGE,
  });
  const filtered = !!(category || location || method || range.preset !== 'all');
  const on =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const status = (x: Expense) =>
    x.voids_id ? (
      <Badge size="sm" color="gray" variant="outline" leftSection={<IconBan size={11} aria-hidden />}>
        {t('expenses.voidEntry')}
      </Badge>
    ) : x.voided_by_id ? (
      <Badge size="sm" color="red" variant="light" leftSection={<IconBan size={11} aria-hidden />}>
        {t('expenses.voidedBadge')}
      </Badge>
    ) : null;
  const struck = (x: Expense) => (x.voided_by_id ? { textDecoration: 'line-through' } : undefined);
  const methodText = (x: Expense) =>
    x.method === 'cash'
      ? t('debtors.methods.cash')
      : [t('debtors.methods.transfer'), x.provider_name, x.reference].filter(Boolean).join(' · ');
  const noteText = (x: Expense) =>
    x.voids_id ? t('expenses.voidReasonText', { reason: x.note }) : x.note || '';
  const slip = (x: Expense) =>
    x.image ? (
      <Anchor href={fileUrl(x.image)} target="_blank" rel="noopener" aria-label={t('expenses.openSlip')}>
        <Image src={fileUrl(x.image)} alt="" w={36} h={36} radius="sm" fit="cover" />
      </Anchor>
    ) : null;
  const voidButton = (x: Expense) =>
    !x.voids_id && !x.voided_by_id ? (
      <Button
        size="xs"
        variant="subtle"
        color="red"
        onClick={() => setVoiding(x)}
        aria-label={t('expenses.voidOne', { category: x.category_name, amount: money(x.amount) })}
      >
        {t('expenses.void')}
      </Button>
    ) : null;

  let body: React.ReactNode;
  if (expenses.isPending) body = <ListLoading testId="expenses-loading" />;
  else if (expenses.isError) body = <ListError onRetry={() => void expenses.refetch()} />;
  else if (expenses.data.items.length === 0)
    body = (
      <ListEmpty
        text={filtered ? t('expenses.noMatch') : t('expenses.empty')}
        action={
          <Button variant="light" onClick={onAdd}>
            {t('expenses.add')}
          </Button>
        }
      />
    );
  else
    body = wide ? (
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="sm" data-testid="expenses-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('expenses.date')}</Table.Th>
              <Table.Th>{t('expenses.category')}</Table.Th>
              <Table.Th>{t('expenses.paidBy')}</Table.Th>
              <Table.Th>{t('debtors.location')}</Table.Th>
              <Table.Th ta="right">{t('expenses.amount')}</Table.Th>
              <Table.Th>{t('expenses.slipShort')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('transfers.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {expenses.data.items.map((x) => (
              <Table.Tr
                key={x.id}
                data-testid={`expense-row-${x.id}`}
                data-voided={x.voided_by_id ? 'true' : undefined}
                style={x.voids_id || x.voided_by_id ? { opacity: 0.85 } : undefined}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(x.date)}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500} style={struck(x)}>
                      {x.category_name}
                    </Text>
                    {status(x)}
                  </Group>
                  <Text size="xs" c="dimmed" lineClamp={2} style={struck(x)}>
                    {noteText(x)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{methodText(x)}</Text>
                  <Text size="xs" c="dimmed">
                    {x.user_name}
                  </Text>
                </Table.Td>
                <Table.Td>{x.location_name}</Table.Td>
                <Table.Td
                  ta="right"
                  fw={700}
                  style={{ ...TABULAR, ...struck(x) }}
                  data-testid="expense-amount"
                >
                  {money(x.amount)}
                </Table.Td>
                <Table.Td>{slip(x)}</Table.Td>
                <Table.Td ta="right">{voidButton(x)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    ) : (
      <Stack gap="sm" data-testid="expenses-cards">
        {expenses.data.items.map((x) => (
          <Card key={x.id} withBorder padding="sm" data-testid={`expense-card-${x.id}`}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {slip(x)}
                <div>
                  <Group gap={6}>
                    <Text size="sm" fw={600} style={struck(x)}>
                      {x.category_name}
                    </Text>
                    {status(x)}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {day(x.date)} · {methodText(x)} · {x.location_name}
                  </Text>
                  {noteText(x) && (
                    <Text size="xs" c="dimmed" style={struck(x)}>
                      {noteText(x)}
                    </Text>
                  )}
                </div>
              </Group>
              <Stack gap={4} align="flex-end">
                <Text fw={700} style={{ ...TABULAR, ...struck(x) }}>
                  {money(x.amount)}
                </Text>
                {voidButton(x)}
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    );

  const d = expenses.data;
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="sm">
          <RangePicker
            label={t('expenses.period')}
            value={range}
            onChange={on(setRange)}
            presets={['today', 'month', '30d', 'all', 'custom']}
            today={today}
          />
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
            <Select
              aria-label={t('expenses.category')}
              placeholder={t('expenses.allCategories')}
              data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              value={category}
              onChange={on(setCategory)}
              clearable
              searchable
            />
            <Select
              aria-label={t('debtors.location')}
              placeholder={t('transfers.allLocations')}
              data={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
              value={location}
              onChange={on(setLocation)}
              clearable
            />
            <Select
              aria-label={t('expenses.paidBy')}
              placeholder={t('expenses.allMethods')}
              data={[
                { value: 'cash', label: t('debtors.methods.cash') },
                { value: 'transfer', label: t('debtors.methods.transfer') },
              ]}
              value={method}
              onChange={on(setMethod)}
              clearable
            />
          </SimpleGrid>
        </Stack>
      </Paper>
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
            {t('expenses.shown', { count: d.total_count })}
          </Text>
        )}
        {body}
        {d && <Pager page={page} pageSize={PAGE} total={d.total_count} onChange={setPage} />}
      </Paper>
      <VoidDialog expense={voiding} onClose={() => setVoiding(null)} />
    </Stack>
  );
}
