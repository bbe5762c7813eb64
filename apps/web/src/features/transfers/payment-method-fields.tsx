import './styles';
import { Input, SegmentedControl, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod, Provider } from '@duka/domain';

/**
 * Paid in cash or by transfer; a transfer names its provider and its reference (required when
 * money comes in, optional for an expense paid out). One set of fields for every form that takes
 * a payment.
 */
export function PaymentMethodFields(p: {
  id: string;
  label: string;
  method: PaymentMethod;
  onMethod: (m: PaymentMethod) => void;
  providers: Provider[];
  provider: string | null;
  onProvider: (id: string | null) => void;
  reference: string;
  onReference: (r: string) => void;
  referenceRequired: boolean;
  errors: { provider_id?: string; reference?: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <Input.Wrapper label={p.label} labelElement="div" labelProps={{ id: p.id }}>
        <SegmentedControl
          aria-labelledby={p.id}
          fullWidth
          value={p.method}
          onChange={p.onMethod}
          data={[
            { value: 'cash', label: t('debtors.methods.cash') },
            { value: 'transfer', label: t('debtors.methods.transfer') },
          ]}
        />
      </Input.Wrapper>
      {p.method === 'transfer' && (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label={t('transfers.provider')}
            required
            data={p.providers.filter((x) => x.active).map((x) => ({ value: x.id, label: x.name }))}
            value={p.provider}
            onChange={p.onProvider}
            error={p.errors.provider_id}
            nothingFoundMessage={t('transfers.noProviders')}
          />
          <TextInput
            label={p.referenceRequired ? t('transfers.reference') : t('expenses.referenceOptional')}
            required={p.referenceRequired}
            value={p.reference}
            error={p.errors.reference}
            onChange={(e) => p.onReference(e.currentTarget.value.toUpperCase())}
          />
        </SimpleGrid>
      )}
    </>
  );
}
