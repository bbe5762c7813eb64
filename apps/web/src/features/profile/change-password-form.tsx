import './styles';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../components/new-password-fields';
import { ApiError } from '../../lib/api-error';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { makeValidators } from '../../lib/validators';
import { changeMyPassword } from './profile-api';

/** Every user can change their own password (product brief, People). */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const v = makeValidators(t);
  const names = [useSession().user.username];
  const form = useForm({
    initialValues: { current: '', next: '', confirm: '' },
    validate: {
      current: v.required,
      // the server refuses it too: a "change" that changes nothing
      next: (x, all) => (x && x === all.current ? t('profile.samePassword') : v.password(x, names)),
      confirm: (x, all) => (x === all.next ? null : t('validation.passwordsDiffer')),
    },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await changeMyPassword(values.current, values.next);
      notifySuccess(t('profile.passwordChanged'));
      form.reset();
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.kind === 'http' &&
        (err.code === 'invalid_credentials' || err.field === 'current_password')
      ) {
        form.setFieldError('current', t('profile.wrongPassword'));
      } else if (err instanceof ApiError && err.kind === 'http' && err.field === 'new_password') {
        // the current one again, or one the server refuses that this page did not (an older page)
        form.setFieldError(
          'next',
          values.next === values.current
            ? t('profile.samePassword')
            : (v.password(values.next, names) ?? t('profile.samePassword')),
        );
      } else {
        notifyApiError(err);
      }
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label={t('profile.currentPassword')}
          autoComplete="current-password"
          required
          {...form.getInputProps('current')}
        />
        <NewPasswordFields password={form.getInputProps('next')} confirm={form.getInputProps('confirm')} />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={form.submitting}>
            {t('profile.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
