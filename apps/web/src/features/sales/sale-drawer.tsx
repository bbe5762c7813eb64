import './styles';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  type Reversal,
  type ReceiptTaxRate,
  type Sale,
  reversalTaxByRate,
  saleTaxByRate,
} from '@duka/domain';
import { useFormat } from '../../lib/format';
import { serverMessage } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { useTaxName } from '../../lib/tax-name';
import { PrintReceiptButton } from '../printing';
import { ReceiptPreview, receiptSvgUrl } from '../receipts';
import { mayReverse, receiptLabel, reversePath } from './sale-access';
import { useReversal, useSale } from './sales-api';
import { SaleLines } from './sale-lines';
import { SignedMoney } from '../../components/signed-money';

export interface Opened {
  type: 'sale' | 'reversal';
  id: string;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

function Receipt({ no }: { no: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('sales.drawer.receipt')}
        </Title>
        <Group gap="xs">
          <Anchor href={receiptSvgUrl(no)} target="_blank" rel="noopener" size="sm">
            <Group gap={4}>
              <IconExternalLink size={16} aria-hidden />
              {t('sales.drawer.openReceipt')}
            </Group>
          </Anchor>
          <PrintReceiptButton receiptNo={no} size="xs" />
        </Group>
      </Group>
      <ReceiptPreview receiptNo={no} />
    </Stack>
  );
}

function SaleView({ sale, onOpen }: { sale: Sale; onOpen: (o: Opened) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money, dateTime } = useFormat(session.business);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Fact label={t('sales.col.kind')}>{t(`sales.kinds.${sale.kind}`)}</Fact>
        <Fact label={t('sales.col.time')}>{dateTime(sale.created_at)}</Fact>
        <Fact label={t('sales.col.cashier')}>{sale.user_name}</Fact>
        <Fact label={t('sales.filter.location')}>{sale.location_name}</Fact>
        {sale.debtor_name && <Fact label={t('sales.drawer.debtor')}>{sale.debtor_name}</Fact>}
        {sale.debtor_balance_after !== null && (
          <Fact label={t('sales.drawer.balanceAfter')}>{money(sale.debtor_balance_after)}</Fact>
        )}
        {sale.provider_name && <Fact label={t('sales.drawer.provider')}>{sale.provider_name}</Fact>}
        {sale.reference && <Fact label={t('sales.drawer.reference')}>{sale.reference}</Fact>}
        {sale.tendered !== null && <Fact label={t('sales.drawer.tendered')}>{money(sale.tendered)}</Fact>}
        {sale.change !== null && <Fact label={t('sales.drawer.change')}>{money(sale.change)}</Fact>}
      </SimpleGrid>
      <SaleLines sale={sale} />
      <Stack gap={2} align="flex-end">
        {sale.discount > 0 && (
          <Text size="sm">
            {t('sales.drawer.discount')}: {money(sale.discount)}
          </Text>
        )}
        <TaxByRate tax={sale.tax} rates={saleTaxByRate(sale)} money={money} />
        <Text fw={700} size="lg" data-testid="drawer-total">
          {t('sales.drawer.total')}: {money(sale.total)}
        </Text>
        {sale.reversed_total > 0 && (
          <Text size="sm">
            {t('sales.drawer.reversedTotal')}: <SignedMoney value={-sale.reversed_total} />
          </Text>
        )}
      </Stack>
      <SaleReversals sale={sale} onOpen={onOpen} />
      <Receipt no={sale.receipt_no} />
    </Stack>
  );
}

/**
 * The tax in the total by rate, as the receipt prints it (a sale's, or what a reversal gives
 * back); in one figure when no line has a rate.
 */
function TaxByRate({
  tax,
  rates,
  money,
}: {
  tax: number;
  rates: ReceiptTaxRate[];
  money: (minor: number) => string;
}) {
  const { t } = useTranslation();
  const { percent } = useFormat();
  const name = useTaxName();
  if (rates.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('sales.drawer.taxIncluded')}: {money(tax)}
      </Text>
    );
  return rates.map((r) => (
    <Text key={r.rate} size="sm" c="dimmed">
      {t('sales.drawer.taxRate', { name, rate: percent(r.rate), base: money(r.amount - r.tax) })}:{' '}
      {money(r.tax)}
    </Text>
  ));
}

