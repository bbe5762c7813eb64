import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import type { ReactNode } from 'react';
import { Button, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The states every list shows: loading (skeletons), failed (with a retry), empty, and its pages. */

/** Rows of skeletons while a list loads (never a spinner on a blank page). */
export function ListLoading({ rows = 5, testId }: { rows?: number; testId?: string }) {
  return (
    <Stack data-testid={testId} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} h={44} />
      ))}
    </Stack>
  );
}

export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl" role="alert">
      <Text>{t('common.loadFailed')}</Text>
      <Button variant="light" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Stack>
  );
}

export function ListEmpty({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Text c="dimmed" ta="center">
        {text}
      </Text>
      {action}
    </Stack>
  );
}

/** Pages of a long list, with how many are shown of how many. */
export function Pager({
  page,
  pageSize,
  total,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t('common.pageOf', {
          first: (page - 1) * pageSize + 1,
          last: Math.min(page * pageSize, total),
          total,
        })}
      </Text>
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        size="sm"
        getControlProps={(c) => ({
          'aria-label':
            c === 'previous' ? t('common.previousPage') : c === 'next' ? t('common.nextPage') : undefined,
        })}
      />
    </Group>
  );
}
