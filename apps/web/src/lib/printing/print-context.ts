// Where this till prints, and whether it can open the drawer: without the printing code
// (print-receipt.ts), which the till's header loads when the drawer is first opened (issue 21).
import type { ReceiptColumns, RollWidth } from '@duka/domain';

/**
 * Where this till prints: the business's roll and characters per line (32, 42 or 48) and network
 * printer, the till's chosen printer.
 */
export interface PrintContext {
  business: {
    id: string;
    receipt_width: RollWidth;
    receipt_columns: ReceiptColumns;
    network_printer: boolean;
  };
  /** Whether this till chose the printer helper (printer settings); without it the helper is never probed. */
  helper: boolean;
  /** The printer this till chose in the helper; null: the helper's default printer. */
  printer: string | null;
}

/** Whether this till has a way to open the cash drawer: its helper, or the local server's network printer. */
export function canOpenDrawer(ctx: PrintContext): boolean {
  return ctx.helper || ctx.business.network_printer;
}
