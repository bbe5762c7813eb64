import '../styles';
import { ActionIcon, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { lineAmount } from '@duka/domain';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { type DraftLine, costOf, qtyOf } from './lines';
import type { LineEntryState } from './use-line-entry';
import { NameAndCode } from '../../../components/name-and-code';

interface LinesProps {
  lines: DraftLine[];
  withCost?: boolean;
  /** Errors by line key. */
  errors: Record<string, string>;
  entry: LineEntryState;
}

/** The lines on a wide screen: product, quantity, (unit cost, amount), remove. */
export function LinesTable({ lines, withCost, errors, entry: e }: LinesProps) {
  const { t } = useTranslation();
  return (
    <Table verticalSpacing="xs" data-testid="lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('stock.line.product')}</Table.Th>
          <Table.Th w={170}>{t('stock.line.quantity')}</Table.Th>
          {withCost && <Table.Th w={150}>{t('stock.line.unitCost')}</Table.Th>}
          {withCost && <Table.Th ta="right">{t('stock.line.amount')}</Table.Th>}
          <Table.Th w={48}>
            <span className="sr-only">{t('stock.line.actions')}</span>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l, i) => (
          <Table.Tr key={l.key} data-testid={`line-${i}`}>
            <Table.Td>
              <NameAndCode name={l.name} code={l.code} />
              {errors[l.key] && (
                <Text size="xs" c="red" role="alert">
                  {errors[l.key]}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <QtyInput line={l} i={i} where="t" entry={e} />
            </Table.Td>
            {withCost && (
              <Table.Td>
                <CostInput line={l} i={i} entry={e} />
              </Table.Td>
            )}
            {withCost && (
              <Table.Td ta="right">
                <Amount line={l} digits={e.digits} />
              </Table.Td>
            )}
            <Table.Td>
              <RemoveButton line={l} entry={e} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The lines on a phone: one card each. */
export function LineCards({ lines, withCost, errors, entry: e }: LinesProps) {
  return (
    <Stack gap="sm">
      {lines.map((l, i) => (
        <Card key={l.key} withBorder padding="sm">
          <Group justify="space-between" wrap="nowrap" mb="xs">
            <div>
              <Text fw={500}>{l.name}</Text>
              <Text size="xs" c="dimmed">
                {l.code}
              </Text>
            </div>
            <RemoveButton line={l} entry={e} />
          </Group>
          {errors[l.key] && (
            <Text size="xs" c="red" role="alert" mb="xs">
              {errors[l.key]}
            </Text>
          )}
          <Group grow align="flex-start">
            <QtyInput line={l} i={i} where="c" entry={e} />
            {withCost && <CostInput line={l} i={i} entry={e} />}
          </Group>
          {withCost && (
            <Text ta="right" size="sm" mt="xs">
              <Amount line={l} digits={e.digits} />
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}

type FieldProps = { line: DraftLine; i: number; entry: LineEntryState };

/**
 * The quantity, registered under the line's key and layout so a new line can be focused. A scan
 * into it (or into the cost) is a new product's, and the field gets back what it held
 * (`data-scan-through`: lib/use-scanner.ts, LineEntryState.restore); a long code typed slowly into
 * the quantity is a scan too (`"slow"`), never into the cost, where 8 digits can be a price.
 */
function QtyInput({ line: l, i, where, entry: e }: FieldProps & { where: 't' | 'c' }) {
  const { t } = useTranslation();
  return (
    <TextInput
      ref={(el) => {
        if (el) e.qtyRefs.current.set(`${l.key}:${where}`, el);
        else e.qtyRefs.current.delete(`${l.key}:${where}`);
      }}
      aria-label={t('stock.line.qtyOf', { name: l.name })}
      inputMode="decimal"
      value={l.qty}
      error={e.qtyError(l)}
      data-testid={`qty-${i}`}
      data-scan-through="slow"
      data-key={l.key}
      data-field="qty"
      onChange={(ev) => e.update(l.key, { qty: ev.currentTarget.value })}
      rightSection={
        <Text size="xs" c="dimmed">
          {t(`stock.units.${l.unit}`)}
        </Text>
      }
      rightSectionWidth={52}
      {...e.fieldKeys(l)}
    />
  );
}

function CostInput({ line: l, i, entry: e }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      aria-label={t('stock.line.costOf', { name: l.name })}
      inputMode="decimal"
      value={l.cost}
      error={e.costError(l)}
      data-testid={`cost-${i}`}
      data-scan-through
      data-key={l.key}
      data-field="cost"
      onChange={(ev) => e.update(l.key, { cost: ev.currentTarget.value })}
      {...e.fieldKeys(l)}
    />
  );
}

/** Quantity × unit cost, or a dash while either does not read. */
function Amount({ line: l, digits }: { line: DraftLine; digits: number }) {
  const { money } = useFormat(useSession().business);
  const q = qtyOf(l.qty);
  const c = costOf(l.cost, digits);
  return <>{q !== null && c !== null ? money(lineAmount(q, c)) : '—'}</>;
}

function RemoveButton({ line: l, entry: e }: { line: DraftLine; entry: LineEntryState }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={t('stock.line.remove', { name: l.name })}
      onClick={() => e.remove(l.key)}
    >
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );
}
