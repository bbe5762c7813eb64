import './styles';
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type Debtor, type Statement, debtorPaymentVoidBodySchema, isAdminRole } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { isIdConflict } from '../../lib/api-error';
import { keyedWriteText, notifySuccess, notifyWarning } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { maxLengthOf } from '../../lib/validators';
import { useVoidPayment } from './debtors-api';

export type StatementEntry = Statement['entries'][number];

/** Whether this user may void payments: an admin's correction (the server refuses anyone else). */
export function useMayVoidPayments(): boolean {
  return isAdminRole(useSession().user.role);
}

/** A voided payment is struck through where its amount shows. */
export const struck = (e: StatementEntry) => (e.voided ? { textDecoration: 'line-through' } : undefined);

/**
 * Beside a payment in the statement: "Voided" with the reason once it was voided, else the admin's
 * "Void" to open the dialog; nothing on other entries.
 */
export function PaymentVoidState({
  entry,
  onVoid,
}: {
  entry: StatementEntry;
  onVoid: (e: StatementEntry) => void;
}) {
  const { t } = useTranslation();
  const { money } = useFormat(useSession().business);
  const mayVoid = useMayVoidPayments();
  if (entry.kind !== 'payment') return null;
  if (entry.voided)
    return (
      <Group gap={6} wrap="wrap" data-testid={`voided-${entry.receipt_no}`}>
        <Badge size="xs" color="red" variant="outline">
          {t('debtors.voidedBadge')}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('debtors.voidedBecause', { reason: entry.voided.reason, no: entry.voided.receipt_no })}
        </Text>
      </Group>
    );
  if (!mayVoid || !entry.payment_id) return null;
  return (
    <Button
      variant="subtle"
      color="red"
      size="compact-xs"
      onClick={() => onVoid(entry)}
      aria-label={t('debtors.voidOne', { no: entry.receipt_no, amount: money(-entry.amount) })}
    >
      {t('debtors.void')}
    </Button>
  );
}

/** The void's submit: the reason checked, the void sent once under its id, a refusal in words. */
function useVoidSubmit(debtor: Debtor, entry: StatementEntry, onClose: () => void) {
  const { t } = useTranslation();
  const { money } = useFormat(useSession().business);
  const voiding = useVoidPayment(debtor.id);
  // The void's id is the idempotency key: kept across retries until it succeeds.
  const [id] = useState(() => uuidv7());
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (reason: string) => {
    if (!reason.trim()) return setError(t('debtors.errors.voidReason'));
    setError(null);
    try {
      await voiding.mutateAsync({ paymentId: entry.payment_id!, id, reason: reason.trim() });
      notifySuccess(t('debtors.voidedPayment', { amount: money(-entry.amount), no: entry.receipt_no }));
      onClose();
    } catch (err) {
      // 409: voided already under this id with the reason first sent (its answer was lost): it
      // stands; another void would be refused (once per payment)
      if (isIdConflict(err)) {
        notifyWarning(t('debtors.voidedEarlier', { no: entry.receipt_no }));
        return onClose();
      }
      setFormError(
        keyedWriteText(err, {
          already_voided: t('debtors.errors.alreadyVoided'),
          'validation_failed:reason': t('debtors.errors.voidReason'),
          not_found: t('debtors.errors.paymentGone'),
        }),
      );
    }
  };
  return { submit, error, formError, pending: voiding.isPending };
}

function VoidForm({
  debtor,
  entry,
  onClose,
}: {
  debtor: Debtor;
  entry: StatementEntry;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { money, dateTime } = useFormat(useSession().business);
  const [reason, setReason] = useState('');
  const { submit, error, formError, pending } = useVoidSubmit(debtor, entry, onClose);
  const amount = money(-entry.amount);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(reason);
      }}
    >
      <Stack gap="sm">
        <Text size="sm" data-testid="void-payment-explainer">
          {t('debtors.voidExplain', {
            amount,
            no: entry.receipt_no,
            when: dateTime(entry.created_at),
            name: debtor.name,
          })}
        </Text>
        <TextInput
          label={t('debtors.voidReason')}
          required
          data-autofocus
          maxLength={maxLengthOf(debtorPaymentVoidBodySchema.shape.reason)}
          value={reason}
          error={error}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={pending}>
            {t('debtors.voidConfirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Voiding a payment: a reason, then a new, opposite entry; the payment itself stays. */
export function PaymentVoidDialog({
  debtor,
  entry,
  onClose,
}: {
  debtor: Debtor;
  entry: StatementEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={!!entry}
      onClose={onClose}
      title={t('debtors.voidTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {entry && <VoidForm key={entry.id} debtor={debtor} entry={entry} onClose={onClose} />}
    </Modal>
  );
}
