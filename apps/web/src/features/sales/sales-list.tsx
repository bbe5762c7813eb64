import './styles';
import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SalesList } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { receiptLabel } from './sale-access';
import { SignedMoney } from '../../components/signed-money';
import { type SortState, SortTh, useSorted } from '../../components/sortable';
import { dateTimeFormat } from '@duka/domain';
import { TableScroll } from '../../components/table-scroll';

export type SaleItem = SalesList['items'][number];
type Col = 'time' | 'receipt' | 'kind' | 'cashier' | 'customer' | 'lines' | 'total';

/** A reversal gives money back: it counts against the day. */
export const signedTotal = (i: SaleItem) => (i.type === 'reversal' ? -i.total : i.total);

const valueOf = (i: SaleItem, c: Col): string | number => {
  switch (c) {
    case 'time':
      return i.created_at;
    case 'receipt':
      return i.receipt_no;
    case 'kind':
      return `${i.kind}-${i.type}`;
    case 'cashier':
      return i.user_name;
    case 'customer':
      return i.debtor_name ?? i.reference ?? '';
    case 'lines':
      return i.lines;
    case 'total':
      return signedTotal(i);
  }
};

/** A sale's total as it is; a reversal's with a minus, in red. */
function Amount({ item }: { item: SaleItem }) {
  const session = useSession();
  const { money } = useFormat(session.business);
  return item.type === 'reversal' ? <SignedMoney value={-item.total} /> : <>{money(item.total)}</>;
}

function KindBadges({ item }: { item: SaleItem }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={{ cash: 'teal', debtor: 'grape', transfer: 'blue' }[item.kind]} tt="none">
        {t(`sales.kinds.${item.kind}`)}
      </Badge>
      {item.type === 'reversal' && (
        <Badge variant="outline" color="red" tt="none">
          {t('sales.reversal')}
        </Badge>
      )}
    </Group>
  );
}

/** The day's sales and reversals: a sortable table from 768 px, cards below. */
export function SalesListView({
  items,
  wide,
  onOpen,
}: {
  items: SaleItem[];
  wide: boolean;
  onOpen: (item: SaleItem) => void;
}) {
  // one sort for both layouts, kept when the screen turns
  const { sorted, sort, toggle } = useSorted<SaleItem, Col>(items, valueOf, { key: 'time', dir: 'desc' });
  return wide ? (
    <SalesTable rows={sorted} sort={sort} onSort={toggle} onOpen={onOpen} />
  ) : (
    <SaleCards rows={sorted} onOpen={onOpen} />
  );
}

/** The time of day in the business's zone (the day is in the filter), and who the sale was for. */
function useRowText() {
  const { i18n } = useTranslation();
  const session = useSession();
  const clock = dateTimeFormat(i18n.language, {
    timeStyle: 'short',
    timeZone: session.business.timezone,
  });
  return {
    time: (iso: string) => clock.format(new Date(iso)),
    who: (i: SaleItem) => i.debtor_name ?? i.reference ?? '—',
  };
}

function SaleCards({ rows, onOpen }: { rows: SaleItem[]; onOpen: (item: SaleItem) => void }) {
  const { t } = useTranslation();
  const { time, who } = useRowText();
  return (
    <Stack gap="sm" data-testid="sales-cards">
      {rows.map((i) => (
        <Card
          key={i.id}
          withBorder
          padding="sm"
          component="button"
          onClick={() => onOpen(i)}
          style={{ textAlign: 'left' }}
          data-testid={`sale-row-${i.receipt_no}`}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fw={600}>{t('sales.receiptNo', { no: i.receipt_no })}</Text>
              <Text size="xs" c="dimmed">
                {time(i.created_at)} · {i.user_name}
              </Text>
            </div>
            <Text fw={700} ta="right">
              <Amount item={i} />
            </Text>
          </Group>
          <Group justify="space-between" mt={6} wrap="nowrap">
            <KindBadges item={i} />
            <Text size="xs" c="dimmed" truncate>
              {who(i)}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function SalesTable({
  rows,
  sort,
  onSort,
  onOpen,
}: {
  rows: SaleItem[];
  sort: SortState<Col>;
  onSort: (c: Col) => void;
  onOpen: (item: SaleItem) => void;
}) {
  const { t } = useTranslation();
  const { time, who } = useRowText();
  const th = (c: Col, label: string, right = false) => (
    <SortTh column={c} sort={sort} onSort={onSort} right={right}>
      {label}
    </SortTh>
  );
  return (
    <TableScroll minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="sales-table">
        <Table.Thead>
          <Table.Tr>
            {th('time', t('sales.col.time'))}
            {th('receipt', t('sales.col.receipt'))}
            {th('kind', t('sales.col.kind'))}
            {th('cashier', t('sales.col.cashier'))}
            {th('customer', t('sales.col.customer'))}
            {th('lines', t('sales.col.lines'), true)}
            {th('total', t('sales.col.total'), true)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((i) => (
            <Table.Tr
              key={i.id}
              data-testid={`sale-row-${i.receipt_no}`}
              style={{ cursor: 'pointer' }}
              tabIndex={0}
              onClick={() => onOpen(i)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onOpen(i);
                }
              }}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(i.created_at)}</Table.Td>
              <Table.Td fw={600}>{receiptLabel(i.receipt_no)}</Table.Td>
              <Table.Td>
                <KindBadges item={i} />
              </Table.Td>
              <Table.Td>{i.user_name}</Table.Td>
              <Table.Td>{who(i)}</Table.Td>
              <Table.Td ta="right">{i.lines}</Table.Td>
              <Table.Td ta="right" data-testid={`sale-total-${i.receipt_no}`}>
                <Amount item={i} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
