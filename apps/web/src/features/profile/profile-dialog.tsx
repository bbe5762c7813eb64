import './styles';
import { Button, Divider, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCamera } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/user-avatar';
import { useSession } from '../../lib/session-context';
import { ChangePasswordForm } from './change-password-form';
import { ImageDialog } from './image-dialog';
import { OwnSessions } from './own-sessions';
import { SignOutOthersButton, SignOutOthersDialog } from './sign-out-others';
import { ThisDevice } from './this-device';

/**
 * The Edit Profile dialog (seed spec §2): image, name, shop name and Change image; the password,
 * this device, where the user is signed in (ending one of those sessions), and signing out on the
 * user's other devices. It steps aside while the image dialog
 * or the sign-out confirmation is open.
 */
export function ProfileDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { user, shop_details } = useSession();
  const [imageOpen, imageCtl] = useDisclosure(false);
  const [confirmOpen, confirmCtl] = useDisclosure(false);
  return (
    <>
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={opened && !imageOpen && !confirmOpen}
        onClose={onClose}
        title={t('profile.title')}
        centered
        size="md"
      >
        <Stack align="center" gap={6}>
          <UserAvatar name={user.nm} img={user.img} size={96} alt={t('profile.yourImage')} />
          <Text fw={600} size="lg" mt="xs" data-testid="profile-name">
            {user.nm}
          </Text>
          <Text c="dimmed" size="sm" data-testid="profile-shop">
            {shop_details.name}
          </Text>
          <Button
            mt="xs"
            variant="light"
            leftSection={<IconCamera size={16} aria-hidden />}
            onClick={imageCtl.open}
          >
            {t('profile.changeImage')}
          </Button>
        </Stack>
        <Divider my="md" label={t('profile.changePassword')} labelPosition="left" />
        <ChangePasswordForm />
        <Divider my="md" />
        <ThisDevice />
        <Divider my="md" label={t('profile.sessions.title')} labelPosition="left" />
        <OwnSessions />
        <Divider my="md" label={t('profile.otherDevices.title')} labelPosition="left" />
        <SignOutOthersButton onClick={confirmCtl.open} />
      </Modal>
      <ImageDialog opened={imageOpen} onClose={imageCtl.close} />
      <SignOutOthersDialog opened={opened && confirmOpen} onClose={confirmCtl.close} />
    </>
  );
}
