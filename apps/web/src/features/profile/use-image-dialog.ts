import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasCustomImage } from '../../components/user-avatar';
import { ApiError } from '../../lib/api-error';
import { isRefusal, notifyError, notifySuccess, serverMessage } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { type ImageProblem, checkImageFile, deleteMyImage, setMyImage, uploadImage } from './profile-api';
import { useApplyUserImage } from './use-user-image';

const is401 = (err: unknown) => err instanceof ApiError && err.status === 401;

/**
 * A failed call in the user's words: the server's refusal, else `fallback`. Nothing after a 401:
 * it already showed 'Login session expired!' and signed out (the spec's error2).
 */
function tell(err: unknown, fallback: string) {
  if (!is401(err)) notifyError(isRefusal(err) ? serverMessage(err) : fallback);
}

/** The image dialog's state: the chosen file and what is wrong with it, deleting, uploading and saving. */
export function useImageDialog(onClose: () => void) {
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

  const whileBusy = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const remove = () =>
    whileBusy(async () => {
      try {
        await deleteMyImage();
        apply('profile.png');
        notifySuccess(t('profile.imageDeleted'));
        close();
      } catch (err) {
        tell(err, t('profile.somethingBad'));
      }
    });

  const save = async () => {
    if (!file) return;
    await whileBusy(async () => {
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
        tell(err, t('profile.couldNotEdit'));
      }
    });
  };

  return { img: user.img, custom, file, problem, busy, close, choose, remove, save };
}

export type ImageDialogState = ReturnType<typeof useImageDialog>;
