import './styles';
import {
  Alert,
  Button,
  Drawer,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { expenseBodySchema } from '@duka/domain';
import { useSession } from '../../lib/session-context';
import { maxLengthOf } from '../../lib/validators';
import { PaymentMethodFields } from '../transfers';
import { SlipField } from './slip-field';
import { type ExpenseFormState, useExpenseForm } from './use-expense-form';
import { VerticalScroll } from '../../components/vertical-scroll';
import { DayInput } from '../../components/day-input';

function ExpenseFields({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { business } = useSession();
  const f = useExpenseForm(onDone);
  const { errors } = f;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void f.submit();
      }}
    >
      <Stack gap="sm">
        <DayAndCategory form={f} />
        <TextInput
          label={t('expenses.amount')}
          required
          data-autofocus
          inputMode="decimal"
          leftSection={<Text size="xs">{business.currency}</Text>}
          leftSectionWidth={44}
          value={f.amount}
          error={errors.amount}
          onChange={(e) => f.setAmount(e.currentTarget.value)}
        />
        <PaymentMethodFields
          id="expense-method"
          label={t('expenses.paidBy')}
          method={f.method}
          onMethod={f.setMethod}
          providers={f.providers.data ?? []}
          provider={f.provider}
          onProvider={f.setProvider}
          reference={f.reference}
          onReference={f.setReference}
          referenceRequired={false}
          errors={errors}
        />
        <Select
          label={t('debtors.location')}
          required
          allowDeselect={false}
          data={f.locations.allowed.map((l) => ({ value: l.id, label: l.name }))}
          value={f.loc}
          onChange={f.setLocation}
          error={errors.location_id}
        />
        <Textarea
          label={t('expenses.note')}
          autosize
          minRows={2}
          maxLength={maxLengthOf(expenseBodySchema.shape.note)}
          value={f.note}
          error={errors.note}
          onChange={(e) => f.setNote(e.currentTarget.value)}
        />
        <SlipField value={f.image} onChange={f.setImage} error={errors.image} />
        <FormAlerts warning={f.warning} error={f.formError} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={f.saving}>
            {t('expenses.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the server already holds under this expense's id (a warning), and a refusal. */
function FormAlerts({ warning, error }: { warning: string | null; error: string | null }) {
  return (
    <>
      {warning && (
        <Alert color="yellow" role="alert" data-testid="expense-warning">
          {warning}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}

/** The day (not after today) and the category (active ones; a hint when there are none). */
function DayAndCategory({ form: f }: { form: ExpenseFormState }) {
  const { t } = useTranslation();
  const activeCategories = (f.categories.data ?? []).filter((c) => c.active);
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <DayInput
          label={t('expenses.date')}
          required
          max={f.today}
          value={f.date}
          error={f.errors.date}
          onChange={f.setDate}
          onWrongText={f.setDateWrong}
        />
        <Select
          label={t('expenses.category')}
          required
          searchable
          data={activeCategories.map((c) => ({ value: c.id, label: c.name }))}
          value={f.category}
          onChange={f.setCategory}
          error={f.errors.category_id}
          nothingFoundMessage={t('expenses.noCategoryMatch')}
        />
      </SimpleGrid>
      {f.categories.isSuccess && activeCategories.length === 0 && (
        <Alert color="yellow">{f.admin ? t('expenses.noCategoriesAdmin') : t('expenses.noCategories')}</Alert>
      )}
    </>
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
      scrollAreaComponent={VerticalScroll}
    >
      {opened && <ExpenseFields onDone={onClose} />}
    </Drawer>
  );
}
