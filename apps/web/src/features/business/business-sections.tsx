import './styles';
import {
  Alert,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { mulDivRound, businessUpdateSchema, BASIS_POINTS, WEEK_STARTS, weekStartOf } from '@duka/domain';
import { MergeHistory, useCanSeeMergeHistory } from '../../components/merge-history';
import { RegionalFields } from '../../components/regional-fields';
import { useFormat } from '../../lib/format';
import { maxLengthOf } from '../../lib/validators';
import { LogoField } from './logo-field';
import { percentToBp } from './selling';
import type { BusinessForm } from './use-business-form';

/** The business profile form's sections, each a titled card of related fields. */

type SectionProps = { form: BusinessForm };

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

/** Logo, name, tax number, phone, e-mail, address. */
export function IdentitySection({ form, logo }: SectionProps & { logo: string | null }) {
  const { t } = useTranslation();
  return (
    <Section title={t('business.identity')}>
      <LogoField logo={logo} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput label={t('business.name')} required {...form.getInputProps('name')} />
        <TextInput label={t('business.taxNumber')} {...form.getInputProps('tax_number')} />
        <TextInput label={t('business.phone')} type="tel" {...form.getInputProps('phone')} />
        <TextInput label={t('business.email')} type="email" {...form.getInputProps('email')} />
      </SimpleGrid>
      <Textarea label={t('business.address')} autosize minRows={2} {...form.getInputProps('address')} />
    </Section>
  );
}

/**
 * Currency, time zone and language, with a sum shown as it will print; what the tax is called
 * beside its rates and the first day of the week.
 */
export function RegionalSection({ form }: SectionProps) {
  const { t } = useTranslation();
  const { money } = useFormat({ currency: form.values.currency, timezone: form.values.timezone });
  return (
    <Section title={t('business.regional')}>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <RegionalFields
          currency={form.getInputProps('currency')}
          timezone={form.getInputProps('timezone')}
          language={form.getInputProps('language')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput
          label={t('business.taxName')}
          description={t('business.taxNameHint')}
          placeholder={t('common.taxWord')}
          maxLength={maxLengthOf(businessUpdateSchema.shape.tax_name)}
          {...form.getInputProps('tax_name')}
        />
        <Select
          label={t('business.weekStart')}
          description={t('business.weekStartHint')}
          allowDeselect={false}
          data={WEEK_STARTS.map((d) => ({ value: String(d), label: t(`business.weekDay.${d}`) }))}
          value={String(form.values.week_start)}
          onChange={(d) => d !== null && form.setFieldValue('week_start', weekStartOf(Number(d)))}
          error={form.errors.week_start}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed" data-testid="money-sample">
        {t('business.moneySample', { amount: money(125000) })}
      </Text>
      {/* a new zone moves where every day starts from now on (ADR 6): said before it is saved */}
      {form.isDirty('timezone') && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="status">
          {t('business.timezoneChange')}
        </Alert>
      )}
    </Section>
  );
}

/** The receipt's header and footer, and how customers may pay (printed on receipts). */
export function ReceiptsSection({ form }: SectionProps) {
  const { t } = useTranslation();
  const note = (label: string, field: 'receipt_header' | 'receipt_footer') => (
    <Textarea
      label={label}
      autosize
      minRows={2}
      maxLength={maxLengthOf(businessUpdateSchema.shape[field])}
      {...form.getInputProps(field)}
    />
  );
  return (
    <Section title={t('business.receipts')}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {note(t('business.receiptHeader'), 'receipt_header')}
        {note(t('business.receiptFooter'), 'receipt_footer')}
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
        <TextInput label={t('business.mpesaTill')} {...form.getInputProps('payment_details.mpesa_till')} />
        <TextInput label={t('business.bankName')} {...form.getInputProps('payment_details.bank_name')} />
        <TextInput
          label={t('business.bankAccount')}
          {...form.getInputProps('payment_details.bank_account')}
        />
        <TextInput label={t('business.otherPayment')} {...form.getInputProps('payment_details.other')} />
      </SimpleGrid>
    </Section>
  );
}

/** The staff discount limit (with what it means on a sale) and the default credit limit. */
export function SellingSection({ form }: SectionProps) {
  const { t } = useTranslation();
  const { money } = useFormat({ currency: form.values.currency, timezone: form.values.timezone });
  const discountBp = percentToBp(form.values.max_discount);
  return (
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
                    off: money(mulDivRound(125000, discountBp, BASIS_POINTS)),
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
  );
}

/** Offline selling, approved devices only, selling below zero. */
export function OperationsSection({ form }: SectionProps) {
  const { t } = useTranslation();
  const switches = [
    ['online_offline', t('business.onlineOffline'), t('business.onlineOfflineHint')],
    ['two_way_sync', t('business.twoWaySync'), t('business.twoWaySyncHint')],
    [
      'require_approved_devices',
      t('business.requireApprovedDevices'),
      t('business.requireApprovedDevicesHint'),
    ],
    ['allow_negative_stock', t('business.allowNegativeStock'), t('business.allowNegativeStockHint')],
  ] as const;
  // two-way sync sells on the hosted site, which is working online as well as offline: the
  // server keeps that switch on meanwhile, and so does the form
  const twoWay = form.values.two_way_sync;
  return (
    <Section title={t('business.operations')}>
      {switches.map(([field, label, hint]) =>
        field === 'online_offline' && twoWay ? (
          <Switch
            key={field}
            label={label}
            description={t('business.onlineOfflineTwoWay')}
            checked
            disabled
          />
        ) : (
          <Switch
            key={field}
            label={label}
            description={hint}
            {...form.getInputProps(field, { type: 'checkbox' })}
          />
        ),
      )}
    </Section>
  );
}

/** The business's settings that a sync replaced (ADR 11 §11.1), for an admin: a card like the status cards below it. */
export function BusinessHistorySection({ id }: { id: string }) {
  const { t } = useTranslation();
  if (!useCanSeeMergeHistory()) return null;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="business-history"
    >
      <Group gap="sm" mb="xs" wrap="nowrap">
        <ThemeIcon variant="light" size="lg" radius="md" color="teal">
          <IconHistory size={20} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h4" id="business-history">
          {t('history.tab')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('history.businessHint')}
      </Text>
      <MergeHistory docType="business" id={id} />
    </Paper>
  );
}
