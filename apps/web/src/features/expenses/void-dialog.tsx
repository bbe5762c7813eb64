import './styles';
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type Expense, expenseVoidBodySchema } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { isIdConflict } from '../../lib/api-error';
import { keyedWriteText, notifySuccess, notifyWarning } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { useVoidExpense } from './expenses-api';
import { useExpenseText } from './expense-text';
import { maxLengthOf } from '../../lib/validators';

function VoidForm({ expense, onClose }: { expense: Expense; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money } = useFormat(session.business);
  const { day } = useExpenseText();
  const voiding = useVoidExpense();
  const qc = useQueryClient();
  // The voiding entry's id is the idempotency key: kept across retries until it succeeds.
  const [id] = useState(() => uuidv7());
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async () => {
    if (!reason.trim()) return setError(t('expenses.errors.reason'));
    setError(null);
    try {
      await voiding.mutateAsync({ expenseId: expense.id, id, reason: reason.trim() });
      notifySuccess(t('expenses.voided', { amount: money(expense.amount), category: expense.category_name }));
      onClose();
    } catch (err) {
      // 409: voided already under this id with the reason first sent (its answer was lost): it
      // stands; voiding again would be refused (once per expense)
      if (isIdConflict(err)) {
        notifyWarning(t('expenses.voidedEarlier', { category: expense.category_name }));
        void qc.invalidateQueries({ queryKey: ['expenses'] });
        return onClose();
      }
      setFormError(
        keyedWriteText(err, {
          already_voided: t('expenses.errors.alreadyVoided'),
          'validation_failed:reason': t('expenses.errors.reason'),
          location_not_allowed: t('debtors.errors.location'),
        }),
      );
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
        <Text size="sm" data-testid="void-explainer">
          {t('expenses.voidExplain', {
            amount: money(expense.amount),
            category: expense.category_name,
            date: day(expense.date),
            negative: money(-expense.amount),
          })}
        </Text>
        <Textarea
          label={t('expenses.voidReason')}
          required
          data-autofocus
          autosize
          minRows={2}
          maxLength={maxLengthOf(expenseVoidBodySchema.shape.reason)}
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
          <Button type="submit" color="red" loading={voiding.isPending}>
            {t('expenses.voidConfirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Voiding an expense: a new, opposite entry with a reason; the expense itself stays. */
export function VoidDialog({ expense, onClose }: { expense: Expense | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={!!expense}
      onClose={onClose}
      title={t('expenses.voidTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {expense && <VoidForm key={expense.id} expense={expense} onClose={onClose} />}
    </Modal>
  );
}
