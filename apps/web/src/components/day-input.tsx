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
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
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
  onWrongText,
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
  /**
   * Told whether the field holds a text that is no day (and its day is still the one before): a
   * form refuses to save meanwhile, so that day is never saved in place of the one meant.
   */
  onWrongText?: (wrong: boolean) => void;
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
  // A text that is no day (31/04/2026) stays in the field with a message once left, to be corrected
  // rather than typed again (fixOnBlur off: DateInput would put back the day it had, unseen), and
  // the day stays the one before meanwhile: a filter keeps showing it (no page jumping to today as
  // a day is retyped), a form is told (`onWrongText`) and refuses to save. A day it reads is shown
  // in the business's format on leaving, as DateInput does.
  const noDay = (text: string) => text.trim() !== '' && parseDayText(locale, text) === null;
  const { typedNoDay, setTypedNoDay, wrong, markWrong } = useWrongText(value, onWrongText);
  return (
    <DateInput
      label={label}
      value={value || null}
      onChange={(day) => {
        setTypedNoDay(false);
        markWrong(false);
        onChange(day ?? '');
      }}
      onInput={(e) => {
        const text = e.currentTarget.value;
        setTypedNoDay(noDay(text));
        // DateInput takes no day after maxDate from the text: a later one is passed on here
        const day = parseDayText(locale, text);
        if (day && max && day > max && day !== value) onChange(day);
      }}
      onBlur={(e) => markWrong(noDay(e.currentTarget.value))}
      fixOnBlur={!typedNoDay}
      valueFormat={(day) => formatDayText(locale, day)}
      dateParser={(text) => parseDayText(locale, text)}
      placeholder={pattern}
      // the calendar neither offers a later day nor pages to a later month (nor year)
      maxDate={max}
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

/**
 * Whether the text typed is no day (so DateInput must leave it on blur), and whether the field
 * says so; `onWrongText` is told each change of the second. A day set from outside (a form reset,
 * a range button) takes the place of the wrong text.
 */
function useWrongText(value: string, onWrongText: ((wrong: boolean) => void) | undefined) {
  const [typedNoDay, setTypedNoDay] = useState(false);
  const [wrong, setWrong] = useState(false);
  const wrongNow = useRef(false);
  const tell = useRef(onWrongText);
  tell.current = onWrongText;
  const markWrong = useCallback((w: boolean) => {
    if (wrongNow.current === w) return;
    wrongNow.current = w;
    setWrong(w);
    tell.current?.(w);
  }, []);
  useEffect(() => {
    if (!value) return;
    setTypedNoDay(false);
    markWrong(false);
  }, [value, markWrong]);
  return { typedNoDay, setTypedNoDay, wrong, markWrong };
}
