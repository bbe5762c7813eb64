import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/pt';
import { businessLocale } from '@duka/domain';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayPattern, formatDayText, parseDayText } from '../lib/day-text';
import { SessionContext } from '../lib/session-context';

/**
 * A day field ('YYYY-MM-DD' in and out, '' for none) written and read in the business's locale
 * ("05/11/2026" in Kenya, "05.11.2026" in German), typed or picked on a calendar in the app's
 * language whose weeks start on the business's first day. The browser's own date field followed
 * the browser's language instead of Duka's.
 */
export function DayInput({
  label,
  value,
  onChange,
  max,
  error,
  required,
  clearable,
  w,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  /**
   * The last day the calendar offers (the business's today, where the future makes no sense). A
   * later day typed in is passed on, for the form's own check to name, as the browser's field did.
   */
  max?: string;
  error?: string | undefined;
  required?: boolean;
  /** A field that may be left empty (an invoice's date): a button empties it. */
  clearable?: boolean;
  w?: React.ComponentProps<typeof DateInput>['w'];
}) {
  const { t, i18n } = useTranslation();
  const business = useContext(SessionContext)?.business;
  const lang = i18n.language;
  const locale = business ? businessLocale(lang, business.currency) : lang;
  const pattern = dayPattern(locale, {
    day: t('dayInput.day'),
    month: t('dayInput.month'),
    year: t('dayInput.year'),
  });
  // A text that is no day (31/04/2026) empties the form's day as it is typed, and stays in the field
  // with a message once left: DateInput would put back the day it had before, which a form would
  // then save in place of the one the person meant. The field keeps the text (fixOnBlur off) so
  // that it can be corrected rather than typed again; a day it reads is shown in the business's
  // format on leaving, as DateInput does.
  const noDay = (text: string) => text.trim() !== '' && parseDayText(locale, text) === null;
  const [typedNoDay, setTypedNoDay] = useState(false);
  const [wrong, setWrong] = useState(false);
  return (
    <DateInput
      label={label}
      value={value || null}
      onChange={(day) => {
        setWrong(false);
        setTypedNoDay(false);
        onChange(day ?? '');
      }}
      onInput={(e) => {
        const text = e.currentTarget.value;
        setTypedNoDay(noDay(text));
        // while its calendar is open: DateInput leaves the text as it is
        if (noDay(text) && value) onChange('');
      }}
      onBlur={(e) => setWrong(noDay(e.currentTarget.value))}
      fixOnBlur={!typedNoDay}
      valueFormat={(day) => formatDayText(locale, day)}
      dateParser={(text) => parseDayText(locale, text)}
      placeholder={pattern}
      excludeDate={max ? (day) => day > max : undefined}
      locale={lang}
      firstDayOfWeek={business?.week_start ?? 1}
      hideOutsideDates
      clearable={clearable}
      required={required}
      // the text's own fault first: the form's "enter a date" would not say what is wrong with it
      error={wrong ? t('dayInput.wrong', { pattern }) : error}
      w={w}
      clearButtonProps={{ 'aria-label': t('dayInput.clear') }}
      ariaLabels={{
        nextMonth: t('dayInput.nextMonth'),
        previousMonth: t('dayInput.previousMonth'),
        nextYear: t('dayInput.nextYear'),
        previousYear: t('dayInput.previousYear'),
        nextDecade: t('dayInput.nextDecade'),
        previousDecade: t('dayInput.previousDecade'),
      }}
    />
  );
}
