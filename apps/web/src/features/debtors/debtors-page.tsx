import { useEffect, useState } from 'react';
import { Badge, Button, Card, Group, Paper, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Debtor, DebtorSortKey } from '@duka/domain';
import { PageHeader } from '../../components/page-header';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { DebtorDrawer } from './debtor-drawer';
import { DebtorForm } from './debtor-form';
import { useDebtorById, useDebtors } from './debtors-api';
import { ListEmpty, ListError, ListLoading, Pager } from '../../components/list-states';
import { TABULAR } from '../../lib/format';
import { SortTh, useSortState } from '../../components/sortable';

const PAGE = 50;

/** Debtors (/debtors): who owes what, their limits, payments and statements. */
export function DebtorsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { money, dateTime } = useFormat(session.business);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [q, setQ] = useState('');
  const [dq] = useDebouncedValue(q.trim(), 250);
  const [owing, setOwing] = useState(false);
  const [overLimit, setOverLimit] = useState(false);
  const [inactive, setInactive] = useState(false);
  const [page, setPage] = useState(1);
  // The open debtor lives in the address (`?debtor=ID`): a reload or a shared link reopens it.
  const [params, setParams] = useSearchParams();
  const openId = params.get('debtor');
  const [picked, setPicked] = useState<Debtor | null>(null);
  const setOpen = (d: Debtor | null) => {
    setPicked(d);
    setParams(
      (p) => {
        if (d) p.set('debtor', d.id);
        else p.delete('debtor');
        return p;
      },
      { replace: true },
    );
  };
  const fromUrl = useDebtorById(openId && picked?.id !== openId ? openId : null);
  const open = !openId ? null : picked?.id === openId ? picked : (fromUrl.data ?? null);
  useEffect(() => {
    // A link to a debtor that is not there (deleted, another business): back to the list.
    if (fromUrl.isError) setOpen(null);
  }, [fromUrl.isError]);
  const [adding, setAdding] = useState(false);
  // Sorted by the server, so the order holds across pages; a new order starts at page 1.
  const { sort, toggle: sortBy } = useSortState<DebtorSortKey>({ key: 'name', dir: 'asc' }, () => setPage(1));
  const debtors = useDebtors({
    q: dq || undefined,
    sort: sort.key,
    dir: sort.dir,
    owing,
    over_limit: overLimit,
    include_inactive: inactive,
    limit: PAGE,
    offset: (page - 1) * PAGE,
  });
  const filtered = !!(dq || owing || overLimit || inactive);
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const rows = debtors.data?.items ?? [];
  const over = (d: Debtor) => d.balance > d.credit_limit;

  const nameCell = (d: Debtor) => (
    <div>
      <Text size="sm" fw={600}>
        {d.name}
      </Text>
      <Text size="xs" c="dimmed">
        {[d.phone, d.id_number && t('debtors.idShort', { id: d.id_number })].filter(Boolean).join(' · ') ||
          '—'}
      </Text>
      {(over(d) || !d.active || d.balance < 0) && (
        <Group gap={4} mt={4}>
          {d.balance < 0 && (
            <Badge color="teal" variant="light" size="sm" data-testid={`in-credit-${d.name}`}>
              {t('debtors.inCreditBy', { amount: money(-d.balance) })}
            </Badge>
          )}
          {over(d) && (
            <Badge
              color="red"
              variant="light"
              size="sm"
              leftSection={<IconAlertTriangle size={12} aria-hidden />}
              data-testid={`over-limit-${d.name}`}
            >
              {t('debtors.overLimit')}
            </Badge>
          )}
          {!d.active && (
            <Badge color="gray" variant="outline" size="sm">
              {t('debtors.inactive')}
            </Badge>
          )}
        </Group>
      )}
    </div>
  );

  let body: React.ReactNode;
  if (debtors.isPending) body = <ListLoading testId="debtors-loading" />;
  else if (debtors.isError) body = <ListError onRetry={() => void debtors.refetch()} />;
  else if (debtors.data.items.length === 0)
    body = (
      <ListEmpty
        text={filtered ? t('debtors.noMatch') : t('debtors.empty')}
        action={
          !filtered && (
            <Button variant="light" onClick={() => setAdding(true)}>
              {t('debtors.add')}
            </Button>
          )
        }
      />
    );
  else {
    body = wide ? (
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="debtors-table">
          <Table.Thead>
            <Table.Tr>
              <SortTh column="name" sort={sort} onSort={sortBy}>
                {t('debtors.name')}
              </SortTh>
              <SortTh column="balance" sort={sort} onSort={sortBy} right>
                {t('debtors.balance')}
              </SortTh>
              <SortTh column="credit_limit" sort={sort} onSort={sortBy} right>
                {t('debtors.limit')}
              </SortTh>
              <SortTh column="available" sort={sort} onSort={sortBy} right>
                {t('debtors.available')}
              </SortTh>
              <Table.Th>{t('debtors.lastActivity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr
                key={d.id}
                data-testid={`debtor-row-${d.name}`}
                style={{ cursor: 'pointer' }}
                tabIndex={0}
                onClick={() => setOpen(d)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') setOpen(d);
                }}
              >
                <Table.Td>{nameCell(d)}</Table.Td>
                <Table.Td
                  ta="right"
                  fw={700}
                  style={TABULAR}
                  c={over(d) ? 'red' : undefined}
                  data-testid={`balance-${d.name}`}
                >
                  {money(d.balance)}
                </Table.Td>
                <Table.Td ta="right" style={TABULAR}>
                  {money(d.credit_limit)}
                </Table.Td>
                <Table.Td ta="right" style={TABULAR}>
                  {money(d.available)}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {dateTime(d.last_activity_at)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    ) : (
      <Stack gap="sm" data-testid="debtors-cards">
        {rows.map((d) => (
          <Card
            w="100%"
            key={d.id}
            withBorder
            padding="sm"
            component="button"
            onClick={() => setOpen(d)}
            style={{ textAlign: 'left' }}
            data-testid={`debtor-card-${d.name}`}
          >
            {/* The name takes what the balance leaves; the available credit has a line of its own,
                so long words (German, Spanish) never push the card past the screen. */}
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <div style={{ minWidth: 0, flex: 1 }}>{nameCell(d)}</div>
              <Text fw={700} style={{ ...TABULAR, whiteSpace: 'nowrap' }}>
                {money(d.balance)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" mt={4} style={TABULAR}>
              {t('debtors.availableOf', { available: money(d.available), limit: money(d.credit_limit) })}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title={t('menu.debtors')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t('debtors.add')}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Group mb="md" gap="md" align="center" wrap="wrap">
          <TextInput
            aria-label={t('debtors.search')}
            placeholder={t('debtors.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={q}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 260px' }}
          />
          <Switch
            label={t('debtors.owingOnly')}
            checked={owing}
            onChange={(e) => filter(setOwing)(e.currentTarget.checked)}
          />
          <Switch
            label={t('debtors.overLimitOnly')}
            checked={overLimit}
            onChange={(e) => filter(setOverLimit)(e.currentTarget.checked)}
          />
          <Switch
            label={t('debtors.showInactive')}
            checked={inactive}
            onChange={(e) => filter(setInactive)(e.currentTarget.checked)}
          />
        </Group>
        {debtors.data && (
          <Group
            justify="space-between"
            mb="sm"
            px="xs"
            py={8}
            wrap="wrap"
            data-testid="debtors-totals"
            style={{ borderRadius: 8, background: 'var(--mantine-color-default-hover)' }}
          >
            <Text size="sm">{t('debtors.shown', { count: debtors.data.total_count })}</Text>
            <Text size="sm" fw={700} style={TABULAR}>
              {t('debtors.totalOwed')}:{' '}
              <span data-testid="debtors-total-owed">{money(debtors.data.total_balance)}</span>
            </Text>
          </Group>
        )}
        {body}
        {debtors.data && (
          <Pager page={page} pageSize={PAGE} total={debtors.data.total_count} onChange={setPage} />
        )}
      </Paper>
      {open && <DebtorDrawer key={open.id} debtor={open} onClose={() => setOpen(null)} />}
      <DebtorForm
        opened={adding}
        debtor={null}
        onClose={() => setAdding(false)}
        onSaved={(d) => {
          setAdding(false);
          setOpen(d);
        }}
      />
    </>
  );
}
