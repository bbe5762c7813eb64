import './styles';
import type { CSSProperties } from 'react';
import { Card, Grid, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DailySummary, type DayFigures, SALE_KINDS } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { KpiCard } from '../../components/kpi-card';
import { FitAmount } from '../../components/fit-amount';
import { SignedMoney } from '../../components/signed-money';
import { SortTh, useSorted } from '../../components/sortable';
import { TableScroll } from '../../components/table-scroll';

type Cashier = DailySummary['cashiers'][number];
type Col =
  'name' | 'cash' | 'debtor' | 'transfer' | 'reversals' | 'expenses' | 'payments' | 'payouts' | 'expected';

const reversedOf = (f: DayFigures) => SALE_KINDS.reduce((s, k) => s + f.reversals[k].total, 0);

/**
 * A box whose width the figures inside it measure themselves by (CSS container units); a long word
 * in it (a German label) breaks rather than run out of it. Its children stretch to fill it.
 */
const FIGURE_BOX: CSSProperties = {
  containerType: 'inline-size',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  overflowWrap: 'anywhere',
};

/** The room of an amount in a KpiCard in a FIGURE_BOX: the box less the card's padding and border. */
const KPI_ROOM = '100cqi - 34px';

const valueOf = (c: Cashier, col: Col): string | number => {
  switch (col) {
    case 'name':
      return c.user_name;
    case 'cash':
    case 'debtor':
    case 'transfer':
      return c.sales[col].total;
    case 'reversals':
      return reversedOf(c);
    case 'expenses':
      return c.cash_expenses;
    case 'payments':
      return c.cash_debtor_payments;
    case 'payouts':
      return c.cash_debtor_payouts;
    case 'expected':
      return c.expected_cash;
  }
};

/** The day's figures as cards: sales by kind, reversals, cash out and in, and the expected cash. */
export function DayKpis({ totals }: { totals: DayFigures }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money, count } = useFormat(session.business);
  const reversed = reversedOf(totals);
  /** An amount in a card, made to fit it; a signed one (but zero) with its sign and colour. */
  const fitted = (value: number, signed: boolean) =>
    signed && value ? (
      <FitAmount text={`+${money(Math.abs(value))}`} room={KPI_ROOM}>
        <SignedMoney value={value} />
      </FitAmount>
    ) : (
      // `|| 0`: no "-KES 0.00" for a minus zero
      <FitAmount text={money(value || 0)} room={KPI_ROOM}>
        {money(value || 0)}
      </FitAmount>
    );
  return (
    <Grid mb="md" data-testid="daily-kpis">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'xs', sm: 'md' }}>
          {SALE_KINDS.map((k) => (
            <div key={k} style={FIGURE_BOX}>
              <KpiCard
                testId={`daily-${k}`}
                label={t(`sales.kpi.${k}`)}
                value={fitted(totals.sales[k].total, false)}
                detail={t('sales.kpi.count', {
                  count: totals.sales[k].count,
                  n: count(totals.sales[k].count),
                })}
              />
            </div>
          ))}
          <div style={FIGURE_BOX}>
            <KpiCard
              testId="daily-reversals"
              label={t('daily.kpi.reversals')}
              value={fitted(-reversed, true)}
              detail={SALE_KINDS.filter((k) => totals.reversals[k].count > 0)
                .map((k) => `${t(`sales.kinds.${k}`)} ${money(totals.reversals[k].total)}`)
                .join(' · ')}
            />
          </div>
          <div style={FIGURE_BOX}>
            <KpiCard
              testId="daily-expenses"
              label={t('daily.kpi.cashExpenses')}
              value={fitted(-totals.cash_expenses, true)}
              detail={t('daily.kpi.byTransfer', { total: money(totals.transfer_expenses) })}
            />
          </div>
          <div style={FIGURE_BOX}>
            <KpiCard
              testId="daily-payments"
              label={t('daily.kpi.cashPayments')}
              value={fitted(totals.cash_debtor_payments, true)}
              detail={[
                t('daily.kpi.byTransfer', { total: money(totals.transfer_debtor_payments) }),
                ...(totals.cash_debtor_payouts
                  ? [t('daily.kpi.paidOut', { total: money(totals.cash_debtor_payouts) })]
                  : []),
              ].join(' · ')}
            />
          </div>
        </SimpleGrid>
      </Grid.Col>
      {/* the figure the close is about: first on a phone, beside the others on a wide screen */}
      <Grid.Col span={{ base: 12, lg: 4 }} order={{ base: -1, lg: 0 }}>
        <ExpectedCash totals={totals} />
      </Grid.Col>
    </Grid>
  );
}

/**
 * The expected cash stays in view at the table's right edge while the other columns scroll under
 * it (in Portuguese at 1280 px the table is wider than its card, and this column was the one cut).
 */
const EXPECTED_IN_VIEW: CSSProperties = {
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--table-border-color)',
};

