import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type Debtor, type DebtorPayment, currencyMinorDigits, parseMoney } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { PrintReceiptButton } from '../printing';
import { ReceiptPreview } from '../receipts';
import { moneyText, useAllowedLocations } from '../stock';
import { PaymentMethodFields, useProviders } from '../transfers';
import { useRecordPayment } from './debtors-api';
import { refusalField, refusalText } from '../../lib/notify';
import { TABULAR } from '../../lib/format';

type Method = 'cash' | 'transfer';
const FIELDS = ['amount', 'provider_id', 'reference', 'location_id'];

function PaymentForm({ debtor, onDone }: { debtor: Debtor; onDone: (p: DebtorPayment) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const digits = currencyMinorDigits(session.business.currency);
  const { money } = useFormat(session.business);
  const locations = useAllowedLocations();
  const providers = useProviders();
  const active = (providers.data ?? []).filter((p) => p.active);
  const record = useRecordPayment(debtor.id);
  // The payment's id is its idempotency key: kept across retries until it succeeds.
  const [id] = useState(() => uuidv7());
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<Method>('cash');
  const [provider, setProvider] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [location, setLocation] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const loc = location ?? (locations.home || null);

  const submit = async () => {
    const e: Record<string, string> = {};
    const minor = parseMoney(amount, digits);
    if (minor === null || minor <= 0) e.amount = t('debtors.errors.amount');
    else if (minor > debtor.balance)
      e.amount = t('debtors.errors.overpayment', { name: debtor.name, balance: money(debtor.balance) });
    if (!loc) e.location_id = t('debtors.errors.location');
    if (method === 'transfer') {
      if (!provider) e.provider_id = t('transfers.errors.provider');
      if (!reference.trim()) e.reference = t('transfers.errors.reference');
    }
    setErrors(e);
    setFormError(null);
    if (Object.keys(e).length) return;
    try {
      const paid = await record.mutateAsync({
        id,
        amount: minor!,
        method,
        location_id: loc!,
        note: note.trim(),
        ...(method === 'transfer' ? { provider_id: provider!, reference: reference.trim() } : {}),
      });
      notifySuccess(t('debtors.paid', { amount: money(paid.amount), no: paid.receipt_no }));
      onDone(paid);
    } catch (err) {
      const field = refusalField(err);
      const msg = refusalText(err, {
        overpayment: t('debtors.errors.overpayment', { name: debtor.name, balance: money(debtor.balance) }),
        reference_used: t('transfers.errors.referenceUsed'),
        'validation_failed:provider_id': t('transfers.errors.provider'),
        'validation_failed:reference': t('transfers.errors.reference'),
        location_not_allowed: t('debtors.errors.location'),
      });
      if (field && FIELDS.includes(field)) setErrors({ [field]: msg });
      else setFormError(msg);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
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
            leftSection={<Text size="xs">{session.business.currency}</Text>}
            leftSectionWidth={44}
            value={amount}
            error={errors.amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            onClick={() => setAmount(moneyText(debtor.balance, digits))}
            mb={errors.amount ? 22 : 0}
          >
            {t('debtors.fullBalance')}
          </Button>
        </Group>
        <PaymentMethodFields
          id="pay-method"
          label={t('debtors.method')}
          method={method}
          onMethod={setMethod}
          providers={providers.data ?? []}
          provider={provider}
          onProvider={setProvider}
          reference={reference}
          onReference={setReference}
          referenceRequired={true}
          errors={errors}
        />
        {method === 'transfer' && providers.isSuccess && active.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('transfers.noProvidersHint')}
          </Text>
        )}
        {locations.allowed.length > 1 && (
          <Select
            label={t('debtors.location')}
            required
            allowDeselect={false}
            data={locations.allowed.map((l) => ({ value: l.id, label: l.name }))}
            value={loc}
            onChange={setLocation}
            error={errors.location_id}
          />
        )}
        {locations.allowed.length <= 1 && errors.location_id && (
          <Text size="sm" c="red" role="alert">
            {errors.location_id}
          </Text>
        )}
        <TextInput
          label={t('debtors.note')}
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={record.isPending}>
            {t('debtors.savePayment')}
          </Button>
        </Group>
      </Stack>
    </form>
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
