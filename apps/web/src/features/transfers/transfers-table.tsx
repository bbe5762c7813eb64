import './styles';
import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Transfer } from '@duka/domain';
import { TABULAR, useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { TableScroll } from '../../components/table-scroll';

/** Confirming: who may (admin), which one is on its way, and the action. */
export interface ConfirmProps {
  admin: boolean;
  confirming: string | null;
  onConfirm: (x: Transfer) => void;
}

type RowsProps = ConfirmProps & { rows: Transfer[] };

/** The transfers on a wide screen. */
export function TransfersTable({ rows, ...confirm }: RowsProps) {
  const { t } = useTranslation();
  const { dateTime } = useFormat(useSession().business);
  return (
    <TableScroll minWidth={900}>
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
          {rows.map((x) => (
            <Table.Tr key={x.id} data-testid={`transfer-row-${x.reference}`}>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {dateTime(x.created_at)}
                </Text>
                <Text size="xs" c="dimmed">
                  #{x.receipt_no}
                </Text>
              </Table.Td>
              <Table.Td>
                <SourceBadge x={x} />
              </Table.Td>
              <Table.Td>{x.provider_name}</Table.Td>
              <Table.Td ff="monospace">{x.reference}</Table.Td>
              <Table.Td ta="right">
                <TransferAmount x={x} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{x.user_name || '—'}</Text>
                <Text size="xs" c="dimmed">
                  {x.location_name}
                </Text>
              </Table.Td>
              <Table.Td>
                <TransferStatus x={x} {...confirm} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** The transfers on a phone: one card each. */
export function TransferCards({ rows, ...confirm }: RowsProps) {
  const { dateTime } = useFormat(useSession().business);
  return (
    <Stack gap="sm" data-testid="transfers-cards">
      {rows.map((x) => (
        <Card key={x.id} withBorder padding="sm" data-testid={`transfer-card-${x.reference}`}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            {/* may narrow: a long reference with no space (up to 60) breaks anywhere, and the amount
                beside it stays in sight (it was pushed off a phone's screen) */}
            <div style={{ minWidth: 0 }}>
              <Group gap={6}>
                <SourceBadge x={x} />
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
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
            <TransferAmount x={x} />
          </Group>
          <Group justify="flex-end" mt="xs">
            <TransferStatus x={x} {...confirm} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** The amount, red with a return arrow when money went back. */
function TransferAmount({ x }: { x: Transfer }) {
  const { money } = useFormat(useSession().business);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {x.amount < 0 && <IconArrowBackUp size={14} aria-hidden color="var(--mantine-color-red-text)" />}
      <Text fw={700} style={TABULAR} c={x.amount < 0 ? 'red' : undefined} size="sm">
        {money(x.amount)}
      </Text>
    </Group>
  );
}

/** Where the transfer came from: a sale, a reversal or a debtor's payment. */
function SourceBadge({ x }: { x: Transfer }) {
  const { t } = useTranslation();
  return (
    <Badge
      size="sm"
      variant={x.amount < 0 ? 'outline' : 'light'}
      color={x.source === 'reversal' ? 'red' : x.source === 'sale' ? 'blue' : 'grape'}
    >
      {t(`transfers.sources.${x.source}`)}
    </Badge>
  );
}

/** Confirmed (by whom, when); else the admin's confirm button, or "unconfirmed" for others. */
function TransferStatus({ x, admin, confirming, onConfirm }: ConfirmProps & { x: Transfer }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat(useSession().business);
  if (x.confirmed_at)
    return (
      <Stack gap={0} data-testid={`confirmed-${x.reference}`}>
        <Badge color="teal" variant="light" size="sm" leftSection={<IconCheck size={12} aria-hidden />}>
          {t('transfers.confirmed')}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('transfers.confirmedBy', { name: x.confirmed_by_name ?? '—', when: dateTime(x.confirmed_at) })}
        </Text>
      </Stack>
    );
  if (admin)
    return (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCheck size={14} aria-hidden />}
        loading={confirming === x.id}
        onClick={(e) => {
          e.stopPropagation();
          onConfirm(x);
        }}
        aria-label={t('transfers.confirmOne', { reference: x.reference })}
      >
        {t('transfers.confirm')}
      </Button>
    );
  return (
    <Badge color="gray" variant="outline" size="sm" leftSection={<IconClock size={12} aria-hidden />}>
      {t('transfers.unconfirmed')}
    </Badge>
  );
}
