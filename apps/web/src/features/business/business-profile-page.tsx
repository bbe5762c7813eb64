import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { type Business, LANGUAGES, type Language } from '@duka/domain';
import { LANGUAGE_NAMES } from '../../components/language-picker';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-error';
import { useFormat } from '../../lib/format';
import { currencyOptions, timeZoneOptions } from '../../lib/intl-options';
import { describeApiError, notifyApiError, notifySuccess } from '../../lib/notify';
import { makeValidators } from '../../lib/validators';
import { useBusinessProfile, useSaveBusiness } from './business-api';
import { LogoField } from './logo-field';

type Values = Omit<Business, 'id' | 'logo' | 'updated_at' | 'online_offline'> & {
  online_offline: boolean;
  language: Language;
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

function ProfileForm({ business }: { business: Business }) {
  const { t, i18n } = useTranslation();
  const v = makeValidators(t);
  const save = useSaveBusiness();
  const { id: _id, logo: _logo, updated_at: _u, online_offline, ...rest } = business;
  const form = useForm<Values>({
    initialValues: { ...rest, online_offline: online_offline === 1 },
    validate: {
      name: (x) => v.required(x) ?? v.maxLength(80)(x),
      phone: v.optionalMobile,
      email: v.optionalEmail,
    },
  });
  const { money } = useFormat({ currency: form.values.currency, timezone: form.values.timezone });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, online_offline: values.online_offline ? 1 : 0 });
      notifySuccess(t('business.saved'));
      form.resetDirty();
    } catch (err) {
      const field = err instanceof ApiError ? err.field : undefined;
      if (field && field in form.values) form.setFieldError(field, describeApiError(err));
      else notifyApiError(err);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Section title={t('business.identity')}>
          <LogoField logo={business.logo} />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput label={t('business.name')} required {...form.getInputProps('name')} />
            <TextInput label={t('business.taxNumber')} {...form.getInputProps('tax_number')} />
            <TextInput label={t('business.phone')} type="tel" {...form.getInputProps('phone')} />
            <TextInput label={t('business.email')} type="email" {...form.getInputProps('email')} />
          </SimpleGrid>
          <Textarea label={t('business.address')} autosize minRows={2} {...form.getInputProps('address')} />
        </Section>
        <Section title={t('business.regional')}>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <Select
              label={t('business.currency')}
              searchable
              allowDeselect={false}
              data={currencyOptions(i18n.language)}
              {...form.getInputProps('currency')}
            />
            <Select
              label={t('business.timezone')}
              searchable
              allowDeselect={false}
              data={timeZoneOptions()}
              {...form.getInputProps('timezone')}
            />
            <Select
              label={t('business.language')}
              allowDeselect={false}
              data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
              {...form.getInputProps('language')}
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed" data-testid="money-sample">
            {t('business.moneySample', { amount: money(125000) })}
          </Text>
        </Section>
        <Section title={t('business.receipts')}>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Textarea
              label={t('business.receiptHeader')}
              autosize
              minRows={2}
              maxLength={500}
              {...form.getInputProps('receipt_header')}
            />
            <Textarea
              label={t('business.receiptFooter')}
              autosize
              minRows={2}
              maxLength={500}
              {...form.getInputProps('receipt_footer')}
            />
          </SimpleGrid>
          <Text fw={600} size="sm" mt="xs">
            {t('business.paymentDetails')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <TextInput
              label={t('business.mpesaPaybill')}
              {...form.getInputProps('payment_details.mpesa_paybill')}
            />
            <TextInput
              label={t('business.mpesaAccount')}
              {...form.getInputProps('payment_details.mpesa_account')}
            />
            <TextInput
              label={t('business.mpesaTill')}
              {...form.getInputProps('payment_details.mpesa_till')}
            />
            <TextInput label={t('business.bankName')} {...form.getInputProps('payment_details.bank_name')} />
            <TextInput
              label={t('business.bankAccount')}
              {...form.getInputProps('payment_details.bank_account')}
            />
            <TextInput label={t('business.otherPayment')} {...form.getInputProps('payment_details.other')} />
          </SimpleGrid>
        </Section>
        <Section title={t('business.operations')}>
          <Switch
            label={t('business.onlineOffline')}
            description={t('business.onlineOfflineHint')}
            {...form.getInputProps('online_offline', { type: 'checkbox' })}
          />
          <Switch
            label={t('business.requireApprovedDevices')}
            description={t('business.requireApprovedDevicesHint')}
            {...form.getInputProps('require_approved_devices', { type: 'checkbox' })}
          />
          <Switch
            label={t('business.allowNegativeStock')}
            description={t('business.allowNegativeStockHint')}
            {...form.getInputProps('allow_negative_stock', { type: 'checkbox' })}
          />
        </Section>
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={form.submitting}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Business profile (/profile, admin). */
export function BusinessProfilePage() {
  const { t } = useTranslation();
  const profile = useBusinessProfile();
  return (
    <>
      <PageHeader title={t('menu.profile')} />
      {profile.isPending ? (
        <Stack>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={140} radius="lg" />
          ))}
        </Stack>
      ) : profile.isError ? (
        <Stack align="center" py="xl">
          <Text>{t('common.loadFailed')}</Text>
          <Button variant="light" onClick={() => void profile.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      ) : (
        <ProfileForm key={profile.data.updated_at} business={profile.data} />
      )}
    </>
  );
}
