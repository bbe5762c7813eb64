import './styles';
import { useState } from 'react';
import { Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Debtor, currencyMinorDigits, debtorPayoutBodySchema } from '@duka/domain';
import { ApiError } from '../../lib/api-error';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { typedMoney } from '../../lib/typed-number';
import { maxLengthOf } from '../../lib/validators';
import { moneyText, useAllowedLocations } from '../stock';
import { usePayOutCredit } from './debtors-api';
import {
  type LedgerDone,
  LedgerDialog,
  LedgerDoneView,
  LedgerWriteForm,
  useLedgerDone,
  useLedgerWrite,
} from './ledger-write';
import { LocationField } from './location-field';

/** What the debtor has in credit: the shop owes them a balance below zero. */
export const creditOf = (debtor: Pick<Debtor, 'balance'>) => Math.max(-debtor.balance, 0);

interface FormProps {
  debtor: Debtor;
  onClose: () => void;
  /** Paid out (or an earlier version of the form was): its answer, whose receipt the dialog shows. */
  onDone: (done: LedgerDone) => void;
}

/** The amount (the whole credit to start with), where the cash leaves, and a reason, checked and sent. */
function PayoutForm({ debtor, onClose, onDone }: FormProps) {
  const { t } = useTranslation();
  const { business } = useSession();
  const { money } = useFormat(business);
  const digits = currencyMinorDigits(business.currency);
  const credit = creditOf(debtor);
  const locations = useAllowedLocations();
  const paying = usePayOutCredit(debtor.id);
  const { send, formError } = useLedgerWrite(onClose);
  const [amount, setAmount] = useState(() => moneyText(credit, digits));
  const [reason, setReason] = useState('');
  const [location, setLocation] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | undefined>();
  const loc = location ?? (locations.home || null);
  const overCredit = (c: number) =>
    c > 0
      ? t('debtors.errors.payoutOverCredit', { name: debtor.name, credit: money(c) })
      : t('debtors.errors.payoutNoCredit', { name: debtor.name });

  const submit = () => {
    const minor = typedMoney(amount, digits);
    const error =
      minor === null || minor <= 0
        ? t('debtors.errors.amount')
        : minor > credit
          ? overCredit(credit)
          : undefined;
    setAmountError(error);
    if (error || minor === null) return;
    // the locations not read yet: the server takes the admin's home location
    const where = loc ? { location_id: loc } : {};
    void send((id) => paying.mutateAsync({ id, amount: minor, reason: reason.trim(), ...where }), {
      // its receipt, to print: the cash handed over opens the drawer at its first print
      show: onDone,
      earlier: t('debtors.paidOutEarlier'),
      known: (err) => ({
        // the credit changed meanwhile (used by a sale, paid out elsewhere): the server says what it is now
        payout_exceeds_credit: overCredit(
          (err instanceof ApiError && err.paramsOf('payout_exceeds_credit')?.credit) || 0,
        ),
        'validation_failed:amount': t('debtors.errors.amount'),
        location_not_allowed: t('debtors.errors.location'),
        location_required: t('debtors.errors.location'),
        not_found: t('debtors.gone'),
      }),
    });
  };

  return (
    <LedgerWriteForm
      explainer={t('debtors.payoutExplain', { name: debtor.name, credit: money(credit) })}
      explainerTestId="payout-explainer"
      formError={formError}
      confirm={t('debtors.payoutConfirm')}
      pending={paying.isPending}
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextInput
        label={t('debtors.amount')}
        required
        data-autofocus
        inputMode="decimal"
        leftSection={<Text size="xs">{business.currency}</Text>}
        leftSectionWidth={44}
        value={amount}
        error={amountError}
        onChange={(e) => setAmount(e.currentTarget.value)}
      />
      {/* a location refused by the server shows with the form's refusal */}
      <LocationField allowed={locations.allowed} value={loc} onChange={setLocation} />
      <TextInput
        label={t('debtors.payoutReason')}
        maxLength={maxLengthOf(debtorPayoutBodySchema.shape.reason)}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
    </LedgerWriteForm>
  );
}

/**
 * Handing a debtor's credit back in cash (an admin's): a new entry, the balance back toward zero;
 * once paid out, its receipt is shown to print (for the customer to sign; its first print opens
 * the cash drawer). The form is made afresh at each opening (the whole credit, a new id).
 */
export function PayoutDialog({
  debtor,
  opened,
  onClose,
}: {
  debtor: Debtor;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { money } = useFormat(useSession().business);
  const { done, setDone, close } = useLedgerDone(onClose);
  return (
    <LedgerDialog
      opened={opened}
      onClose={close}
      title={done ? t('debtors.payoutSaved') : t('debtors.payoutTitle', { name: debtor.name })}
    >
      {done ? (
        // what was paid out on which receipt, the balance after it, and its receipt to print
        <LedgerDoneView
          done={done}
          keys={{ done: 'debtors.payoutDone', earlier: 'debtors.paidOutEarlierReceipt' }}
          params={{ amount: money(-done.entry.amount), no: done.entry.receipt_no }}
          testId="payout-done"
          onClose={close}
        />
      ) : (
        opened && <PayoutForm debtor={debtor} onClose={close} onDone={setDone} />
      )}
    </LedgerDialog>
  );
}
