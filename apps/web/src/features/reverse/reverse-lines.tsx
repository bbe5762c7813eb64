import './styles';
import { Card, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import type { SaleKind } from '@duka/domain';
import type { PlannedLine } from './reversal-plan';
import { TableScroll } from '../../components/table-scroll';

interface Props {
  lines: PlannedLine[];
  /** The sale's kind: a debtor's sale is taken off the balance, not refunded. */
  kind: SaleKind;
  typed: Record<number, string>;
  /** Lines the server refused on the last try. */
  refused: ReadonlySet<number>;
  wide: boolean;
  onType: (lineNo: number, text: string) => void;
}

/** The message next to a line: not a quantity, a fraction of a whole unit, or more than is left. */
function useLineError() {
  const { t } = useTranslation();
  const { quantity } = useFormat();
  return (l: PlannedLine, refused: boolean): string | undefined => {
    if (l.problem === 'badQty') return t('reverse.errors.badQty');
    if (l.problem === 'notWhole')
      return t('reverse.errors.notWhole', {
        unit: t(`stock.units.${l.unit}`, { defaultValue: l.unit }),
        left: quantity(l.left),
      });
    if (l.problem === 'tooMuch' || refused)
      return l.left === 0
        ? t('reverse.errors.nothingLeft', { name: l.name })
        : t('reverse.errors.tooMuch', { left: quantity(l.left), name: l.name });
    return undefined;
  };
}

/** Each line of the sale: sold, already reversed, left, how much to reverse now and its refund. */
export function ReverseLines(p: Props) {
  return p.wide ? <LinesTable {...p} /> : <LineCards {...p} />;
}

/** How much of a line to reverse now, with what is wrong with it. */
function QtyInput({ line: l, typed, refused, wide, onType }: Omit<Props, 'lines'> & { line: PlannedLine }) {
  const { t } = useTranslation();
  const errorOf = useLineError();
  return (
    <TextInput
      aria-label={t('reverse.qtyOf', { name: l.name })}
      label={wide ? undefined : t('reverse.toReverse')}
      inputMode="decimal"
      value={typed[l.line_no] ?? ''}
      disabled={l.left === 0}
      error={errorOf(l, refused.has(l.line_no))}
      onChange={(e) => onType(l.line_no, e.currentTarget.value)}
      onFocus={(e) => e.currentTarget.select()}
      styles={{ input: { textAlign: 'right' } }}
      w={wide ? 120 : '100%'}
      ml={wide ? 'auto' : undefined}
      data-testid={`reverse-qty-${l.line_no}`}
    />
  );
}

function LineCards(p: Props) {
  const { t } = useTranslation();
  const { money, quantity } = useFormat(useSession().business);
  return (
    <Stack gap="sm" data-testid="reverse-lines">
      {p.lines.map((l) => (
        <Card key={l.line_no} withBorder padding="sm" data-testid={`reverse-line-${l.line_no}`}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600}>{l.name}</Text>
            <Text fw={700} ta="right" c={l.quantity ? undefined : 'dimmed'}>
              {l.quantity ? money(l.refund) : '—'}
            </Text>
          </Group>
          <SimpleGrid cols={3} spacing={4} my={6}>
            {(
              [
                ['reverse.sold', l.sold],
                ['reverse.reversed', l.reversed],
                ['reverse.left', l.left],
              ] as const
            ).map(([k, v]) => (
              <div key={k}>
                <Text size="xs" c="dimmed">
                  {t(k)}
                </Text>
                <Text size="sm">{quantity(v)}</Text>
              </div>
            ))}
          </SimpleGrid>
          <QtyInput {...p} line={l} />
        </Card>
      ))}
    </Stack>
  );
}

function LinesTable(p: Props) {
  const { t } = useTranslation();
  const { money, quantity } = useFormat(useSession().business);
  const unit = (l: PlannedLine) => t(`stock.units.${l.unit}`, { defaultValue: l.unit });
  return (
    <TableScroll minWidth={680}>
      <Table verticalSpacing="xs" data-testid="reverse-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sales.drawer.product')}</Table.Th>
            <Table.Th ta="right">{t('reverse.sold')}</Table.Th>
            <Table.Th ta="right">{t('reverse.reversed')}</Table.Th>
            <Table.Th ta="right">{t('reverse.left')}</Table.Th>
            <Table.Th ta="right">{t('reverse.toReverse')}</Table.Th>
            <Table.Th ta="right">{t('reverse.refund', { context: p.kind })}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.lines.map((l) => (
            <Table.Tr
              key={l.line_no}
              data-testid={`reverse-line-${l.line_no}`}
              style={{ verticalAlign: 'top' }}
            >
              <Table.Td pt={14}>
                <Text size="sm" fw={500}>
                  {l.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {unit(l)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" pt={14}>
                {quantity(l.sold)}
              </Table.Td>
              <Table.Td ta="right" pt={14}>
                {l.reversed ? quantity(l.reversed) : '—'}
              </Table.Td>
              <Table.Td ta="right" pt={14} fw={600}>
                {quantity(l.left)}
              </Table.Td>
              <Table.Td>
                <QtyInput {...p} line={l} />
              </Table.Td>
              <Table.Td
                ta="right"
                pt={14}
                fw={600}
                c={l.quantity ? undefined : 'dimmed'}
                data-testid={`reverse-refund-${l.line_no}`}
              >
                {l.quantity ? money(l.refund) : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
