import './styles';
import { Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Sale } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { useWideScreen } from '../../lib/use-wide-screen';

/** A sale's lines: a table from 768 px; below, each line on two rows (name, then quantity × price). */
export function SaleLines({ sale }: { sale: Sale }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money, quantity } = useFormat(session.business);
  const wide = useWideScreen();
  if (!wide)
    return (
      <Stack gap={0} data-testid="drawer-lines">
        {sale.lines.map((l) => (
          <Group
            key={l.line_no}
            justify="space-between"
            wrap="nowrap"
            align="flex-start"
            py={8}
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <div>
              <Text size="sm" fw={500}>
                {l.name}
              </Text>
              <Text size="xs" c="dimmed">
                {quantity(l.quantity)} × {money(l.unit_price)}
                {l.reversed
                  ? ` · ${t('sales.drawer.reversedQty', { qty: quantity(l.reversed), count: l.reversed / 1000 })}`
                  : ''}
              </Text>
            </div>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {money(l.net)}
            </Text>
          </Group>
        ))}
      </Stack>
    );
  return (
    <Table verticalSpacing={6} fz="sm" data-testid="drawer-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('sales.drawer.product')}</Table.Th>
          <Table.Th ta="right">{t('sales.drawer.sold')}</Table.Th>
          <Table.Th ta="right">{t('sales.drawer.reversed')}</Table.Th>
          <Table.Th ta="right">{t('sales.drawer.price')}</Table.Th>
          <Table.Th ta="right">{t('sales.drawer.amount')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sale.lines.map((l) => (
          <Table.Tr key={l.line_no}>
            <Table.Td>
              {l.name}
              <Text size="xs" c="dimmed">
                {l.code}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{quantity(l.quantity)}</Table.Td>
            <Table.Td ta="right">{l.reversed ? quantity(l.reversed) : '—'}</Table.Td>
            <Table.Td ta="right">{money(l.unit_price)}</Table.Td>
            <Table.Td ta="right">{money(l.net)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
