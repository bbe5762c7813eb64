import { useState } from 'react';
import { Button, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../components/user-avatar';
import { serverMessage } from '../../lib/notify';
import { IMAGE_ACCEPT, checkImageFile, uploadImage } from '../profile';

/**
 * The photo of a slip: one image (PNG, JPEG, WebP or GIF) of at most 1,000,000 bytes, checked in
 * the page, uploaded as soon as it is chosen and shown; answers the stored name.
 */
export function SlipField({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (name: string | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (f: File | null) => {
    setFile(f);
    setProblem(null);
    onChange(null);
    if (!f) return;
    const p = checkImageFile(f);
    if (p) {
      setProblem(t(p === 'tooLarge' ? 'errors.imageTooLarge' : 'errors.unsupportedFile'));
      setFile(null);
      return;
    }
    setBusy(true);
    try {
      onChange(await uploadImage(f));
    } catch (err) {
      setProblem(t('profile.couldNotUpload') + serverMessage(err));
      setFile(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={6}>
      <FileInput
        label={t('expenses.slip')}
        description={t('profile.imageRules')}
        placeholder={t('expenses.slipPick')}
        accept={IMAGE_ACCEPT}
        clearable
        value={file}
        onChange={(f) => void choose(f)}
        leftSection={<IconPhoto size={16} aria-hidden />}
        error={problem ?? error}
        disabled={busy}
        data-testid="slip-input"
        // the placeholder is text here, not an input's: keep it readable (contrast)
        styles={{ placeholder: { color: 'var(--mantine-color-text)', opacity: 0.8 } }}
      />
      {busy && (
        <Text size="xs" c="dimmed" aria-live="polite">
          {t('expenses.uploading')}
        </Text>
      )}
      {value && (
        <Group align="flex-start" gap="sm">
          <Image
            src={fileUrl(value)}
            alt={t('expenses.slipPreview')}
            w={120}
            h={120}
            radius="md"
            fit="cover"
            style={{ border: '1px solid var(--mantine-color-default-border)' }}
            data-testid="slip-preview"
          />
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => {
              setFile(null);
              onChange(null);
            }}
          >
            {t('expenses.removeSlip')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
