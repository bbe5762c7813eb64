import './styles';
import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { PrintError, claimAutoPrint, printReceipt } from '../../lib/printing/print-receipt';
import { loadTillPrinting } from '../../lib/printing/till-settings';
import { showPrintFailure } from './print-failure';
import { usePrintContext } from './use-print-context';

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
    const ctx = context();
    try {
      const route = await printReceipt(receiptNo, ctx, {
        browser,
        title: t('receipts.alt', { no: receiptNo }),
      });
      if (route !== 'browser') notifySuccess(t('printing.sent', { no: receiptNo }));
    } catch (err) {
      console.warn('printing failed', err);
      // An automatic print with nowhere to go (no helper answered, no network printer): printing
      // again is a click, so it may open the browser's print as the Print button does; and when
      // this till prints through the helper, the toast says that no helper answers.
      const nowhere = err instanceof PrintError && err.route === 'none';
      const title = nowhere && ctx.helper ? 'printing.settings.absent' : 'printing.notPrinted';
      showPrintFailure(err, t, () => void run(browser || nowhere), title);
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
