import './styles';
import { Button, Group, List, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import type { ReversalPlan } from './reversal-plan';

/** "Reverse 2 lines and refund KES 245.00?" — and what exactly changes, before anything is sent. */
export function ConfirmReversal({
  opened,
  sale,
  plan,
  reference,
  balance,
  busy,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  sale: Sale;
  plan: ReversalPlan;
  reference: string;
  balance: number | undefined;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const { money } = useFormat(session.business);
  const total = money(plan.total);
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      centered
      title={t('reverse.confirmTitle', { no: sale.receipt_no })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text fw={600} data-testid="confirm-question">
        {t(`reverse.confirm.${sale.kind}`, { count: plan.count, total })}
      </Text>
      <List size="sm" mt="sm" spacing={4}>
        <List.Item>{t('reverse.effects.stock', { location: sale.location_name })}</List.Item>
        {sale.kind === 'cash' && <List.Item>{t('reverse.effects.cash', { total })}</List.Item>}
        {sale.kind === 'debtor' && (
          <List.Item>
            {balance === undefined
              ? t('reverse.effects.debtorShort', { name: sale.debtor_name ?? '—', total })
              : t('reverse.effects.debtor', {
                  name: sale.debtor_name ?? '—',
                  now: money(balance),
                  after: money(balance - plan.total),
                })}
          </List.Item>
        )}
        {sale.kind === 'transfer' && (
          <List.Item>
            {t('reverse.effects.transfer', { total, reference, provider: sale.provider_name ?? '—' })}
          </List.Item>
        )}
        <List.Item>{t('reverse.effects.receipt')}</List.Item>
      </List>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm} data-autofocus>
          {t('reverse.confirmButton', { context: sale.kind })}
        </Button>
      </Group>
    </Modal>
  );
}
