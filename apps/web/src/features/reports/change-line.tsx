import './styles';
import { Group, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeOf } from './chart-data';
import { useReportFormat } from './report-format';

/**
 * Under a KPI: how it moved against the period before (`▲ +12 % · before KES 10,000.00`). The
 * sign is written and an arrow drawn, so colour is never the only signal; for costs, down is good.
 */
export function ChangeLine({
  current,
  previous,
  show,
  against,
  goodWhenDown = false,
  testId,
}: {
  current: number;
  previous: number | undefined;
  show: (v: number) => string;
  /** What the previous figure is called: "before", "yesterday". */
  against?: string;
  goodWhenDown?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const f = useReportFormat();
  if (previous === undefined) return null;
  const c = changeOf(current, previous);
  const good = c.direction === 'flat' ? null : (c.direction === 'up') !== goodWhenDown;
  const color =
    good === null ? 'dimmed' : good ? 'var(--mantine-color-teal-text)' : 'var(--mantine-color-error)';
  const Icon =
    c.direction === 'up' ? IconArrowUpRight : c.direction === 'down' ? IconArrowDownRight : IconArrowRight;
  const label = against ?? t('reports.change.before');
  return (
    <Group gap={4} justify="flex-end" wrap="wrap" data-testid={testId}>
      {c.ratio !== null && (
        <Text
          span
          size="xs"
          fw={700}
          c={color}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
        >
          <Icon size={14} aria-hidden />
          {c.direction === 'flat' ? t('reports.change.same') : f.ratio(c.ratio)}
        </Text>
      )}
      <Text span size="xs" c="dimmed">
        {label}: {show(previous)}
      </Text>
    </Group>
  );
}
