import './styles';
import { FileInput, type FileInputProps } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT } from './profile-api';

/** A picker for one image file (PNG, JPEG, WebP or GIF), with the size rule under it. */
export function ImageFileInput(props: FileInputProps) {
  const { t } = useTranslation();
  return (
    <FileInput
      description={t('profile.imageRules')}
      accept={IMAGE_ACCEPT}
      clearable
      leftSection={<IconPhoto size={16} aria-hidden />}
      {...props}
    />
  );
}
