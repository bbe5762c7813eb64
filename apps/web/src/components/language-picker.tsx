import { Select } from '@mantine/core';
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

export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <Select
      aria-label={t('common.language')}
      data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
      value={current}
      allowDeselect={false}
      onChange={(v) => {
        if (v && isLanguage(v)) void chooseLanguage(i18n, v);
      }}
      leftSection={<IconLanguage size={16} aria-hidden />}
      w={compact ? 150 : 180}
      size="sm"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
