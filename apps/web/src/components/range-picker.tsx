import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Stack.css';
import { Group, SegmentedControl, Select, Stack } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { type RangeChoice, type RangePreset, choose, isBackwards } from '../lib/date-range';
import { DayInput } from './day-input';

/**
 * A period as presets (this month, last 30 days…) and, for "custom", two days typed in. Days are
 * the business's (the caller passes today in its time zone).
 */
export function RangePicker({
  value,
  onChange,
  presets,
  today,
  label,
}: {
  value: RangeChoice;
  onChange: (v: RangeChoice) => void;
  presets: RangePreset[];
  today: string;
  label: string;
}) {
  const { t } = useTranslation();
  const backwards = isBackwards(value);
  const data = presets.map((p) => ({ value: p, label: t(`debtors.range.${p}`) }));
  // Presets as buttons where they fit in one row of the space this picker has (a drawer is
  // narrower than the window; German words are longer), else as a list. About 8 px a letter at
  // this size, and 28 px of padding a button.
  const { ref, width } = useElementSize();
  const needed = data.reduce((sum, d) => sum + d.label.length * 8 + 28, 8);
  const roomy = width >= needed;
  return (
    <Stack ref={ref} gap={6} style={{ flex: '1 1 auto' }}>
      {roomy ? (
        <SegmentedControl
          aria-label={label}
          size="sm"
          data={data}
          value={value.preset}
          onChange={(p) => onChange(choose(p, today, value))}
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        />
      ) : (
        <Select
          aria-label={label}
          data={data}
          value={value.preset}
          allowDeselect={false}
          onChange={(p) => p && onChange(choose(p, today, value))}
        />
      )}
      {value.preset === 'custom' && (
        <Group gap="xs" wrap="wrap" align="flex-start">
          <DayInput
            label={t('debtors.range.from')}
            value={value.from}
            max={today}
            onChange={(from) => onChange({ ...value, from })}
            w={170}
          />
          <DayInput
            label={t('debtors.range.to')}
            value={value.to}
            max={today}
            error={backwards ? t('debtors.range.backwards') : undefined}
            onChange={(to) => onChange({ ...value, to })}
            w={170}
          />
        </Group>
      )}
    </Stack>
  );
}
