import './styles';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Reversal } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { PrintReceiptButton } from '../printing';
import { ReceiptPreview, receiptSvgUrl } from '../receipts';

/** After a reversal: what was given back, its own receipt, and the way to the next one. */
export function ReversalDone({ reversal, onAnother }: { reversal: Reversal; onAnother: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money } = useFormat(session.business);
  const r = reversal;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack>
          <Alert
            color="teal"
            icon={<IconCircleCheck aria-hidden />}
            title={t('reverse.done.title', { no: r.receipt_no })}
            data-testid="reversal-done"
          >
            {t('reverse.done.ofSale', { no: r.sale_receipt_no, count: r.lines.length })}
          </Alert>
          <div>
            <Text size="sm" c="dimmed">
              {t(`reverse.refundTotal.${r.kind}`)}
            </Text>
            <Text fz={36} fw={700} lh={1.1} data-testid="done-total">
              {money(r.total)}
            </Text>
          </div>
          {r.kind === 'cash' && <Text>{t('reverse.done.cash', { total: money(r.total) })}</Text>}
          {r.kind === 'debtor' && r.debtor_balance_after !== null && (
            <Text data-testid="done-debtor">
              {r.debtor_balance_after < 0
                ? t('reverse.done.debtorCredit', {
                    name: r.debtor_name ?? '—',
                    credit: money(-r.debtor_balance_after),
                  })
                : t('reverse.done.debtor', {
                    name: r.debtor_name ?? '—',
                    after: money(r.debtor_balance_after),
                  })}
            </Text>
          )}
          {r.kind === 'transfer' && (
            <Text data-testid="done-transfer">
              {t('reverse.done.transfer', {
                reference: r.reference ?? '—',
                provider: r.provider_name ?? '—',
              })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('reverse.done.stock', { location: r.location_name })}
          </Text>
          <Group>
            <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={onAnother} data-autofocus>
              {t('reverse.done.another')}
            </Button>
            <PrintReceiptButton receiptNo={r.receipt_no} />
            <Anchor href={receiptSvgUrl(r.receipt_no)} target="_blank" rel="noopener" size="sm">
              <Group gap={4}>
                <IconExternalLink size={16} aria-hidden />
                {t('sales.drawer.openReceipt')}
              </Group>
            </Anchor>
          </Group>
        </Stack>
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('sales.drawer.receipt')}
        </Title>
        <ReceiptPreview receiptNo={r.receipt_no} />
      </Stack>
    </SimpleGrid>
  );
}
