import './styles';
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Debtor, type DebtorPayment, debtorPaymentBodySchema } from '@duka/domain';
import { TABULAR, useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { maxLengthOf } from '../../lib/validators';
import { PrintReceiptButton } from '../printing';
import { ReceiptPreview } from '../receipts';
import { moneyText } from '../stock';
import { PaymentMethodFields } from '../transfers';
import { LocationField } from './location-field';
import { type PaymentFormState, usePaymentForm } from './use-payment-form';

function PaymentForm({ debtor, onDone }: { debtor: Debtor; onDone: (p: DebtorPayment) => void }) {
  const { t } = useTranslation();
  const f = usePaymentForm(debtor, onDone);
  const { errors, locations, providers } = f;
  const active = (providers.data ?? []).filter((p) => p.active);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void f.submit();
      }}
    >
      <Stack gap="sm">
        <AmountRow debtor={debtor} form={f} />
        <PaymentMethodFields
          id="pay-method"
          label={t('debtors.method')}
          method={f.method}
          onMethod={f.setMethod}
          providers={providers.data ?? []}
          provider={f.provider}
          onProvider={f.setProvider}
          reference={f.reference}
          onReference={f.setReference}
          referenceRequired={true}
          errors={errors}
        />
        {f.method === 'transfer' && providers.isSuccess && active.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('transfers.noProvidersHint')}
          </Text>
        )}
        <LocationField
          allowed={locations.allowed}
          value={f.loc}
          onChange={f.setLocation}
          error={errors.location_id}
        />
        <TextInput
          label={t('debtors.note')}
          maxLength={maxLengthOf(debtorPaymentBodySchema.shape.note)}
          value={f.note}
          onChange={(e) => f.setNote(e.currentTarget.value)}
        />
        {f.warning && (
          <Alert color="yellow" role="alert" data-testid="payment-warning">
            {f.warning}
          </Alert>
        )}
        {f.formError && (
          <Alert color="red" role="alert">
            {f.formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={f.saving}>
            {t('debtors.savePayment')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the debtor owes now, the amount paid, and "the full balance". */
function AmountRow({ debtor, form: f }: { debtor: Debtor; form: PaymentFormState }) {
  const { t } = useTranslation();
  const { business } = useSession();
  const { money } = useFormat(business);
  return (
    <>
      <Text size="sm">
        {t('debtors.owesNow', { name: debtor.name })}{' '}
        <Text span fw={700} style={TABULAR}>
          {money(debtor.balance)}
        </Text>
      </Text>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={t('debtors.amount')}
          required
          data-autofocus
          inputMode="decimal"
          leftSection={<Text size="xs">{business.currency}</Text>}
          leftSectionWidth={44}
          value={f.amount}
          error={f.errors.amount}
          onChange={(e) => f.setAmount(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          onClick={() => f.setAmount(moneyText(debtor.balance, f.digits))}
          mb={f.errors.amount ? 22 : 0}
        >
          {t('debtors.fullBalance')}
        </Button>
      </Group>
    </>
  );
}

/** Record money a debtor paid back; once saved, its receipt is shown. */
export function PaymentDialog({
  debtor,
  opened,
  onClose,
}: {
  debtor: Debtor;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const { money } = useFormat(session.business);
  const [done, setDone] = useState<DebtorPayment | null>(null);
  const [round, setRound] = useState(0);
  const close = () => {
    setDone(null);
    setRound((r) => r + 1);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={done ? t('debtors.paymentSaved') : t('debtors.recordPaymentOf', { name: debtor.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size={done ? 'md' : 'lg'}
    >
      {done ? (
        <Stack gap="sm" data-testid="payment-done">
          <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />}>
            {t('debtors.paymentDone', {
              amount: money(done.amount),
              no: done.receipt_no,
              balance: money(done.balance_after),
            })}
          </Alert>
          <ReceiptPreview receiptNo={done.receipt_no} />
          <Group justify="flex-end">
            <PrintReceiptButton receiptNo={done.receipt_no} />
            <Button onClick={close}>{t('debtors.done')}</Button>
          </Group>
        </Stack>
      ) : (
        opened && <PaymentForm key={round} debtor={debtor} onDone={setDone} />
      )}
    </Modal>
  );
}
