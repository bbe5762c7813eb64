import './styles';
import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Debtor, type DebtorSortKey, overCreditLimit } from '@duka/domain';
import { type SortState, SortTh } from '../../components/sortable';
import { TABULAR, useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { balanceWords } from '../../lib/balance-words';
import { TableScroll } from '../../components/table-scroll';

const over = (d: Debtor) => overCreditLimit(d, 0);

type RowsProps = { rows: Debtor[]; onOpen: (d: Debtor) => void };

/** The debtors on a wide screen: a sortable table, a row opens the debtor. */
export function DebtorsTable({
  rows,
  onOpen,
  sort,
  onSort,
}: RowsProps & { sort: SortState<DebtorSortKey>; onSort: (key: DebtorSortKey) => void }) {
  const { t } = useTranslation();
  const { money, dateTime } = useFormat(useSession().business);
  return (
    <TableScroll minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="debtors-table">
        <Table.Thead>
          <Table.Tr>
            <SortTh column="name" sort={sort} onSort={onSort}>
              {t('debtors.name')}
            </SortTh>
            <SortTh column="balance" sort={sort} onSort={onSort} right>
              {t('debtors.balance')}
            </SortTh>
            <SortTh column="credit_limit" sort={sort} onSort={onSort} right>
              {t('debtors.limit')}
            </SortTh>
            <SortTh column="available" sort={sort} onSort={onSort} right>
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
              onClick={() => onOpen(d)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') onOpen(d);
              }}
            >
              <Table.Td>
                <DebtorName debtor={d} />
              </Table.Td>
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
    </TableScroll>
  );
}

/** The debtors on a phone: one card each, a card opens the debtor. */
export function DebtorCards({ rows, onOpen }: RowsProps) {
  const { t } = useTranslation();
  const { money } = useFormat(useSession().business);
  return (
    <Stack gap="sm" data-testid="debtors-cards">
      {rows.map((d) => (
        <Card
          w="100%"
          key={d.id}
          withBorder
          padding="sm"
          component="button"
          onClick={() => onOpen(d)}
          style={{ textAlign: 'left' }}
          data-testid={`debtor-card-${d.name}`}
        >
          {/* The name takes what the balance leaves; the available credit has a line of its own,
              so long words (German, Spanish) never push the card past the screen. */}
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <div style={{ minWidth: 0, flex: 1 }}>
              <DebtorName debtor={d} />
            </div>
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

/** Name, phone and ID number, with badges for credit, over the limit and inactive. */
function DebtorName({ debtor: d }: { debtor: Debtor }) {
  const { t } = useTranslation();
  const { money } = useFormat(useSession().business);
  return (
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
              {balanceWords(d.balance, money, t)}
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
}
