import './styles';
import { Alert, Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../components/user-avatar';
import { ImageFileInput } from './image-file-input';
import { type ImageDialogState, useImageDialog } from './use-image-dialog';

/**
 * Replacing or deleting the profile image (seed spec §4, §5, §8): a custom image is shown with
 * Delete; otherwise an upload picker, with Save once a file is chosen.
 */
export function ImageDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const s = useImageDialog(onClose);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={s.close}
      title={t('profile.imageTitle')}
      centered
    >
      {s.custom ? <CurrentImage state={s} /> : <ImagePicker state={s} />}
    </Modal>
  );
}

/** The user's own image, with Delete (back to the default avatar). */
function CurrentImage({ state: s }: { state: ImageDialogState }) {
  const { t } = useTranslation();
  return (
    <Stack align="center">
      <Image src={fileUrl(s.img)} alt={t('profile.currentImage')} w={180} h={180} radius="50%" fit="cover" />
      <Text size="sm" c="dimmed" ta="center">
        {t('profile.deleteHint')}
      </Text>
      <Button
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        loading={s.busy}
        onClick={() => void s.remove()}
      >
        {t('profile.delete')}
      </Button>
    </Stack>
  );
}

/** The picker for a new image (checked in the page), with Save once a good file is chosen. */
function ImagePicker({ state: s }: { state: ImageDialogState }) {
  const { t } = useTranslation();
  const problem = s.problem
    ? t(s.problem === 'tooLarge' ? 'errors.imageTooLarge' : 'errors.unsupportedFile')
    : undefined;
  return (
    <Stack>
      <ImageFileInput
        label={t('profile.chooseImage')}
        placeholder={t('profile.pickFile')}
        value={s.file}
        onChange={s.choose}
        error={problem}
      />
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {s.file && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            loading={s.busy}
            onClick={() => void s.save()}
          >
            {t('common.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
