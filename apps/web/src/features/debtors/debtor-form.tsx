import './styles';
import {
  Alert,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Debtor, debtorInputSchema } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { maxLengthOf } from '../../lib/validators';
import { type DebtorFormState, useDebtorForm } from './use-debtor-form';

/**
 * A debtor's details: name, phone, ID number, note; the credit limit and whether they may still
 * buy are an admin's (others see them read-only, and new debtors get the business default).
 */
export function DebtorDetailsForm({
  debtor,
  onSaved,
  onCancel,
}: {
  debtor: Debtor | null;
  onSaved: (d: Debtor) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const f = useDebtorForm(debtor, onSaved);
  const { v, set, errors } = f;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void f.submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('debtors.name')}
          required
          data-autofocus
          value={v.name}
          error={errors.name}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('debtors.phone')}
            type="tel"
            inputMode="tel"
            value={v.phone}
            error={errors.phone}
            onChange={(e) => set('phone', e.currentTarget.value)}
          />
          <TextInput
            label={t('debtors.idNumber')}
            value={v.id_number}
            error={errors.id_number}
            onChange={(e) => set('id_number', e.currentTarget.value)}
          />
        </SimpleGrid>
        <CreditFields debtor={debtor} form={f} />
        <Textarea
          label={t('debtors.note')}
          autosize
          minRows={2}
          maxLength={maxLengthOf(debtorInputSchema.shape.note)}
          value={v.note}
          error={errors.note}
          onChange={(e) => set('note', e.currentTarget.value)}
        />
        {f.formError && (
          <Alert color="red" role="alert">
            {f.formError}
          </Alert>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={f.saving}>
            {debtor ? t('common.save') : t('debtors.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The credit limit and "may still buy": fields for an admin, read-only words for others. */
function CreditFields({ debtor, form: f }: { debtor: Debtor | null; form: DebtorFormState }) {
  const { t } = useTranslation();
  const { business } = useSession();
  const { money } = useFormat(business);
  const { admin, v, set, errors } = f;
  return (
    <>
      {admin ? (
        <TextInput
          label={t('debtors.limit')}
          description={t('debtors.limitHint')}
          inputMode="decimal"
          leftSection={<Text size="xs">{business.currency}</Text>}
          leftSectionWidth={44}
          value={v.limit}
          error={errors.credit_limit}
          onChange={(e) => set('limit', e.currentTarget.value)}
        />
      ) : (
        <Text size="sm" c="dimmed" data-testid="limit-readonly">
          {debtor
            ? t('debtors.limitReadOnly', { limit: money(debtor.credit_limit) })
            : t('debtors.limitDefault', { limit: money(business.default_credit_limit) })}
        </Text>
      )}
      {debtor &&
        (admin ? (
          <Switch
            label={t('debtors.active')}
            description={t('debtors.activeHint')}
            checked={v.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
        ) : (
          !debtor.active && (
            <Text size="sm" c="dimmed">
              {t('debtors.inactiveReadOnly')}
            </Text>
          )
        ))}
    </>
  );
}

/** Adding a debtor from the list. */
export function DebtorForm({
  opened,
  debtor,
  onClose,
  onSaved,
}: {
  opened: boolean;
  debtor: Debtor | null;
  onClose: () => void;
  onSaved: (d: Debtor) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={debtor ? t('debtors.edit') : t('debtors.add')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <DebtorDetailsForm debtor={debtor} onSaved={onSaved} onCancel={onClose} />}
    </Modal>
  );
}
