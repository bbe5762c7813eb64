import './styles';
import { type ReactNode, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import type { DebtorPayment } from '@duka/domain';
import { isIdConflict } from '../../lib/api-error';
import { balanceWords } from '../../lib/balance-words';
import type { KnownRefusals } from '../../lib/error-words';
import { useFormat } from '../../lib/format';
import { keyedWriteText, notifyWarning } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { PrintReceiptButton } from '../printing';
import { ReceiptPreview } from '../receipts';
import { fetchPayment } from './debtors-api';

/**
 * An admin's write on a debtor's ledger (a payment voided, a credit paid out): a new entry, never
 * an edit. Shared by their dialogs: the dialog itself, its form, and its sending.
 */

/** The dialog of such a write. */
export function LedgerDialog({
  opened,
  title,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {children}
    </Modal>
  );
}

/** Its form: what it does, its fields, a refusal in words, Cancel and the confirming button. */
export function LedgerWriteForm({
  explainer,
  explainerTestId,
  formError,
  confirm,
  pending,
  onSubmit,
  onCancel,
  children,
}: {
  explainer: string;
  explainerTestId: string;
  formError: string | null;
  confirm: string;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" data-testid={explainerTestId}>
          {explainer}
        </Text>
        {children}
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={pending}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A write done: what it did (or that an earlier version of its form was recorded), and its receipt to print. */
export interface LedgerDone {
  entry: DebtorPayment;
  /** An earlier version of the form was recorded under its id while its answer was lost: this is that one. */
  earlier: boolean;
}

/**
 * A write's answer in the dialog: what it did in words (`keys.done`, or `keys.earlier` as a warning
 * when an earlier version of the form was recorded), its receipt, Print and Done. The words get
 * `params` and the entry's debtor (`name`), receipt (`receipt`) and balance after it (`balance`).
 */
export function LedgerDoneView({
  done,
  keys,
  params,
  testId,
  onClose,
}: {
  done: LedgerDone;
  keys: { done: string; earlier: string };
  params: Record<string, string>;
  testId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { money } = useFormat(useSession().business);
  const { entry } = done;
  const words = {
    ...params,
    name: entry.debtor_name,
    receipt: entry.receipt_no,
    balance: balanceWords(entry.balance_after, money, t),
  };
  const Icon = done.earlier ? IconAlertTriangle : IconCircleCheck;
  return (
    <Stack gap="sm" data-testid={testId}>
      <Alert color={done.earlier ? 'yellow' : 'teal'} icon={<Icon size={18} aria-hidden />}>
        {t(done.earlier ? keys.earlier : keys.done, words)}
      </Alert>
      <ReceiptPreview receiptNo={entry.receipt_no} />
      <Group justify="flex-end">
        <PrintReceiptButton receiptNo={entry.receipt_no} />
        <Button onClick={onClose}>{t('debtors.done')}</Button>
      </Group>
    </Stack>
  );
}

/** A dialog's write and its answer: null while the form shows, the answer once done; closing forgets it. */
export function useLedgerDone(onClose: () => void) {
  const [done, setDone] = useState<LedgerDone | null>(null);
  const close = () => {
    setDone(null);
    onClose();
  };
  return { done, setDone, close };
}

/**
 * Its sending, under an id of its own kept across retries until it succeeds (the idempotency
 * key): done, the dialog shows the answer (`show`: its receipt, to print). A 409 on the id is an
 * earlier version of the form recorded while its answer was lost, which stands: the entry stored
 * under the id is read and shown as that (`earlier` in words, and the dialog closes, when it cannot
 * be read). Any other refusal shows in the form, in words (`known`, else the app's words for its
 * code).
 */
export function useLedgerWrite(onClose: () => void) {
  const [id] = useState(() => uuidv7());
  const [formError, setFormError] = useState<string | null>(null);
  const send = async (
    write: (id: string) => Promise<DebtorPayment>,
    words: { show: (done: LedgerDone) => void; earlier: string; known: (err: unknown) => KnownRefusals },
  ) => {
    setFormError(null);
    try {
      words.show({ entry: await write(id), earlier: false });
    } catch (err) {
      if (!isIdConflict(err)) return setFormError(keyedWriteText(err, words.known(err)));
      const stored = await fetchPayment(id).catch((e: unknown) => {
        console.error('Reading the entry stored under this id failed', e);
        return null;
      });
      if (stored) return words.show({ entry: stored, earlier: true });
      notifyWarning(words.earlier);
      onClose();
    }
  };
  return { send, formError };
}
