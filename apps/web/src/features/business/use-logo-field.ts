import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError, notifyError, notifySuccess, serverMessage } from '../../lib/notify';
import { checkImageFile, uploadImage } from '../profile';
import { useSetLogo } from './business-api';

/** Uploading a new logo (checked in the page first) or removing it; busy while a file goes up. */
export function useLogoField() {
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

  return { busy, upload, remove };
}
