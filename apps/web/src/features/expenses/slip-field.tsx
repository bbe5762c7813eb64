import './styles';
import { useState } from 'react';
import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../components/user-avatar';
import { serverMessage } from '../../lib/notify';
import { ImageFileInput, checkImageFile, uploadImage } from '../profile';

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
      <ImageFileInput
        label={t('expenses.slip')}
        placeholder={t('expenses.slipPick')}
        value={file}
        onChange={(f) => void choose(f)}
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
        <SlipPreview
          name={value}
          onRemove={() => {
            setFile(null);
            onChange(null);
          }}
        />
      )}
    </Stack>
  );
}

/** The uploaded slip, with a button to take it off the expense. */
function SlipPreview({ name, onRemove }: { name: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <Group align="flex-start" gap="sm">
      <Image
        src={fileUrl(name)}
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
        onClick={onRemove}
      >
        {t('expenses.removeSlip')}
      </Button>
    </Group>
  );
}