/** Its reversals (each opens), and Reverse while something is left, for a user who may. */
function SaleReversals({ sale, onOpen }: { sale: Sale; onOpen: (o: Opened) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { dateTime } = useFormat(session.business);
  const left = sale.lines.some((l) => l.quantity > l.reversed);
  return (
    <>
      {sale.reversals.length > 0 && (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('sales.drawer.reversals')}
          </Title>
          {sale.reversals.map((r) => (
            <Group key={r.id} justify="space-between" wrap="nowrap">
              <Anchor component="button" type="button" onClick={() => onOpen({ type: 'reversal', id: r.id })}>
                {receiptLabel(r.receipt_no)}
              </Anchor>
              <Text size="sm" c="dimmed" truncate style={{ flex: 1 }}>
                {dateTime(r.created_at)} · {r.user_name} · {r.reason}
              </Text>
              <SignedMoney value={-r.total} />
            </Group>
          ))}
        </Stack>
      )}
      {mayReverse(session, sale.kind) &&
        (left ? (
          <Group justify="flex-end">
            <Button
              component={Link}
              to={`${reversePath(sale.kind)}?receipt=${encodeURIComponent(sale.receipt_no)}`}
              color="red"
              variant="light"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
            >
              {t('sales.drawer.reverse')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" ta="right">
            {t('sales.drawer.fullyReversed')}
          </Text>
        ))}
    </>
  );
}

function ReversalView({ rev, onOpen }: { rev: Reversal; onOpen: (o: Opened) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money, dateTime, quantity } = useFormat(session.business);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Fact label={t('sales.drawer.ofSale')}>
          <Anchor component="button" type="button" onClick={() => onOpen({ type: 'sale', id: rev.sale_id })}>
            {receiptLabel(rev.sale_receipt_no)}
          </Anchor>
        </Fact>
        <Fact label={t('sales.col.kind')}>{t(`sales.kinds.${rev.kind}`)}</Fact>
        <Fact label={t('sales.col.time')}>{dateTime(rev.created_at)}</Fact>
        <Fact label={t('sales.col.cashier')}>{rev.user_name}</Fact>
        <Fact label={t('sales.filter.location')}>{rev.location_name}</Fact>
        <Fact label={t('sales.drawer.reason')}>{rev.reason}</Fact>
        {rev.debtor_name && <Fact label={t('sales.drawer.debtor')}>{rev.debtor_name}</Fact>}
        {rev.debtor_balance_after !== null && (
          <Fact label={t('sales.drawer.balanceAfter')}>{money(rev.debtor_balance_after)}</Fact>
        )}
        {rev.provider_name && <Fact label={t('sales.drawer.provider')}>{rev.provider_name}</Fact>}
        {rev.reference && <Fact label={t('sales.drawer.refundReference')}>{rev.reference}</Fact>}
      </SimpleGrid>
      <Table verticalSpacing={6} fz="sm" data-testid="drawer-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sales.drawer.product')}</Table.Th>
            <Table.Th ta="right">{t('sales.drawer.quantity')}</Table.Th>
            <Table.Th ta="right">{t('sales.drawer.refund', { context: rev.kind })}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rev.lines.map((l) => (
            <Table.Tr key={l.line_no}>
              <Table.Td>{l.name}</Table.Td>
              <Table.Td ta="right">{quantity(l.quantity)}</Table.Td>
              <Table.Td ta="right">{money(l.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={2} align="flex-end">
        <TaxByRate tax={rev.tax} rates={reversalTaxByRate(rev)} money={money} />
        <Text fw={700} size="lg" data-testid="drawer-total">
          {t('sales.drawer.refunded', { context: rev.kind })}: <SignedMoney value={-rev.total} />
        </Text>
      </Stack>
      <Receipt no={rev.receipt_no} />
    </Stack>
  );
}

/** A sale or a reversal of the day, with its receipt, and the way to reverse what is left. */
export function SaleDrawer({ item, onClose }: { item: Opened; onClose: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Opened>(item);
  const sale = useSale(open.type === 'sale' ? open.id : null);
  const rev = useReversal(open.type === 'reversal' ? open.id : null);
  const q = open.type === 'sale' ? sale : rev;
  const no = open.type === 'sale' ? sale.data?.receipt_no : rev.data?.receipt_no;
  const title = no
    ? t(open.type === 'sale' ? 'sales.receiptNo' : 'sales.reversalNo', { no })
    : t('common.loading');

  let body: ReactNode;
  if (q.isPending)
    body = (
      <Stack>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={36} />
        ))}
      </Stack>
    );
  else if (q.isError)
    body = (
      <Alert color="red" role="alert">
        <Text size="sm">{serverMessage(q.error)}</Text>
        <Button variant="light" size="xs" mt="xs" onClick={() => void q.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  else if (open.type === 'sale' && sale.data) body = <SaleView sale={sale.data} onOpen={setOpen} />;
  else if (rev.data) body = <ReversalView rev={rev.data} onOpen={setOpen} />;

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Group gap="xs">
          <Text fw={700} size="lg">
            {title}
          </Text>
          {open.type === 'reversal' && (
            <Badge color="red" variant="outline" tt="none">
              {t('sales.reversal')}
            </Badge>
          )}
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {body}
    </Drawer>
  );
}
