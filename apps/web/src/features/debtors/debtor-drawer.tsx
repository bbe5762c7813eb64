import './styles';
import { useState } from 'react';
import { Badge, Button, Drawer, Group, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle, IconCash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Debtor, overCreditLimit } from '@duka/domain';
import { MergeHistory, useCanSeeMergeHistory } from '../../components/merge-history';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { DebtorDetailsForm } from './debtor-form';
import { useDebtor } from './debtors-api';
import { PaymentDialog } from './payment-dialog';
import { StatementView } from './statement';
import { TABULAR } from '../../lib/format';

/** One debtor: the balance big, record a payment, the statement, and the details to edit. */
export function DebtorDrawer({ debtor: initial, onClose }: { debtor: Debtor; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: debtor } = useDebtor(initial);
  const [paying, setPaying] = useState(false);
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
        <BalanceCard debtor={debtor} onPay={() => setPaying(true)} />
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
    </Drawer>
  );
}

/** What they owe (or have in credit), over the limit or not, the limit and what is available. */
function BalanceCard({ debtor, onPay }: { debtor: Debtor; onPay: () => void }) {
  const { t } = useTranslation();
  const { money } = useFormat(useSession().business);
  const over = overCreditLimit(debtor, 0);
  // Below zero after a sale was reversed once paid for: the shop owes it, their next credit sale uses it.
  const credit = debtor.balance < 0;
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
        <Button
          size="md"
          leftSection={<IconCash size={18} aria-hidden />}
          onClick={onPay}
          disabled={debtor.balance <= 0}
        >
          {t('debtors.recordPayment')}
        </Button>
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
          {credit ? t('debtors.creditHint') : t('debtors.nothingOwed')}
        </Text>
      )}
    </Paper>
  );
}
