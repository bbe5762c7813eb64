import './styles';
import { Anchor, Badge, Button, Card, Group, Image, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useExpenseText } from './expense-text';
import type { Expense } from '@duka/domain';
import { fileUrl } from '../../components/user-avatar';
import { TABULAR, useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { TableScroll } from '../../components/table-scroll';

type RowsProps = { rows: Expense[]; onVoid: (x: Expense) => void };

/** The expenses on a wide screen. */
export function ExpensesTable({ rows, onVoid }: RowsProps) {
  const { t } = useTranslation();
  const { money } = useFormat(useSession().business);
  const { day, methodText, noteText } = useExpenseText();
  return (
    <TableScroll minWidth={860}>
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
          {rows.map((x) => (
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
                  <ExpenseStatus x={x} />
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
              <Table.Td ta="right" fw={700} style={{ ...TABULAR, ...struck(x) }} data-testid="expense-amount">
                {money(x.amount)}
              </Table.Td>
              <Table.Td>
                <Slip x={x} />
              </Table.Td>
              <Table.Td ta="right">
                <VoidButton x={x} onVoid={onVoid} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** The expenses on a phone: one card each. */
export function ExpenseCards({ rows, onVoid }: RowsProps) {
  const { money } = useFormat(useSession().business);
  const { day, methodText, noteText } = useExpenseText();
  return (
    <Stack gap="sm" data-testid="expenses-cards">
      {rows.map((x) => (
        <Card key={x.id} withBorder padding="sm" data-testid={`expense-card-${x.id}`}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Slip x={x} />
              <div>
                <Group gap={6}>
                  <Text size="sm" fw={600} style={struck(x)}>
                    {x.category_name}
                  </Text>
                  <ExpenseStatus x={x} />
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
              <VoidButton x={x} onVoid={onVoid} />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

const struck = (x: Expense) => (x.voided_by_id ? { textDecoration: 'line-through' } : undefined);

/** A void entry, or an expense that was voided; nothing for a standing one. */
function ExpenseStatus({ x }: { x: Expense }) {
  const { t } = useTranslation();
  if (x.voids_id)
    return (
      <Badge size="sm" color="gray" variant="outline" leftSection={<IconBan size={11} aria-hidden />}>
        {t('expenses.voidEntry')}
      </Badge>
    );
  if (x.voided_by_id)
    return (
      <Badge size="sm" color="red" variant="light" leftSection={<IconBan size={11} aria-hidden />}>
        {t('expenses.voidedBadge')}
      </Badge>
    );
  return null;
}

/** The slip's photo as a thumbnail that opens it. */
function Slip({ x }: { x: Expense }) {
  const { t } = useTranslation();
  if (!x.image) return null;
  return (
    <Anchor href={fileUrl(x.image)} target="_blank" rel="noopener" aria-label={t('expenses.openSlip')}>
      <Image src={fileUrl(x.image)} alt="" w={36} h={36} radius="sm" fit="cover" />
    </Anchor>
  );
}

/** Void, for an expense that stands. */
function VoidButton({ x, onVoid }: { x: Expense; onVoid: (x: Expense) => void }) {
  const { t } = useTranslation();
  const { money } = useFormat(useSession().business);
  if (x.voids_id || x.voided_by_id) return null;
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      onClick={() => onVoid(x)}
      aria-label={t('expenses.voidOne', { category: x.category_name, amount: money(x.amount) })}
    >
      {t('expenses.void')}
    </Button>
  );
}
