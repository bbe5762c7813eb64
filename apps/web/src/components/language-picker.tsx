import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, isLanguage } from '@duka/domain';
import { chooseLanguage } from '../lib/i18n';

/** Each language named in itself, so a user can find theirs whatever is showing. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  de: 'Deutsch',
};

/**
 * The browser's own select: on the sign-in page and in the header it needs none of the
 * dropdown code (popover, positioning) a Mantine Select brings, and a phone shows its own picker.
 */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <NativeSelect
      aria-label={t('common.language')}
      data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      value={current}
      onChange={(e) => {
        const v = e.currentTarget.value;
        if (isLanguage(v)) void chooseLanguage(i18n, v);
      }}
      leftSection={<IconLanguage size={16} aria-hidden />}
      w={compact ? 150 : 180}
      size="sm"
    />
  );
}
