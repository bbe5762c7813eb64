import './styles';
import { useState } from 'react';
import { Badge, Button, Drawer, Group, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle, IconCash, IconCashMoveBack } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Debtor, overCreditLimit } from '@duka/domain';
import { MergeHistory, useCanSeeMergeHistory } from '../../components/merge-history';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { DebtorDetailsForm } from './debtor-form';
import { useDebtor } from './debtors-api';
import { PaymentDialog } from './payment-dialog';
import { useMayVoidPayments } from './payment-void';
import { PayoutDialog } from './payout-dialog';
import { StatementView } from './statement';
import { TABULAR } from '../../lib/format';

/**
 * One debtor: the balance big, record a payment (or, in credit, an admin pays the credit out), the
 * statement, and the details to edit.
 */
export function DebtorDrawer({ debtor: initial, onClose }: { debtor: Debtor; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: debtor } = useDebtor(initial);
  const [paying, setPaying] = useState(false);
  const [payingOut, setPayingOut] = useState(false);
  const [tab, setTab] = useState<string | null>('statement');
  const admin = useCanSeeMergeHistory();
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={debtor.name}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <BalanceCard debtor={debtor} onPay={() => setPaying(true)} onPayOut={() => setPayingOut(true)} />
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="statement">{t('debtors.statement')}</Tabs.Tab>
            <Tabs.Tab value="details">{t('debtors.details')}</Tabs.Tab>
            {admin && <Tabs.Tab value="merges">{t('history.tab')}</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="statement">
            <StatementView debtor={debtor} />
          </Tabs.Panel>
          <Tabs.Panel value="details">
            <DebtorDetailsForm key={debtor.updated_at} debtor={debtor} onSaved={() => setTab('statement')} />
          </Tabs.Panel>
          {admin && (
            <Tabs.Panel value="merges">
              <MergeHistory docType="debtor" id={debtor.id} />
            </Tabs.Panel>
          )}
        </Tabs>
      </Stack>
      <PaymentDialog debtor={debtor} opened={paying} onClose={() => setPaying(false)} />
      <PayoutDialog debtor={debtor} opened={payingOut} onClose={() => setPayingOut(false)} />
    </Drawer>
  );
}

/**
 * What they owe (or have in credit), over the limit or not, the limit and what is available; an
 * admin pays a credit out in cash where the payment would be recorded.
 */
function BalanceCard({
  debtor,
  onPay,
  onPayOut,
}: {
  debtor: Debtor;
  onPay: () => void;
  onPayOut: () => void;
}) {
  const { t } = useTranslation();
  const { money } = useFormat(useSession().business);
  const over = overCreditLimit(debtor, 0);
  // Below zero after a sale was reversed once paid for: the shop owes it, their next credit sale uses it.
  const credit = debtor.balance < 0;
  const mayPayOut = useMayVoidPayments();
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {credit ? t('debtors.inCredit') : t('debtors.owes')}
          </Text>
          <Text
            fz={{ base: 30, sm: 38 }}
            fw={800}
            lh={1.1}
            style={TABULAR}
            c={over ? 'red' : undefined}
            data-testid="debtor-balance"
          >
            {money(Math.abs(debtor.balance))}
          </Text>
          {over && (
            <Badge
              mt={6}
              color="red"
              variant="light"
              leftSection={<IconAlertTriangle size={12} aria-hidden />}
            >
              {t('debtors.overBy', { amount: money(debtor.balance - debtor.credit_limit) })}
            </Badge>
          )}
        </div>
        <BalanceAction debtor={debtor} payOut={credit && mayPayOut} onPay={onPay} onPayOut={onPayOut} />
      </Group>
      <SimpleGrid cols={2} mt="sm" spacing="xs">
        <div>
          <Text size="xs" c="dimmed">
            {t('debtors.limit')}
          </Text>
          <Text fw={600} style={TABULAR} data-testid="debtor-limit">
            {money(debtor.credit_limit)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('debtors.available')}
          </Text>
          <Text fw={600} style={TABULAR} data-testid="debtor-available">
            {money(debtor.available)}
          </Text>
        </div>
      </SimpleGrid>
      {debtor.balance <= 0 && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="debtor-nothing-owed">
          {credit
            ? t(mayPayOut ? 'debtors.creditHintPayOut' : 'debtors.creditHint')
            : t('debtors.nothingOwed')}
        </Text>
      )}
    </Paper>
  );
}

/** Record a payment (none while nothing is owed), or, for an admin, pay a credit out in cash. */
function BalanceAction({
  debtor,
  payOut,
  onPay,
  onPayOut,
}: {
  debtor: Debtor;
  payOut: boolean;
  onPay: () => void;
  onPayOut: () => void;
}) {
  const { t } = useTranslation();
  if (payOut)
    return (
      <Button
        size="md"
        variant="light"
        leftSection={<IconCashMoveBack size={18} aria-hidden />}
        onClick={onPayOut}
      >
        {t('debtors.payout')}
      </Button>
    );
  return (
    <Button
      size="md"
      leftSection={<IconCash size={18} aria-hidden />}
      onClick={onPay}
      disabled={debtor.balance <= 0}
    >
      {t('debtors.recordPayment')}
    </Button>
  );
}
