import './styles';
import type { ReactNode } from 'react';
import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session-context';
import { useReadableLocations } from '../stock';
import type { ReportFilterState } from './use-report-filter';
import {
  REPORT_PRESETS,
  type RangeChoice,
  type ReportPreset,
  choosePreset,
  rangeProblem,
} from './report-range';
import { DayInput } from '../../components/day-input';

/**
 * The filter bar of a report: range presets (today … last month, custom with two days typed in),
 * the location (all, or one active location) and whatever else the report adds (`children`).
 */
export function ReportFilters({
  filter,
  children,
}: {
  /** The page's range and location, as `useReportFilter` holds them. */
  filter: Pick<ReportFilterState, 'choice' | 'setChoice' | 'today' | 'location' | 'setLocation'>;
  children?: ReactNode;
}) {
  const { choice: value, setChoice: onChange, today, location, setLocation: onLocation } = filter;
  const { t } = useTranslation();
  const locations = useReadableLocations();
  // "This week" from the business's first day of the week
  const first = useSession().business.week_start;
  const roomy = useMediaQuery('(min-width: 75em)', true, { getInitialValueInEffect: false });
  const presets = REPORT_PRESETS.map((p) => ({ value: p, label: t(`reports.range.${p}`) }));
  const pick = (p: string | null) => p && onChange(choosePreset(p as ReportPreset, today, value, first));
  return (
    <Stack gap="xs" mb="md" data-print="hide" data-testid="report-filters">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {roomy ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} aria-hidden>
              {t('reports.range.label')}
            </Text>
            <SegmentedControl
              aria-label={t('reports.range.label')}
              data={presets}
              value={value.preset}
              onChange={pick}
            />
          </Stack>
        ) : (
          <Select
            label={t('reports.range.label')}
            data={presets}
            value={value.preset}
            allowDeselect={false}
            onChange={pick}
            w={{ base: '100%', xs: 200 }}
          />
        )}
        <Select
          label={t('reports.location')}
          placeholder={t('reports.allLocations')}
          data={(locations.data ?? []).filter((l) => l.active).map((l) => ({ value: l.id, label: l.name }))}
          value={location}
          onChange={onLocation}
          clearable
          w={{ base: '100%', xs: 200 }}
        />
        {children}
      </Group>
      {value.preset === 'custom' && <CustomRange value={value} onChange={onChange} today={today} />}
    </Stack>
  );
}

/** A custom range: two days typed in, and what is wrong with them. */
function CustomRange({
  value,
  onChange,
  today,
}: {
  value: RangeChoice;
  onChange: (v: RangeChoice) => void;
  today: string;
}) {
  const { t } = useTranslation();
  const problem = rangeProblem(value);
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <DayInput
        label={t('reports.range.from')}
        value={value.from}
        max={today}
        onChange={(from) => onChange({ ...value, from })}
        w={{ base: 'calc(50% - 6px)', xs: 180 }}
      />
      <DayInput
        label={t('reports.range.to')}
        value={value.to}
        max={today}
        error={problem ? t(`reports.range.${problem}`) : undefined}
        onChange={(to) => onChange({ ...value, to })}
        w={{ base: 'calc(50% - 6px)', xs: 180 }}
      />
    </Group>
  );
}
