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
import {
  type Business,
  LANGUAGES,
  type Language,
  currencyMinorDigits,
  mulDivRound,
  parseMoney,
} from '@duka/domain';
import { LANGUAGE_NAMES } from '../../components/language-picker';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-error';
import { useFormat } from '../../lib/format';
import { currencyOptions, timeZoneOptions } from '../../lib/intl-options';
import { describeApiError, notifyApiError, notifySuccess } from '../../lib/notify';
import { makeValidators } from '../../lib/validators';
import { useBusinessProfile, useSaveBusiness } from './business-api';
import { LogoField } from './logo-field';
import { moneyText } from '../stock';
import { BackupStatusCard } from './backup-status';
import { ImageStorageCard } from './image-storage';
import { bpToPercent, percentToBp } from './selling';
import { ReceiptPrinterSection, printerValidators } from '../printing';
import { ListError } from '../../components/list-states';

type Values = Omit<
  Business,
  'id' | 'logo' | 'updated_at' | 'online_offline' | 'max_discount_bp' | 'default_credit_limit'
> & {
  online_offline: boolean;
  language: Language;
  /** The staff discount limit as typed, a percentage. */
  max_discount: string;
  /** The default credit limit as typed, in major units. */
  credit_limit: string;
};

/** Server fields that the form edits under another name. */
const FORM_FIELD: Record<string, string> = {
  max_discount_bp: 'max_discount',
  default_credit_limit: 'credit_limit',
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
  const {
    id: _id,
    logo: _logo,
    updated_at: _u,
    online_offline,
    max_discount_bp,
    default_credit_limit,
    ...rest
  } = business;
  const form = useForm<Values>({
    initialValues: {
      ...rest,
      online_offline: online_offline === 1,
      max_discount: bpToPercent(max_discount_bp),
      credit_limit: moneyText(default_credit_limit, currencyMinorDigits(business.currency)),
    },
    validate: {
      name: (x) => v.required(x) ?? v.maxLength(80)(x),
      phone: v.optionalMobile,
      email: v.optionalEmail,
      max_discount: (x) => (percentToBp(x) === null ? t('business.maxDiscountInvalid') : null),
      credit_limit: (x, all) => {
        const m = parseMoney(x, currencyMinorDigits(all.currency));
        return m === null || m < 0 ? t('business.creditLimitInvalid') : null;
      },
      ...printerValidators(t),
    },
  });
  const { money } = useFormat({ currency: form.values.currency, timezone: form.values.timezone });
  const discountBp = percentToBp(form.values.max_discount);

  const submit = form.onSubmit(async ({ max_discount, credit_limit, ...values }) => {
    try {
      await save.mutateAsync({
        ...values,
        online_offline: values.online_offline ? 1 : 0,
        max_discount_bp: percentToBp(max_discount) ?? 0,
        default_credit_limit: parseMoney(credit_limit, currencyMinorDigits(values.currency)) ?? 0,
      });
      notifySuccess(t('business.saved'));
      form.resetDirty();
    } catch (err) {
      const raw = err instanceof ApiError ? err.field : undefined;
      const field = raw ? (FORM_FIELD[raw] ?? raw) : undefined;
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
        <ReceiptPrinterSection
          width={form.values.receipt_width}
          onWidth={(w) => form.setFieldValue('receipt_width', w)}
          host={form.getInputProps('printer_host')}
          port={form.getInputProps('printer_port')}
        />
        <Section title={t('business.selling')}>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Stack gap={6}>
              <TextInput
                label={t('business.maxDiscount')}
                description={t('business.maxDiscountHint')}
                inputMode="decimal"
                rightSection={<Text size="sm">%</Text>}
                {...form.getInputProps('max_discount')}
              />
              {discountBp !== null && (
                <Text size="sm" c="dimmed" data-testid="discount-sample" aria-live="polite">
                  {discountBp === 0
                    ? t('business.noStaffDiscount')
                    : t('business.discountSample', {
                        sale: money(125000),
                        off: money(mulDivRound(125000, discountBp, 10_000)),
                      })}
                </Text>
              )}
            </Stack>
            <TextInput
              label={t('business.defaultCreditLimit')}
              description={t('business.defaultCreditLimitHint')}
              inputMode="decimal"
              leftSection={<Text size="xs">{form.values.currency}</Text>}
              leftSectionWidth={44}
              {...form.getInputProps('credit_limit')}
            />
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
        <ListError onRetry={() => void profile.refetch()} />
      ) : (
        <Stack gap="lg">
          <ProfileForm key={profile.data.updated_at} business={profile.data} />
          <ImageStorageCard />
          <BackupStatusCard />
        </Stack>
      )}
    </>
  );
}
