import '@mantine/charts/styles.css';
import type { ReactNode } from 'react';
import { Group, Paper, Title } from '@mantine/core';

/**
 * A chart with its heading. The chart is one image to assistive technology, named by `summary`
 * (the figures are in the table below too); its own keyboard layer is left off for that reason.
 */
export function ChartCard({
  title,
  summary,
  actions,
  children,
  testId,
  flush = false,
}: {
  /** In a grid: no margin under it, as tall as its row. */
  flush?: boolean;
  title: string;
  summary: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      mb={flush ? 0 : 'md'}
      h={flush ? '100%' : undefined}
      data-testid={testId}
      data-print="avoid-break"
    >
      <Group justify="space-between" mb="sm" gap="xs" wrap="wrap">
        <Title order={2} size="h5">
          {title}
        </Title>
        {actions}
      </Group>
      <div role="img" aria-label={`${title}: ${summary}`}>
        {children}
      </div>
    </Paper>
  );
}

/** Props every chart here shares: no recharts keyboard layer, calm tooltips. */
export const CHART_DEFAULTS = {
  accessibilityLayer: false,
  tooltipAnimationDuration: 150,
} as const;

/** A legend under the chart listing the series in the order given (recharts sorts by name). */
export function legendInOrder(names: string[]) {
  return {
    verticalAlign: 'bottom' as const,
    itemSorter: (item: { dataKey?: unknown }) => names.indexOf(String(item.dataKey)),
  };
}
