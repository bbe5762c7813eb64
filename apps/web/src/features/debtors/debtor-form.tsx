import { useState } from 'react';
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
import { v7 as uuidv7 } from 'uuid';
import { type Debtor, currencyMinorDigits, isAdminRole, parseMoney } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { moneyText } from '../stock';
import { type DebtorFields, useSaveDebtor } from './debtors-api';
import { refusalField, refusalText } from '../../lib/notify';

const PHONE = /^\+?[0-9 ]{7,20}$/;
const FIELDS = ['name', 'phone', 'id_number', 'credit_limit', 'note'];

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
  const session = useSession();
  const admin = isAdminRole(session.user.role);
  const digits = currencyMinorDigits(session.business.currency);
  const { money } = useFormat(session.business);
  const save = useSaveDebtor();
  const [newId, setNewId] = useState(() => uuidv7());
  const [v, setV] = useState({
    name: debtor?.name ?? '',
    phone: debtor?.phone ?? '',
    id_number: debtor?.id_number ?? '',
    note: debtor?.note ?? '',
    limit: moneyText(debtor?.credit_limit ?? session.business.default_credit_limit, digits),
    active: debtor?.active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (k: keyof typeof v, value: string | boolean) => setV((o) => ({ ...o, [k]: value }));

  const submit = async () => {
    const e: Record<string, string> = {};
    const limit = parseMoney(v.limit, digits);
    if (!v.name.trim()) e.name = t('debtors.errors.name');
    if (v.phone.trim() && !PHONE.test(v.phone.trim())) e.phone = t('debtors.errors.phone');
    if (admin && (limit === null || limit < 0)) e.credit_limit = t('debtors.errors.amount');
    setErrors(e);
    setFormError(null);
    if (Object.keys(e).length) return;
    const body: DebtorFields & { id?: string } = {
      name: v.name.trim(),
      phone: v.phone.trim(),
      id_number: v.id_number.trim(),
      note: v.note.trim(),
      ...(admin ? { credit_limit: limit! } : {}),
      ...(admin && debtor ? { active: v.active } : {}),
      ...(debtor ? {} : { id: newId }),
    };
    try {
      const saved = await save.mutateAsync({ id: debtor?.id ?? null, body });
      notifySuccess(
        debtor ? t('debtors.updated', { name: saved.name }) : t('debtors.created', { name: saved.name }),
      );
      if (!debtor) setNewId(uuidv7());
      onSaved(saved);
    } catch (err) {
      const field = refusalField(err);
      const msg = refusalText(err, {
        'validation_failed:phone': t('debtors.errors.phone'),
        'validation_failed:name': t('debtors.errors.name'),
        'forbidden:credit_limit': t('debtors.errors.limitAdminOnly'),
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
        {admin ? (
          <TextInput
            label={t('debtors.limit')}
            description={t('debtors.limitHint')}
            inputMode="decimal"
            leftSection={<Text size="xs">{session.business.currency}</Text>}
            leftSectionWidth={44}
            value={v.limit}
            error={errors.credit_limit}
            onChange={(e) => set('limit', e.currentTarget.value)}
          />
        ) : (
          <Text size="sm" c="dimmed" data-testid="limit-readonly">
            {debtor
              ? t('debtors.limitReadOnly', { limit: money(debtor.credit_limit) })
              : t('debtors.limitDefault', { limit: money(session.business.default_credit_limit) })}
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
        <Textarea
          label={t('debtors.note')}
          autosize
          minRows={2}
          maxLength={500}
          value={v.note}
          error={errors.note}
          onChange={(e) => set('note', e.currentTarget.value)}
        />
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {debtor ? t('common.save') : t('debtors.create')}
          </Button>
        </Group>
      </Stack>
    </form>
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
