import { useState } from 'react';
import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../components/user-avatar';
import { notifyApiError, notifyError, notifySuccess, serverMessage } from '../../lib/notify';
import { IMAGE_ACCEPT, checkImageFile, uploadImage } from '../profile';
import { useSetLogo } from './business-api';

/** The shop logo: uploaded as the `avatar` field like every image, then set on the business. */
export function LogoField({ logo }: { logo: string | null }) {
  const { t } = useTranslation();
  const setLogo = useSetLogo();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File | null) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      notifyError(t(problem === 'tooLarge' ? 'errors.imageTooLarge' : 'errors.unsupportedFile'));
      return;
    }
    setBusy(true);
    try {
      let name: string;
      try {
        name = await uploadImage(file);
      } catch (err) {
        notifyError(t('profile.couldNotUpload') + serverMessage(err));
        return;
      }
      await setLogo.mutateAsync(name);
      notifySuccess(t('business.logoUpdated'));
    } catch (err) {
      notifyApiError(err);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    try {
      await setLogo.mutateAsync(null);
      notifySuccess(t('business.logoRemoved'));
    } catch (err) {
      notifyApiError(err);
    }
  };

  return (
    <Group align="center" gap="lg">
      <Image
        src={logo ? fileUrl(logo) : '/assets/duka-logo.svg'}
        alt={logo ? t('business.logo') : t('business.noLogo')}
        w={88}
        h={88}
        radius="md"
        fit="contain"
        style={{ border: '1px solid var(--mantine-color-default-border)' }}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('business.logo')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('profile.imageRules')}
        </Text>
        <Group gap="xs">
          <FileButton onChange={(f) => void upload(f)} accept={IMAGE_ACCEPT}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                loading={busy}
                leftSection={<IconUpload size={14} aria-hidden />}
              >
                {t('business.uploadLogo')}
              </Button>
            )}
          </FileButton>
          {logo && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => void remove()}
            >
              {t('business.removeLogo')}
            </Button>
          )}
        </Group>
      </Stack>
    </Group>
  );
}
