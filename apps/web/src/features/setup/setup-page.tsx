import './styles';
import { Navigate } from 'react-router';
import { Alert, Button, Divider, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BlankLayout } from '../../components/blank-layout';
import { NewPasswordFields } from '../../components/new-password-fields';
import { RegionalFields } from '../../components/regional-fields';
import { useSetupForm } from './use-setup-form';

/** First run only: creates the business and its admin, who is then signed in. */
export function SetupPage() {
  const { t } = useTranslation();
  const { form, submit, error, done } = useSetupForm();

  if (done) return <Navigate to="/login" replace />;

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
            <RegionalFields
              currency={form.getInputProps('currency')}
              timezone={form.getInputProps('timezone')}
              language={form.getInputProps('language')}
              required
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
            <NewPasswordFields
              password={form.getInputProps('password')}
              confirm={form.getInputProps('confirm')}
              label={t('auth.password')}
              confirmDescription={t('validation.typeAgain')}
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
