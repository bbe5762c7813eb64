import { useState } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Group,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { currencyMinorDigits, isAdminRole, parseMoney } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { todayIn } from '../../lib/date-range';
import { useAllowedLocations } from '../stock';
import { useProviders, PaymentMethodFields } from '../transfers';
import { useExpenseCategories, useRecordExpense } from './expenses-api';
import { SlipField } from './slip-field';
import { refusalField, refusalText } from '../../lib/notify';

type Method = 'cash' | 'transfer';
const FIELDS = [
  'date',
  'category_id',
  'amount',
  'provider_id',
  'reference',
  'location_id',
  'note',
  'img',
  'image',
];

function ExpenseFields({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const admin = isAdminRole(session.user.role);
  const digits = currencyMinorDigits(session.business.currency);
  const { money } = useFormat(session.business);
  const today = todayIn(session.business.timezone);
  const categories = useExpenseCategories();
  const providers = useProviders();
  const locations = useAllowedLocations();
  const record = useRecordExpense();
  // The expense's id is its idempotency key: kept across retries until it succeeds.
  const [id] = useState(() => uuidv7());
  const [date, setDate] = useState(today);
  const [category, setCategory] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<Method>('cash');
  const [provider, setProvider] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [location, setLocation] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const loc = location ?? (locations.home || null);
  const activeCategories = (categories.data ?? []).filter((c) => c.active);

  const submit = async () => {
    const e: Record<string, string> = {};
    const minor = parseMoney(amount, digits);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) e.date = t('expenses.errors.date');
    else if (date > today) e.date = t('expenses.errors.futureDate');
    if (!category) e.category_id = t('expenses.errors.category');
    if (minor === null || minor <= 0) e.amount = t('debtors.errors.amount');
    if (!loc) e.location_id = t('debtors.errors.location');
    if (method === 'transfer' && !provider) e.provider_id = t('transfers.errors.provider');
    setErrors(e);
    setFormError(null);
    if (Object.keys(e).length) return;
    try {
      const saved = await record.mutateAsync({
        id,
        date,
        category_id: category!,
        amount: minor!,
        method,
        location_id: loc!,
        note: note.trim(),
        image,
        ...(method === 'transfer'
          ? { provider_id: provider!, ...(reference.trim() ? { reference: reference.trim() } : {}) }
          : {}),
      });
      notifySuccess(t('expenses.created', { amount: money(saved.amount), category: saved.category_name }));
      onDone();
    } catch (err) {
      const field = refusalField(err);
      const msg = refusalText(err, {
        'validation_failed:date': t('expenses.errors.futureDate'),
        'validation_failed:category_id': t('expenses.errors.category'),
        'validation_failed:provider_id': t('transfers.errors.provider'),
        'validation_failed:img': t('expenses.errors.slip'),
        'validation_failed:image': t('expenses.errors.slip'),
        location_not_allowed: t('debtors.errors.location'),
      });
      if (field && FIELDS.includes(field)) setErrors({ [field === 'img' ? 'image' : field]: msg });
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
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            type="date"
            label={t('expenses.date')}
            required
            max={today}
            value={date}
            error={errors.date}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <Select
            label={t('expenses.category')}
            required
            searchable
            data={activeCategories.map((c) => ({ value: c.id, label: c.name }))}
            value={category}
            onChange={setCategory}
            error={errors.category_id}
            nothingFoundMessage={t('expenses.noCategoryMatch')}
          />
        </SimpleGrid>
        {categories.isSuccess && activeCategories.length === 0 && (
          <Alert color="yellow">{admin ? t('expenses.noCategoriesAdmin') : t('expenses.noCategories')}</Alert>
        )}
        <TextInput
          label={t('expenses.amount')}
          required
          data-autofocus
          inputMode="decimal"
          leftSection={<Text size="xs">{session.business.currency}</Text>}
          leftSectionWidth={44}
          value={amount}
          error={errors.amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
        />
        <PaymentMethodFields
          id="expense-method"
          label={t('expenses.paidBy')}
          method={method}
          onMethod={setMethod}
          providers={providers.data ?? []}
          provider={provider}
          onProvider={setProvider}
          reference={reference}
          onReference={setReference}
          referenceRequired={false}
          errors={errors}
        />
        <Select
          label={t('debtors.location')}
          required
          allowDeselect={false}
          data={locations.allowed.map((l) => ({ value: l.id, label: l.name }))}
          value={loc}
          onChange={setLocation}
          error={errors.location_id}
        />
        <Textarea
          label={t('expenses.note')}
          autosize
          minRows={2}
          maxLength={500}
          value={note}
          error={errors.note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <SlipField value={image} onChange={setImage} error={errors.image} />
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={record.isPending}>
            {t('expenses.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adding an expense, with an optional photo of the slip. */
export function ExpenseForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t('expenses.add')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {opened && <ExpenseFields onDone={onClose} />}
    </Drawer>
  );
}
