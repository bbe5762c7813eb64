import './styles';
import { useState } from 'react';
import { Badge, Button, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Debtor, type Statement, debtorPaymentVoidBodySchema, isAdminRole } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { maxLengthOf } from '../../lib/validators';
import { useVoidPayment } from './debtors-api';
import {
  type LedgerDone,
  LedgerDialog,
  LedgerDoneView,
  LedgerWriteForm,
  useLedgerDone,
  useLedgerWrite,
} from './ledger-write';

export type StatementEntry = Statement['entries'][number];

/**
 * Whether this user may void payments, or pay a credit out: an admin's (the server refuses anyone
 * else).
 */
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

function VoidForm({
  debtor,
  entry,
  onClose,
  onDone,
}: {
  debtor: Debtor;
  entry: StatementEntry;
  onClose: () => void;
  /** Voided (or an earlier version of the form was): the void, whose receipt the dialog shows. */
  onDone: (done: LedgerDone) => void;
}) {
  const { t } = useTranslation();
  const { money, dateTime } = useFormat(useSession().business);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const voiding = useVoidPayment(debtor.id);
  const { send, formError } = useLedgerWrite(onClose);
  const amount = money(-entry.amount);

  const submit = () => {
    if (!reason.trim()) return setError(t('debtors.errors.voidReason'));
    setError(null);
    void send((id) => voiding.mutateAsync({ paymentId: entry.payment_id!, id, reason: reason.trim() }), {
      show: onDone,
      // voided already under this id with the reason first sent (its answer was lost): it stands;
      // another void would be refused (once per payment)
      earlier: t('debtors.voidedEarlier', { no: entry.receipt_no }),
      known: () => ({
        already_voided: t('debtors.errors.alreadyVoided'),
        'validation_failed:reason': t('debtors.errors.voidReason'),
        not_found: t('debtors.errors.paymentGone'),
      }),
    });
  };

  return (
    <LedgerWriteForm
      explainer={t('debtors.voidExplain', {
        amount,
        no: entry.receipt_no,
        when: dateTime(entry.created_at),
        name: debtor.name,
      })}
      explainerTestId="void-payment-explainer"
      formError={formError}
      confirm={t('debtors.voidConfirm')}
      pending={voiding.isPending}
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextInput
        label={t('debtors.voidReason')}
        required
        data-autofocus
        maxLength={maxLengthOf(debtorPaymentVoidBodySchema.shape.reason)}
        value={reason}
        error={error}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
    </LedgerWriteForm>
  );
}

/**
 * Voiding a payment: a reason, then a new, opposite entry (the payment itself stays), whose
 * receipt ("Payment voided") is shown to print; it opens no cash drawer.
 */
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
  const { money } = useFormat(useSession().business);
  const { done, setDone, close } = useLedgerDone(onClose);
  // the payment voided, kept with its void: the statement drops its Void button once it reloads
  const [payment, setPayment] = useState<StatementEntry | null>(null);
  return (
    <LedgerDialog
      opened={!!entry || !!done}
      onClose={close}
      title={done ? t('debtors.voidSaved') : t('debtors.voidTitle')}
    >
      {done && payment ? (
        // which payment it voided on which receipt, the balance after it, and its receipt to print
        <LedgerDoneView
          done={done}
          keys={{ done: 'debtors.voidDone', earlier: 'debtors.voidedEarlierReceipt' }}
          params={{ amount: money(-payment.amount), no: payment.receipt_no }}
          testId="void-done"
          onClose={close}
        />
      ) : (
        entry && (
          <VoidForm
            key={entry.id}
            debtor={debtor}
            entry={entry}
            onClose={close}
            onDone={(d) => {
              setPayment(entry);
              setDone(d);
            }}
          />
        )
      )}
    </LedgerDialog>
  );
}
