import './styles';
import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SortTh, type SortState, useSorted } from '../../components/sortable';
import { useReportFormat } from './report-format';
import { TableScroll } from '../../components/table-scroll';

/** One column of a report table: how to sort it, how to show it, and its total if it adds up. */
export interface ReportColumn<T> {
  key: string;
  label: string;
  value: (row: T) => string | number;
  /** Money and counts are formatted by kind; anything else brings its own cell. */
  kind?: 'text' | 'money' | 'count';
  render?: (row: T) => ReactNode;
  total?: ReactNode;
}

const NUM = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * A report's table: sortable columns, a totals row, figures right-aligned; below 768 px each row
 * becomes a card (the first column its title) and the totals a card of their own.
 */
export function ReportTable<T>({
  rows,
  columns,
  rowKey,
  initialSort,
  wide,
  testId,
  minWidth = 640,
}: {
  rows: readonly T[];
  columns: ReportColumn<T>[];
  rowKey: (row: T) => string;
  initialSort: SortState<string>;
  wide: boolean;
  testId: string;
  minWidth?: number;
}) {
  const { t } = useTranslation();
  const cell = useCell<T>();
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const { sorted, sort, toggle } = useSorted<T, string>(
    rows,
    (row, key) => byKey.get(key)?.value(row) ?? '',
    initialSort,
  );
  const hasTotals = columns.some((c) => c.total !== undefined);
  if (columns.length === 0) return null;
  if (!wide) return <ReportCards rows={sorted} columns={columns} rowKey={rowKey} testId={testId} />;

  return (
    <TableScroll minWidth={minWidth}>
      <Table verticalSpacing="xs" highlightOnHover data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <SortTh key={c.key} column={c.key} sort={sort} onSort={toggle} right={right(c)}>
                {c.label}
              </SortTh>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={right(c) ? 'right' : undefined} style={right(c) ? NUM : undefined}>
                  {cell(c, row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {hasTotals && (
          <Table.Tfoot>
            <Table.Tr
              data-testid={`${testId}-totals`}
              style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}
            >
              {columns.map((c, i) => (
                <Table.Th key={c.key} ta={right(c) ? 'right' : undefined} style={NUM}>
                  {i === 0 ? t('reports.total') : c.total}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </TableScroll>
  );
}

const right = (c: { kind?: string }) => c.kind === 'money' || c.kind === 'count';

/** A cell's content: its own rendering, or the value formatted by kind (a dash for nothing). */
function useCell<T>() {
  const f = useReportFormat();
  return (c: ReportColumn<T>, row: T): ReactNode => {
    if (c.render) return c.render(row);
    const v = c.value(row);
    if (typeof v === 'number') return c.kind === 'money' ? f.money(v) : f.count(v);
    return v || '—';
  };
}

/** Below 768 px: a card per row (the first column its title), and the totals as a card of their own. */
function ReportCards<T>({
  rows: sorted,
  columns,
  rowKey,
  testId,
}: {
  rows: readonly T[];
  columns: ReportColumn<T>[];
  rowKey: (row: T) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const cell = useCell<T>();
  const [first, ...rest] = columns as [ReportColumn<T>, ...ReportColumn<T>[]];
  const hasTotals = columns.some((c) => c.total !== undefined);
  return (
    <Stack gap="sm" data-testid={`${testId}-cards`}>
      {sorted.map((row) => (
        <Card key={rowKey(row)} withBorder padding="sm" radius="md">
          <Text fw={600} mb={6}>
            {cell(first, row)}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
            {rest.map((c) => (
              <Group key={c.key} justify="space-between" gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed" truncate>
                  {c.label}
                </Text>
                <Text size="sm" fw={500} style={NUM}>
                  {cell(c, row)}
                </Text>
              </Group>
            ))}
          </SimpleGrid>
        </Card>
      ))}
      {hasTotals && (
        <Card withBorder padding="sm" radius="md" bg="var(--mantine-color-default-hover)">
          <Text fw={700} mb={6}>
            {t('reports.total')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
            {rest
              .filter((c) => c.total !== undefined)
              .map((c) => (
                <Group key={c.key} justify="space-between" gap={4} wrap="nowrap">
                  <Text size="xs" c="dimmed" truncate>
                    {c.label}
                  </Text>
                  <Text size="sm" fw={700} style={NUM}>
                    {c.total}
                  </Text>
                </Group>
              ))}
          </SimpleGrid>
        </Card>
      )}
    </Stack>
  );
}
