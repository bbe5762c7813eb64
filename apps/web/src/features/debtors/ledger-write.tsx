import './styles';
import { type ReactNode, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { isIdConflict } from '../../lib/api-error';
import type { KnownRefusals } from '../../lib/error-words';
import { keyedWriteText, notifySuccess, notifyWarning } from '../../lib/notify';

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

/**
 * What a write does once done: a toast of `done` and the dialog closes, or the dialog shows the
 * answer (`show`: a pay-out's receipt, to print).
 */
type Done<T> = { done: (answer: T) => string } | { show: (answer: T) => void };

/**
 * Its sending, under an id of its own kept across retries until it succeeds (the idempotency
 * key): done, a toast and the dialog closes (or the dialog shows the answer); a 409 on the id is
 * an earlier version of the form recorded while its answer was lost, which stands (`earlier`, and
 * the dialog closes); any other refusal shows in the form, in words (`known`, else the app's words
 * for its code).
 */
export function useLedgerWrite(onClose: () => void) {
  const [id] = useState(() => uuidv7());
  const [formError, setFormError] = useState<string | null>(null);
  const send = async <T,>(
    write: (id: string) => Promise<T>,
    words: Done<T> & { earlier: string; known: (err: unknown) => KnownRefusals },
  ) => {
    setFormError(null);
    try {
      const answer = await write(id);
      if ('show' in words) return words.show(answer);
      notifySuccess(words.done(answer));
      onClose();
    } catch (err) {
      if (isIdConflict(err)) {
        notifyWarning(words.earlier);
        return onClose();
      }
      setFormError(keyedWriteText(err, words.known(err)));
    }
  };
  return { send, formError };
}
