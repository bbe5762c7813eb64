import './styles';
import type { ReactNode } from 'react';
import { Box, Button, ButtonGroup, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-error';
import { useSession } from '../../lib/session-context';
import { useReportFormat } from './report-format';
import type { ReportRange } from './report-range';
import { EXPORT_FORMATS, type ExportFormat } from './reports-api';
import classes from './report-print.module.css';

/** The files a report can be had as, and Print (which prints the page's own print layout). */
function ReportActions({ href }: { href: ((format: ExportFormat) => string) | null }) {
  const { t } = useTranslation();
  // on a phone the four buttons share one row: the file buttons drop their icon
  const roomy = useMediaQuery('(min-width: 36em)', true, { getInitialValueInEffect: false });
  return (
    <Group gap="xs" data-print="hide" wrap="wrap">
      {href && (
        <ButtonGroup aria-label={t('reports.export')}>
          {EXPORT_FORMATS.map((format) => (
            <Button
              key={format}
              component="a"
              href={href(format)}
              download
              variant="default"
              leftSection={roomy ? <IconDownload size={16} aria-hidden /> : undefined}
              data-testid={`export-${format}`}
            >
              <span className="sr-only">{t('reports.exportAs')} </span>
              {format.toUpperCase()}
            </Button>
          ))}
        </ButtonGroup>
      )}
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} aria-hidden />}
        onClick={() => window.print()}
      >
        {t('reports.printButton')}
      </Button>
    </Group>
  );
}

/**
 * A report screen: title and actions, the filter bar, then the figures; printed, only the title,
 * a header (business, range, location, time made) and the figures are left.
 */
export function ReportLayout({
  title,
  range,
  locationName,
  madeAt,
  exportHref,
  filters,
  children,
}: {
  title: string;
  range: ReportRange | null;
  locationName: string | null;
  madeAt: number;
  exportHref: ((format: ExportFormat) => string) | null;
  filters: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const f = useReportFormat();
  return (
    <div className={classes.report}>
      <PageHeader title={title} actions={<ReportActions href={exportHref} />} />
      <div className={classes.printHeader} data-testid="print-header">
        <Text fw={700}>{session.business.name}</Text>
        <Text size="sm">
          {t('reports.printHeader.range')}: {range ? f.range(range) : '—'} · {t('reports.location')}:{' '}
          {locationName ?? t('reports.allLocations')}
        </Text>
        <Text size="sm">
          {t('reports.printHeader.made')}: {madeAt ? f.dateTime(new Date(madeAt).toISOString()) : '—'}
        </Text>
      </div>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        {filters}
        {children}
      </Paper>
    </div>
  );
}

/** Skeletons in the shape of a report: KPI cards, a chart, rows of a table. */
export function ReportLoading({ cards = 4 }: { cards?: number }) {
  return (
    <Stack data-testid="report-loading" aria-busy="true">
      <SimpleGrid cols={{ base: 2, md: cards }}>
        {Array.from({ length: cards }, (_, i) => (
          <Skeleton key={i} h={96} radius="lg" />
        ))}
      </SimpleGrid>
      <Skeleton h={240} radius="lg" />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h={40} />
      ))}
    </Stack>
  );
}

/**
 * A report that did not load: why, and Retry. Figures past what can be shown exactly
 * (`amount_too_large`: stock at absurd quantities or prices) say so, as trying again will not help.
 */
export function ReportError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const tooLarge = error instanceof ApiError && error.code === 'amount_too_large';
  return (
    <Stack align="center" py="xl" role="alert">
      <Text ta="center">{t(tooLarge ? 'reports.tooLarge' : 'reports.loadFailed')}</Text>
      <Button variant="light" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Stack>
  );
}

export function ReportEmpty({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Stack align="center" py="xl" gap="sm" data-testid="report-empty">
      <Text c="dimmed" ta="center">
        {text}
      </Text>
      {action}
    </Stack>
  );
}

/**
 * A report's answer as its page shows it: loading, failed (with a retry), or `children` of it,
 * dimmed while the answer to a changed filter comes (the last one stays in place meanwhile).
 */
export function ReportBody<T>({
  query,
  testId,
  children,
}: {
  query: UseQueryResult<T>;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <ReportLoading />;
  if (query.isError && !query.data)
    return <ReportError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return null;
  return (
    <Box
      style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
      aria-busy={query.isPlaceholderData || undefined}
      data-testid={testId}
    >
      {children(query.data)}
    </Box>
  );
}
