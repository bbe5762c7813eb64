import './styles';
import { useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PROVIDER_KINDS, type Provider, listNameSchema } from '@duka/domain';
import { maxLengthOf } from '../../lib/validators';
import { notifySuccess, refusalText } from '../../lib/notify';
import { useSaveProvider } from '../transfers';

/**
 * "Add a provider" inside the transfer dialog, for a user who may keep the providers (an admin):
 * a name and its kind, added without leaving the sale; the new provider is then the chosen one.
 * It lives inside the pay form, so Enter in its field adds the provider and never completes the sale.
 */
export function AddProviderInline({ onAdded }: { onAdded: (p: Provider) => void }) {
  const { t } = useTranslation();
  const save = useSaveProvider();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Provider['kind']>('mobile_money');
  const [error, setError] = useState<string | null>(null);

  const add = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('till.pay.providerNameNeeded'));
      return;
    }
    setError(null);
    try {
      const created = await save.mutateAsync({ id: null, body: { name: trimmed, kind } });
      notifySuccess(t('transfers.providerCreated', { name: created.name }));
      setOpen(false);
      setName('');
      onAdded(created);
    } catch (err) {
      setError(refusalText(err, { conflict: t('transfers.errors.providerTaken') }));
    }
  };

  if (!open)
    return (
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconPlus size={14} aria-hidden />}
        onClick={() => setOpen(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('till.pay.addProvider')}
      </Button>
    );
  return (
    <Paper withBorder p="sm" radius="md" data-testid="add-provider">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('till.pay.addProvider')}
        </Text>
        <TextInput
          label={t('transfers.providerName')}
          placeholder="M-Pesa"
          value={name}
          error={error}
          maxLength={maxLengthOf(listNameSchema)}
          data-autofocus
          autoFocus
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            e.stopPropagation();
            void add();
          }}
        />
        <SegmentedControl
          aria-label={t('transfers.kind')}
          value={kind}
          onChange={setKind}
          data={PROVIDER_KINDS.map((k) => ({ value: k, label: t(`transfers.kinds.${k}`) }))}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </Button>
          <Button size="xs" loading={save.isPending} onClick={() => void add()}>
            {t('till.pay.addThisProvider')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
