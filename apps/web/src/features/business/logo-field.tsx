import './styles';
import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../components/user-avatar';
import { IMAGE_ACCEPT } from '../profile';
import { useLogoField } from './use-logo-field';

/** The shop logo: uploaded as the `avatar` field like every image, then set on the business. */
export function LogoField({ logo }: { logo: string | null }) {
  const { t } = useTranslation();
  const { busy, upload, remove } = useLogoField();

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
