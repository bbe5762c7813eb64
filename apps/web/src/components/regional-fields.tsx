import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@duka/domain';
import { currencyOptions, timeZoneOptions } from '../lib/intl-options';
import { LANGUAGE_NAMES } from './language-picker';

interface Props {
  currency: GetInputPropsReturnType;
  timezone: GetInputPropsReturnType;
  language: GetInputPropsReturnType;
  /** Marks currency and time zone required (first run); the language always has a value. */
  required?: boolean;
}

/** A business's currency, time zone and language pickers (first-run setup and the business profile). */
export function RegionalFields({ currency, timezone, language, required }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Select
        label={t('business.currency')}
        searchable
        required={required}
        allowDeselect={false}
        data={currencyOptions(i18n.language, currency.value as string | undefined)}
        {...currency}
      />
      <Select
        label={t('business.timezone')}
        searchable
        required={required}
        allowDeselect={false}
        data={timeZoneOptions(timezone.value as string | undefined)}
        {...timezone}
      />
      <Select
        label={t('business.language')}
        allowDeselect={false}
        data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
        {...language}
      />
    </>
  );
}
