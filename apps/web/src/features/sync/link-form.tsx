import './styles';
import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { hostedUrlSchema, linkCodeSchema } from '@duka/domain';
import { ApiError } from '../../lib/api-error';
import { notifySuccess, serverMessage } from '../../lib/notify';
import { useLink } from './sync-api';

interface LinkErrors {
  hosted_url?: string;
  code?: string;
  form?: string;
}

/** A refused link in words, with the user name or mobile number the hosted server named. */
export function linkErrorWords(err: unknown, t: TFunction): LinkErrors {
  if (!(err instanceof ApiError) || err.kind !== 'http') return { form: serverMessage(err) };
  switch (err.code) {
    case 'sync_insecure_url':
      return { hosted_url: t('errors.syncInsecureUrl') };
    case 'link_code_invalid':
      return { code: t('errors.linkCodeInvalid') };
    case 'link_username_taken':
      return {
        form: t('errors.linkUsernameTaken', {
          username: err.paramsOf('link_username_taken')?.username ?? '—',
        }),
      };
    case 'link_mobile_taken':
      return {
        form: t('errors.linkMobileTaken', { mobile: err.paramsOf('link_mobile_taken')?.mobile ?? '—' }),
      };
    case 'validation_failed':
      if (err.field === 'hosted_url') return { hosted_url: t('sync.link.badAddress') };
      if (err.field === 'code') return { code: t('sync.link.badCode') };
      return { form: serverMessage(err) };
    default:
      return { form: serverMessage(err) };
  }
}

function useLinkForm() {
  const { t } = useTranslation();
  const link = useLink();
  const [hostedUrl, setHostedUrl] = useState('');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<LinkErrors>({});

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const url = hostedUrlSchema.safeParse(hostedUrl);
    const c = linkCodeSchema.safeParse(code);
    const local: LinkErrors = {
      hosted_url: url.success ? undefined : t('sync.link.badAddress'),
      code: c.success ? undefined : t('sync.link.badCode'),
    };
    setErrors(local);
    if (!url.success || !c.success) return;
    try {
      await link.mutateAsync({ hosted_url: url.data, code: c.data, name: name.trim() || undefined });
      notifySuccess(t('sync.link.done'));
    } catch (err) {
      setErrors(linkErrorWords(err, t));
    }
  };
  const edit = (field: 'hosted_url' | 'code', set: (v: string) => void) => (v: string) => {
    set(v);
    setErrors((x) => ({ ...x, [field]: undefined, form: undefined }));
  };
  return {
    hostedUrl,
    code,
    name,
    setName,
    errors,
    busy: link.isPending,
    setHostedUrl: edit('hosted_url', setHostedUrl),
    setCode: edit('code', setCode),
    submit,
  };
}

/** Local, not linked: what linking does, then the hosted address and the link code made there. */
export function LinkForm() {
  const { t } = useTranslation();
  const f = useLinkForm();
  return (
    <form onSubmit={(e) => void f.submit(e)} noValidate aria-label={t('sync.link.formLabel')}>
      <Stack gap="sm">
        <Text>{t('sync.link.intro')}</Text>
        <Text size="sm" c="dimmed">
          {t('sync.link.steps')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('sync.link.hostedUrl')}
            placeholder="https://duka.example"
            type="url"
            inputMode="url"
            autoComplete="url"
            required
            value={f.hostedUrl}
            error={f.errors.hosted_url}
            onChange={(e) => f.setHostedUrl(e.currentTarget.value)}
          />
          <TextInput
            label={t('sync.link.code')}
            description={t('sync.link.codeHint')}
            placeholder="7KQ4-M2XD"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            maxLength={20}
            styles={{ input: { textTransform: 'uppercase', letterSpacing: '0.1em' } }}
            value={f.code}
            error={f.errors.code}
            onChange={(e) => f.setCode(e.currentTarget.value)}
          />
          <TextInput
            label={t('sync.link.name')}
            description={t('sync.link.nameHint')}
            placeholder={t('sync.link.namePlaceholder')}
            autoComplete="off"
            maxLength={80}
            value={f.name}
            onChange={(e) => f.setName(e.currentTarget.value)}
          />
        </SimpleGrid>
        {f.errors.form && (
          <Alert color="red" role="alert">
            {f.errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={f.busy} leftSection={<IconLink size={16} aria-hidden />}>
            {t('sync.link.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
