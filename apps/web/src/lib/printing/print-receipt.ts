import {
  DRAWER_JOB_NAME,
  DRAWER_KICK,
  type PrinterProblem,
  isPrinterProblem,
  receiptJobName,
} from '@duka/domain';
import { api } from '../api-client';
import { ApiError } from '../api-error';
import { printInBrowser } from './browser-print';
import { HelperUnreachableError, type QzApi, connectHelper, withTimeout } from './qz';
import type { PrintContext } from './print-context';
import type { TillPrinting } from './till-settings';

const schemas = () => import('./print-schemas');

/** Where a receipt went: the till's helper, the local server's network printer, the browser. */
export type PrintRoute = 'helper' | 'network' | 'browser';

/**
 * What the printer said or did, from the server's refusal (its code) or the helper's error (its
 * message starts with the code in brackets: `[printer_out_of_paper] Printer "Counter" …`); a call
 * that outlived its time is a time-out. Null when the failure does not say.
 */
export function printerProblemOf(err: unknown): PrinterProblem | null {
  if (err instanceof ApiError) return err.kind === 'http' && isPrinterProblem(err.code) ? err.code : null;
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  if (message === 'timeout') return 'printer_timeout';
  const code = /^\[([a-z_]+)\]/.exec(message)?.[1];
  return code && isPrinterProblem(code) ? code : null;
}

/**
 * Whether the helper's error says that no byte of the job reached the printer: its message's
 * marks, `[printer_out_of_paper][nothing_sent] …` (a refusal on the printer's first status, no
 * connection). An older helper does not say, and nothing is then taken as unsent.
 */
export function nothingSent(err: unknown): boolean {
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  return /^(?:\[[a-z_]+\])?\[nothing_sent\]/.test(message);
}

/** Whether ESC/POS bytes (base64) hold the cash drawer's pulse. */
function pulses(base64: string): boolean {
  return atob(base64).includes(String.fromCharCode(...DRAWER_KICK));
}

/**
 * A receipt that did not print; `route` is where it was sent ('none': nowhere to send it), and
 * `problem` what the printer said or did, when known.
 */
export class PrintError extends Error {
  readonly problem: PrinterProblem | null;
  constructor(
    readonly route: PrintRoute | 'none',
    cause?: unknown,
  ) {
    super(`Printing failed (${route})`);
    this.cause = cause;
    this.problem = printerProblemOf(cause);
  }
}

/** A helper that does not answer this fast is taken as absent (a local websocket answers at once). */
export const HELPER_PROBE_MS = 2500;
const PRINT_TIMEOUT_MS = 30_000;

/** The seed spec's job name: 'Receipt #123456' (the domain's, as the server names the job). */
export { receiptJobName };

const receiptPath = (receiptNo: string) => `/api/receipts/${encodeURIComponent(receiptNo)}`;

/** The printer to use: the till's choice as the helper names it, else the helper's default. */
export async function pickPrinter(qz: QzApi, chosen: string | null): Promise<string> {
  const found = chosen ? await qz.printers.find(chosen) : await qz.printers.getDefault();
  const name = Array.isArray(found) ? found[0] : found;
  if (!name) throw new Error('The printer helper has no default printer');
  return name;
}

/** The receipt's ESC/POS bytes from the server, sent raw through the helper as one job. */
export async function printThroughHelper(qz: QzApi, receiptNo: string, ctx: PrintContext): Promise<void> {
  const printer = await pickPrinter(qz, ctx.printer);
  const job = await api(`${receiptPath(receiptNo)}/escpos?columns=${ctx.business.receipt_columns}`, {
    schema: () => schemas().then((m) => m.escPosJobSchema),
  });
  const config = qz.configs.create(printer, { jobName: job.job_name || receiptJobName(receiptNo) });
  try {
    await withTimeout(
      qz.print(config, [{ type: 'raw', format: 'command', flavor: 'base64', data: job.data }]),
      PRINT_TIMEOUT_MS,
    );
  } catch (err) {
    // none of the bytes reached the printer: the original print the server counted when it signed
    // them is given back, so Print again is no "COPY"; a pulsed first print (a cash sale, refund or
    // debt payment) gives its drawer opening back with it, so Print again opens the drawer (ADR 12)
    if (nothingSent(err)) await giveBack(receiptNo, pulses(job.data) ? 'drawer-return' : 'print-return');
    throw err;
  }
}

