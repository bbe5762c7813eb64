import './styles';
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDevicesOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { OWN_SESSIONS_KEY, signOutOtherDevices } from './profile-api';

/**
 * "Sign out on other devices", in the profile dialog: for a phone that was lost or a shared PC
 * left signed in. The button opens the confirmation (`SignOutOthersDialog`).
 */
export function SignOutOthersButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {t('profile.otherDevices.hint')}
      </Text>
      <Group justify="flex-end">
        <Button
          variant="light"
          color="red"
          leftSection={<IconDevicesOff size={16} aria-hidden />}
          onClick={onClick}
        >
          {t('profile.otherDevices.button')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Sign out on other devices?": each other device of this user goes to the sign-in page at its
 * next step, this one stays; then a notice of how many were signed out. A cart open on one of them
 * is kept by the server and comes back to the user's till.
 */
export function SignOutOthersDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const qc = useQueryClient();
  const confirm = async () => {
    setBusy(true);
    try {
      const count = await signOutOtherDevices();
      notifySuccess(t('profile.otherDevices.done', { count }));
      // where the user is signed in: this device only now
      void qc.invalidateQueries({ queryKey: OWN_SESSIONS_KEY });
      onClose();
    } catch (err) {
      notifyApiError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={t('profile.otherDevices.confirmTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('profile.otherDevices.confirmText')}</Text>
        <Text size="sm" c="dimmed">
          {t('profile.otherDevices.confirmCarts')}
        </Text>
      </Stack>
      <Group justify="flex-end" mt="lg" gap="xs">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={() => void confirm()}>
          {t('profile.otherDevices.confirmButton')}
        </Button>
      </Group>
    </Modal>
  );
}
