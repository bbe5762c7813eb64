import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

interface Props {
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
  /** The first field's label: 'New password' unless told (setup says 'Password'). */
  label?: string;
  /** A hint under the second field. */
  confirmDescription?: string;
}

/** A new password and the same typed again (setup, changing one's own, an admin's reset). */
export function NewPasswordFields({ password, confirm, label, confirmDescription }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={label ?? t('profile.newPassword')}
        // the hint until there is an error: a short password's error is the hint itself
        description={password.error ? undefined : t('validation.passwordLength')}
        autoComplete="new-password"
        required
        {...password}
      />
      <PasswordInput
        label={t('profile.confirmPassword')}
        description={confirmDescription}
        autoComplete="new-password"
        required
        {...confirm}
      />
    </>
  );
}
