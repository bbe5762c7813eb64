import './styles';
import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Where a debtor's money changes hands (a payment taken, a credit paid out): a choice when the
 * user may work at more than one location, else the one they may (named by the form), and then
 * only its refusal, if any.
 */
export function LocationField({
  allowed,
  value,
  onChange,
  error,
}: {
  allowed: { id: string; name: string }[];
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  if (allowed.length > 1)
    return (
      <Select
        label={t('debtors.location')}
        required
        allowDeselect={false}
        data={allowed.map((l) => ({ value: l.id, label: l.name }))}
        value={value}
        onChange={onChange}
        error={error}
      />
    );
  return error ? (
    <Text size="sm" c="red" role="alert">
      {error}
    </Text>
  ) : null;
}
