import './styles';
import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';

/**
 * A chart with its heading. The chart is one image to assistive technology, named by `summary`
 * (the figures are in the table below too); its own keyboard layer is left off for that reason.
 * With `empty` (nothing to draw: every figure zero) it says so in words instead of drawing axes of
 * zeros.
 */
export function ChartCard({
  title,
  summary,
  actions,
  children,
  testId,
  flush = false,
  empty,
}: {
  /** Words shown instead of the chart when there is nothing to draw. */
  empty?: string | undefined;
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
      {empty ? (
        <ChartEmpty text={empty} />
      ) : (
        <div role="img" aria-label={`${title}: ${summary}`}>
          {children}
        </div>
      )}
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

/** A chart's place when it has nothing to show: an icon and what to do about it. */
function ChartEmpty({ text }: { text: string }) {
  return (
    <Stack align="center" justify="center" gap="xs" mih={160} py="lg" data-testid="chart-empty">
      <ThemeIcon variant="light" color="gray" size={44} radius="xl" aria-hidden>
        <IconChartBar size={24} />
      </ThemeIcon>
      <Text c="dimmed" size="sm" ta="center" maw={320}>
        {text}
      </Text>
    </Stack>
  );
}
