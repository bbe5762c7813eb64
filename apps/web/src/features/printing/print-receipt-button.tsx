import { useEffect, useState } from 'react';
import { Button, type ButtonProps, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter, IconRefresh } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ERROR_WORDS } from '../../lib/error-words';
import { notifySuccess } from '../../lib/notify';
import {
  type PrintContext,
  PrintError,
  claimAutoPrint,
  printReceipt,
} from '../../lib/printing/print-receipt';
import { loadTillPrinting } from '../../lib/printing/till-settings';
import { useSession } from '../../lib/session-context';

/** Where this till prints: the business's roll and network printer, the till's chosen printer. */
export function usePrintContext(): () => PrintContext {
  const { business } = useSession();
  return () => ({
    business: {
      id: business.id,
      receipt_width: business.receipt_width,
      network_printer: business.network_printer,
    },
    helper: loadTillPrinting().helper,
    printer: loadTillPrinting().printer,
  });
}

/** What the printer said (out of paper, cover open, …) in the user's words, else the seed spec's. */
function failureWords(err: unknown, t: TFunction): string {
  const problem = err instanceof PrintError ? err.problem : null;
  return problem ? t(ERROR_WORDS[problem]) : t('printing.failed');
}

/** A failed print stays on screen until dismissed, with what went wrong and a way to print again. */
function showPrintFailure(err: unknown, t: TFunction, retry: () => void): void {
  const id = `print-failed-${Date.now()}`;
  notifications.show({
    id,
    color: 'red',
    title: t('printing.notPrinted'),
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
            notifications.hide(id);
            retry();
          }}
        >
          {t('printing.retry')}
        </Button>
      </Stack>
    ),
  });
}

interface Props extends Pick<ButtonProps, 'size' | 'variant' | 'fullWidth' | 'style'> {
  receiptNo: string;
  /** The till after a sale: print on its own once when this till has auto-print on. */
  auto?: boolean;
}

/**
 * Print (or reprint) a receipt: through the printer helper when one answers, else from the local
 * server to the network printer, else the browser's print dialog. A failure says what the printer
 * said (out of paper, cover open, offline, no answer), else the seed spec's 'Could not connect to
 * printer.', and offers to print again.
 */
export function PrintReceiptButton({ receiptNo, auto = false, variant = 'default', ...rest }: Props) {
  const { t } = useTranslation();
  const context = usePrintContext();
  const [busy, setBusy] = useState(false);

  const run = async (browser: boolean) => {
    setBusy(true);
    try {
      const route = await printReceipt(receiptNo, context(), { browser });
      if (route !== 'browser') notifySuccess(t('printing.sent', { no: receiptNo }));
    } catch (err) {
      console.warn('printing failed', err);
      showPrintFailure(err, t, () => void run(browser));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    // Automatic printing uses a thermal printer only; the browser's dialog waits for a click.
    if (auto && claimAutoPrint(receiptNo, loadTillPrinting())) void run(false);
  }, [auto, receiptNo]); // once per receipt shown

  return (
    <Button
      variant={variant}
      leftSection={<IconPrinter size={18} aria-hidden />}
      loading={busy}
      onClick={() => void run(true)}
      data-testid="print-receipt"
      {...rest}
    >
      {t('printing.print')}
    </Button>
  );
}
