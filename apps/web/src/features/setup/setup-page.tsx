import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import {
  Alert,
  Button,
  Divider,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Language, LANGUAGES, type SessionData, isLanguage, sessionDataSchema } from '@duka/domain';
import { BlankLayout } from '../../components/blank-layout';
import { LANGUAGE_NAMES } from '../../components/language-picker';
import { api } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { browserTimeZone, currencyOptions, timeZoneOptions } from '../../lib/intl-options';
import { describeApiError, notifySuccess } from '../../lib/notify';
import { storeSession } from '../../lib/session-storage';
import { makeValidators } from '../../lib/validators';
import { ME_QUERY_KEY, fetchSetupStatus } from '../auth';

interface SetupValues {
  business_name: string;
  currency: string;
  timezone: string;
  language: Language;
  admin_name: string;
  username: string;
  mobile: string;
  password: string;
  confirm: string;
}

/** First run only: creates the business and its admin, who is then signed in. */
export function SetupPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const status = useQuery({ queryKey: ['setup-status'], queryFn: fetchSetupStatus });
  const [error, setError] = useState<string | null>(null);
  const v = makeValidators(t);
  const form = useForm<SetupValues>({
    initialValues: {
      business_name: '',
      currency: 'KES',
      timezone: browserTimeZone(),
      language: isLanguage(i18n.language) ? i18n.language : 'en',
      admin_name: '',
      username: 'admin',
      mobile: '',
      password: '',
      confirm: '',
    },
    validate: {
      business_name: (x) => v.required(x) ?? v.maxLength(80)(x),
      currency: (x) => v.required(x),
      timezone: (x) => v.required(x),
      username: v.username,
      mobile: v.optionalMobile,
      password: v.password,
      confirm: (x, all) => (x === all.password ? null : t('validation.passwordsDiffer')),
    },
  });

  if (status.data && !status.data.setup_required) return <Navigate to="/login" replace />;

  const submit = form.onSubmit(async ({ confirm: _c, admin_name, mobile, ...rest }) => {
    setError(null);
    try {
      const session: SessionData = await api('/api/setup', {
        method: 'POST',
        body: { ...rest, admin_name: admin_name.trim() || undefined, mobile: mobile.trim() || undefined },
        schema: sessionDataSchema,
      });
      storeSession(session);
      qc.setQueryData(ME_QUERY_KEY, session);
      qc.setQueryData(['setup-status'], { setup_required: false, mode: session.mode });
      notifySuccess(t('setup.done'));
      await navigate('/dashboard', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.field && err.field in form.values) {
        form.setFieldError(err.field, describeApiError(err));
      }
      setError(describeApiError(err));
    }
  });

  return (
    <BlankLayout title={t('setup.title')} subtitle={t('setup.subtitle')} width={640}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Text fw={600}>{t('setup.business')}</Text>
          <TextInput label={t('business.name')} required {...form.getInputProps('business_name')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('business.currency')}
              searchable
              required
              allowDeselect={false}
              data={currencyOptions(i18n.language)}
              {...form.getInputProps('currency')}
            />
            <Select
              label={t('business.timezone')}
              searchable
              required
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
          <Divider my="xs" />
          <Text fw={600}>{t('setup.admin')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('users.name')} autoComplete="name" {...form.getInputProps('admin_name')} />
            <TextInput
              label={t('users.mobile')}
              type="tel"
              autoComplete="tel"
              {...form.getInputProps('mobile')}
            />
            <TextInput
              label={t('users.username')}
              required
              autoComplete="username"
              {...form.getInputProps('username')}
            />
            <div />
            <PasswordInput
              label={t('auth.password')}
              description={t('validation.passwordLength')}
              required
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t('profile.confirmPassword')}
              description={t('validation.typeAgain')}
              required
              autoComplete="new-password"
              {...form.getInputProps('confirm')}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button type="submit" size="md" loading={form.submitting}>
              {t('setup.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </BlankLayout>
  );
}
