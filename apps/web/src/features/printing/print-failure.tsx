import './styles';
import { Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { errorWordsOf } from '../../lib/error-words';
import { hideToast, showToast } from '../../lib/notify';
import { PrintError } from '../../lib/printing/print-receipt';

/** What the printer said (out of paper, cover open, …) in the user's words, else the seed spec's. */
function failureWords(err: unknown, t: TFunction): string {
  const problem = err instanceof PrintError ? err.problem : null;
  return problem ? t(errorWordsOf(problem)) : t('printing.failed');
}

/** A failed print (or drawer opening) stays on screen until dismissed, with what went wrong and a way to print again. */
export function showPrintFailure(err: unknown, t: TFunction, retry: () => void, title: string): void {
  const id = `print-failed-${Date.now()}`;
  showToast({
    id,
    color: 'red',
    title: t(title),
    autoClose: false,
    closeButtonProps: { 'aria-label': t('common.close') },
    message: (
      <Stack gap="xs" align="flex-start" data-testid="print-failure">
        <Text size="sm">{failureWords(err, t)}</Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => {
            hideToast(id);
            retry();
          }}
        >
          {t('printing.retry')}
        </Button>
      </Stack>
    ),
  });
}
