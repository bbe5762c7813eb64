import './styles';
import { useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { PROVIDER_KINDS, type Provider, listNameSchema } from '@duka/domain';
import { isIdConflict } from '../../lib/api-error';
import { maxLengthOf } from '../../lib/validators';
import { keyedWriteText, notifySuccess, notifyWarning } from '../../lib/notify';
import { freshProvider, useSaveProvider } from '../transfers';

/** The inline form's state: its name and kind, and adding the provider under an id it keeps until created. */
function useAddProvider(onAdded: (p: Provider) => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const save = useSaveProvider();
  // the new provider's id, kept across retries until it is created: a retry never makes two
  const [newId, setNewId] = useState(() => uuidv7());
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
      const created = await save.mutateAsync({ id: null, body: { id: newId, name: trimmed, kind } });
      notifySuccess(t('transfers.providerCreated', { name: created.name }));
      done(created);
    } catch (err) {
      // the name or kind changed after an answer was lost: the provider first sent was created; it is chosen
      const first = isIdConflict(err) ? await freshProvider(qc, newId).catch(() => null) : null;
      if (first) {
        notifyWarning(t('errors.createdEarlier'));
        return done(first);
      }
      setError(keyedWriteText(err, { conflict: t('transfers.errors.providerTaken') }));
    }
  };
  const done = (p: Provider) => {
    setNewId(uuidv7());
    setOpen(false);
    setName('');
    onAdded(p);
  };
  return { open, setOpen, name, setName, kind, setKind, error, busy: save.isPending, add };
}

/**
 * "Add a provider" inside the transfer dialog, for a user who may keep the providers (an admin):
 * a name and its kind, added without leaving the sale; the new provider is then the chosen one.
 * It lives inside the pay form, so Enter in its field adds the provider and never completes the sale.
 */
export function AddProviderInline({ onAdded }: { onAdded: (p: Provider) => void }) {
  const { t } = useTranslation();
  const { open, setOpen, name, setName, kind, setKind, error, busy, add } = useAddProvider(onAdded);

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
          <Button size="xs" loading={busy} onClick={() => void add()}>
            {t('till.pay.addThisProvider')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
