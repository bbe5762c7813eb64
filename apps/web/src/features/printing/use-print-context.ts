import type { PrintContext } from '../../lib/printing/print-context';
import { type TillPrinting, loadTillPrinting } from '../../lib/printing/till-settings';
import { useSession } from '../../lib/session-context';

/** Where this till prints: the business's roll and network printer, the till's chosen printer. */
export function usePrintContext(): (till?: TillPrinting) => PrintContext {
  const { business } = useSession();
  return (till = loadTillPrinting()) => ({
    business: {
      id: business.id,
      receipt_width: business.receipt_width,
      receipt_columns: business.receipt_columns,
      network_printer: business.network_printer,
    },
    helper: till.helper,
    printer: till.printer,
  });
}
