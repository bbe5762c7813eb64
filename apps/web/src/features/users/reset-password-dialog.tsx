import './styles';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { User } from '@duka/domain';
import { NewPasswordFields } from '../../components/new-password-fields';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { makeValidators } from '../../lib/validators';
import { useResetPassword } from './users-api';

export function ResetPasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const v = makeValidators(t);
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (x) => v.password(x, user ? [user.username] : []),
      confirm: (x, all) => (x === all.password ? null : t('validation.passwordsDiffer')),
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(async ({ password }) => {
    if (!user) return;
    try {
      await reset.mutateAsync({ id: user.id, password });
      notifySuccess(t('users.passwordReset', { name: user.name }));
      close();
    } catch (err) {
      notifyApiError(err);
    }
  });
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={user !== null}
      onClose={close}
      title={t('users.resetPassword')}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('users.resetPasswordFor', { name: user?.name ?? '' })}</Text>
          <NewPasswordFields
            password={form.getInputProps('password')}
            confirm={form.getInputProps('confirm')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('users.resetPassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
