import type { PrinterProblem } from '@duka/domain';
import { RawPrintFailure, printRaw as sendRaw } from '@duka/printer-helper/raw-print';

/** A receipt that did not print, with what the printer said or did as the API's code. */
export class PrinterFailure extends Error {
  override name = 'PrinterFailure';
  constructor(
    readonly code: PrinterProblem,
    message: string,
    /** Whether any of the job had been sent (a drawer pulse at its start may have run). */
    readonly jobSent = false,
  ) {
    super(message);
  }
}

export interface RawPrintOptions {
  /** How long each step may take: connecting, and taking the job. */
  timeoutMs?: number;
  /** How long to wait for the first status answer before taking the printer as one without status. */
  statusWaitMs?: number;
}

const PRINT_TIMEOUT_MS = 8_000;

/**
 * Sends raw ESC/POS bytes to a network receipt printer (raw TCP, usually port 9100) and settles
 * only when the printer has the receipt:
 *
 * - it first asks the printer's real-time status (`DLE EOT 1, 2, 4`). A printer that answers is
 *   refused the job when out of paper, with its cover open or offline; otherwise it gets the job
 *   followed by the same question, and the receipt counts as printed once it answers again, online
 *   with paper (it has read every byte before the question);
 * - a printer that does not answer the status is sent the job and a half-close, and the receipt
 *   counts as printed once the printer closes its side: it has read up to the end;
 * - a printer that takes the connection but never reads, or drops it mid-job, is a failure, never
 *   "printed": the OS taking the bytes proves nothing.
 *
 * The connection's steps are the printer helper's (`@duka/printer-helper/raw-print`, one
 * implementation for both). Rejects with a PrinterFailure whose code is the API's and whose
 * message a person can act on.
 */
export async function printRaw(
  host: string,
  port: number,
  data: Buffer,
  opts: RawPrintOptions = {},
): Promise<void> {
  try {
    await sendRaw(host, port, data, { ...opts, timeoutMs: opts.timeoutMs ?? PRINT_TIMEOUT_MS });
  } catch (err) {
    if (!(err instanceof RawPrintFailure)) throw err;
    const what = err.code === 'printer_unreachable' ? `could not be reached: ${err.why}` : err.why;
    throw new PrinterFailure(err.code, `The printer at ${err.where} ${what}`, !err.nothingSent);
  }
}