/** The same figures per cashier: a sortable table from 768 px, cards below. */
export function CashierTable({ cashiers, wide }: { cashiers: Cashier[]; wide: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money } = useFormat(session.business);
  const { sorted, sort, toggle } = useSorted<Cashier, Col>(cashiers, valueOf, { key: 'name', dir: 'asc' });
  const name = (c: Cashier) => c.user_name || t('daily.unknownCashier');
  if (cashiers.length === 0) return <Text c="dimmed">{t('daily.noCashiers')}</Text>;
  if (!wide) return <CashierCards rows={sorted} />;
  // credit paid out has a column on a day someone paid some out
  const payouts = cashiers.some((c) => c.cash_debtor_payouts !== 0);
  const th = (col: Col, label: string, right = true, style?: CSSProperties) => (
    <SortTh column={col} sort={sort} onSort={toggle} right={right} style={style}>
      {label}
    </SortTh>
  );
  return (
    <TableScroll minWidth={860}>
      <Table verticalSpacing="sm" data-testid="cashier-table">
        <Table.Thead>
          <Table.Tr>
            {th('name', t('daily.col.cashier'), false)}
            {th('cash', t('sales.kinds.cash'))}
            {th('debtor', t('sales.kinds.debtor'))}
            {th('transfer', t('sales.kinds.transfer'))}
            {th('reversals', t('daily.col.reversals'))}
            {th('expenses', t('daily.col.expenses'))}
            {th('payments', t('daily.col.payments'))}
            {payouts && th('payouts', t('daily.col.payouts'))}
            {th('expected', t('daily.col.expected'), true, EXPECTED_IN_VIEW)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((c) => (
            <Table.Tr key={c.user_id} data-testid={`cashier-${c.user_name}`}>
              <Table.Td fw={500}>{name(c)}</Table.Td>
              {SALE_KINDS.map((k) => (
                <Table.Td key={k} ta="right">
                  {money(c.sales[k].total)}
                </Table.Td>
              ))}
              <Table.Td ta="right">
                {reversedOf(c) ? <SignedMoney value={-reversedOf(c)} /> : money(0)}
              </Table.Td>
              <Table.Td ta="right">
                {c.cash_expenses ? <SignedMoney value={-c.cash_expenses} /> : money(0)}
              </Table.Td>
              <Table.Td ta="right">{money(c.cash_debtor_payments)}</Table.Td>
              {payouts && (
                <Table.Td ta="right">
                  {c.cash_debtor_payouts ? <SignedMoney value={-c.cash_debtor_payouts} /> : money(0)}
                </Table.Td>
              )}
              <Table.Td ta="right" fw={700} style={EXPECTED_IN_VIEW}>
                {money(c.expected_cash)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** The cash the drawer should hold, and how it is made up. */
function ExpectedCash({ totals }: { totals: DayFigures }) {
  const { t } = useTranslation();
  const { money } = useFormat(useSession().business);
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      h="100%"
      data-testid="daily-expected"
      style={{ ...FIGURE_BOX, borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }}
    >
      <Stack justify="space-between" h="100%" gap="sm">
        <Text fw={600}>{t('daily.kpi.expected')}</Text>
        <Text fz={{ base: 34, sm: 44 }} fw={800} lh={1.1} ta="right" data-testid="expected-cash">
          {/* the box is the card itself: its width (100cqi) is the room inside its padding */}
          <FitAmount text={money(totals.expected_cash)} room="100cqi">
            {money(totals.expected_cash)}
          </FitAmount>
        </Text>
        <Stack gap={2}>
          {(
            [
              ['daily.kpi.plusCashSales', totals.sales.cash.total],
              ['daily.kpi.minusCashRefunds', -totals.reversals.cash.total],
              ['daily.kpi.plusCashPayments', totals.cash_debtor_payments],
              ['daily.kpi.minusCashPayouts', -totals.cash_debtor_payouts],
              ['daily.kpi.minusCashExpenses', -totals.cash_expenses],
            ] as const
          )
            // credit paid out only on a day some was
            .filter(([key, v]) => key !== 'daily.kpi.minusCashPayouts' || v !== 0)
            .map(([key, v]) => (
              // the amount goes under its words when both do not fit on one line
              <Group key={key} justify="space-between" gap="xs" style={{ rowGap: 0 }}>
                <Text size="xs" c="dimmed">
                  {t(key)}
                </Text>
                <Text size="xs" ml="auto">
                  <SignedMoney value={v} colored={false} />
                </Text>
              </Group>
            ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The cashiers on a phone: one card each. */
function CashierCards({ rows }: { rows: Cashier[] }) {
  const { t } = useTranslation();
  const { money } = useFormat(useSession().business);
  const name = (c: Cashier) => c.user_name || t('daily.unknownCashier');
  return (
    <Stack gap="sm" data-testid="cashier-cards">
      {rows.map((c) => (
        <Card key={c.user_id} withBorder padding="sm" style={{ overflowWrap: 'anywhere' }}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} miw={0}>
              {name(c)}
            </Text>
            <div style={{ textAlign: 'right', flexShrink: 0 }}>
              <Text size="xs" c="dimmed">
                {t('daily.col.expected')}
              </Text>
              <Text fw={700}>{money(c.expected_cash)}</Text>
            </div>
          </Group>
          <SimpleGrid cols={2} spacing={4} mt={6}>
            {SALE_KINDS.map((k) => (
              <Text key={k} size="xs">
                {t(`sales.kinds.${k}`)}: {money(c.sales[k].total)}
              </Text>
            ))}
            <Text size="xs">
              {t('daily.col.reversals')}: {money(reversedOf(c))}
            </Text>
            <Text size="xs">
              {t('daily.col.expenses')}: {money(c.cash_expenses)}
            </Text>
            <Text size="xs">
              {t('daily.col.payments')}: {money(c.cash_debtor_payments)}
            </Text>
            {c.cash_debtor_payouts !== 0 && (
              <Text size="xs">
                {t('daily.col.payouts')}: {money(c.cash_debtor_payouts)}
              </Text>
            )}
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}
