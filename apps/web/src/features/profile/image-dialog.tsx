import { useState } from 'react';
import { Alert, Button, FileInput, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fileUrl, hasCustomImage } from '../../components/user-avatar';
import { ApiError } from '../../lib/api-error';
import { isRefusal, notifyError, notifySuccess, serverMessage } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import {
  IMAGE_ACCEPT,
  type ImageProblem,
  checkImageFile,
  deleteMyImage,
  setMyImage,
  uploadImage,
} from './profile-api';
import { useApplyUserImage } from './use-user-image';

const is401 = (err: unknown) => err instanceof ApiError && err.status === 401;

/**
 * Replacing or deleting the profile image (seed spec §4, §5, §8): a custom image is shown with
 * Delete; otherwise an upload picker, with Save once a file is chosen.
 */
export function ImageDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const apply = useApplyUserImage();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<ImageProblem>(null);
  const [busy, setBusy] = useState(false);
  const custom = hasCustomImage(user.img);

  const close = () => {
    setFile(null);
    setProblem(null);
    onClose();
  };

  const choose = (f: File | null) => {
    const p = f ? checkImageFile(f) : null;
    setProblem(p);
    setFile(f && !p ? f : null);
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteMyImage();
      apply('profile.png');
      notifySuccess(t('profile.imageDeleted'));
      close();
    } catch (err) {
      // 401 already showed 'Login session expired!' and signed out (the spec's error2).
      if (is401(err)) return;
      notifyError(isRefusal(err) ? serverMessage(err) : t('profile.somethingBad'));
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!file) return;
    setBusy(true);
    try {
      let name: string;
      try {
        name = await uploadImage(file);
      } catch (err) {
        if (!is401(err)) notifyError(t('profile.couldNotUpload') + serverMessage(err));
        return;
      }
      try {
        const updated = await setMyImage(name);
        apply(updated.img);
        notifySuccess(t('profile.imageUpdated'));
        close();
      } catch (err) {
        if (is401(err)) return;
        notifyError(isRefusal(err) ? serverMessage(err) : t('profile.couldNotEdit'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={close}
      title={t('profile.imageTitle')}
      centered
    >
      {custom ? (
        <Stack align="center">
          <Image
            src={fileUrl(user.img)}
            alt={t('profile.currentImage')}
            w={180}
            h={180}
            radius="50%"
            fit="cover"
          />
          <Text size="sm" c="dimmed" ta="center">
            {t('profile.deleteHint')}
          </Text>
          <Button
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={busy}
            onClick={() => void remove()}
          >
            {t('profile.delete')}
          </Button>
        </Stack>
      ) : (
        <Stack>
          <FileInput
            label={t('profile.chooseImage')}
            description={t('profile.imageRules')}
            placeholder={t('profile.pickFile')}
            accept={IMAGE_ACCEPT}
            clearable
            value={file}
            onChange={choose}
            leftSection={<IconPhoto size={16} aria-hidden />}
            error={
              problem
                ? t(problem === 'tooLarge' ? 'errors.imageTooLarge' : 'errors.unsupportedFile')
                : undefined
            }
          />
          {problem && (
            <Alert color="red" role="alert">
              {t(problem === 'tooLarge' ? 'errors.imageTooLarge' : 'errors.unsupportedFile')}
            </Alert>
          )}
          {file && (
            <Group justify="flex-end">
              <Button
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={busy}
                onClick={() => void save()}
              >
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