/** Gives a first print (and its drawer opening) back; a failure leaves the print's own to be shown. */
async function giveBack(receiptNo: string, what: 'drawer-return' | 'print-return'): Promise<void> {
  await api(`${receiptPath(receiptNo)}/${what}`, {
    method: 'POST',
    retry: true,
    schema: () => schemas().then((m) => m.drawerReturnSchema),
  }).catch((err: unknown) => console.warn(`${what} failed`, err));
}

/**
 * Prints a receipt the best way this till has: through the printer helper when the till chose it
 * and it answers, else from the local server to the profile's network printer, else (when
 * `browser`) with the browser's print dialog. Throws PrintError when the chosen way fails.
 */
export async function printReceipt(
  receiptNo: string,
  ctx: PrintContext,
  opts: { browser: boolean; title?: string },
): Promise<PrintRoute> {
  let qz: QzApi | null = null;
  try {
    if (ctx.helper) qz = await connectHelper(ctx.business.id, HELPER_PROBE_MS);
  } catch (err) {
    if (!(err instanceof HelperUnreachableError)) throw new PrintError('helper', err);
  }
  if (qz) {
    try {
      await printThroughHelper(qz, receiptNo, ctx);
      return 'helper';
    } catch (err) {
      throw new PrintError('helper', err);
    }
  }
  if (ctx.business.network_printer) {
    try {
      await api(`${receiptPath(receiptNo)}/print`, { method: 'POST', retry: false });
      return 'network';
    } catch (err) {
      throw new PrintError('network', err);
    }
  }
  if (!opts.browser) throw new PrintError('none');
  try {
    // the page's title names the PDF a browser saves: the user's words (`title`), else the job's name
    await printInBrowser(receiptNo, ctx.business, opts.title ?? receiptJobName(receiptNo));
    return 'browser';
  } catch (err) {
    throw new PrintError('browser', err);
  }
}

/**
 * Opens the cash drawer on demand: the pulse alone, through the helper (signed by the server for a
 * user who may take cash) when this till chose it, else through the local server's network
 * printer. The server refuses a user without the right. Throws PrintError when it fails.
 */
export async function openDrawer(ctx: PrintContext): Promise<PrintRoute> {
  if (ctx.helper) {
    try {
      const qz = await connectHelper(ctx.business.id, HELPER_PROBE_MS);
      const printer = await pickPrinter(qz, ctx.printer);
      const config = qz.configs.create(printer, { jobName: DRAWER_JOB_NAME });
      const data = btoa(String.fromCharCode(...DRAWER_KICK));
      await withTimeout(
        qz.print(config, [{ type: 'raw', format: 'command', flavor: 'base64', data }]),
        PRINT_TIMEOUT_MS,
      );
      return 'helper';
    } catch (err) {
      throw new PrintError('helper', err);
    }
  }
  if (!ctx.business.network_printer) throw new PrintError('none');
  try {
    await api('/api/print/drawer', {
      method: 'POST',
      retry: false,
      schema: () => schemas().then((m) => m.drawerOpenedSchema),
    });
    return 'network';
  } catch (err) {
    throw new PrintError('network', err);
  }
}

const autoPrinted = new Set<string>();

/** Whether this till prints this receipt on its own: auto-print on, and only the first time. */
export function claimAutoPrint(receiptNo: string, settings: Pick<TillPrinting, 'autoPrint'>): boolean {
  if (!settings.autoPrint || autoPrinted.has(receiptNo)) return false;
  autoPrinted.add(receiptNo);
  return true;
}
