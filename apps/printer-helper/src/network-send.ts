/**
 * The helper's network printing: `raw-print.ts` (shared with the Duka server), its failures as the
 * page reads them (`PrintError`).
 */
import { type RawPrintOptions, RawPrintFailure, type PrinterProblem, printRaw } from './raw-print.js';

export { STATUS_QUERY, statusAnswer, type PrinterProblem, type RawPrintOptions } from './raw-print.js';

/** The mark of a job of which no byte reached the printer (after the problem's code, if any). */
export const NOTHING_SENT = 'nothing_sent';

/**
 * A failure the page should see as the call's error (QZ's `error` message). When the printer's
 * problem is known the message starts with its code in brackets (`[printer_out_of_paper] …`), so
 * the page can word it in the user's language; `[nothing_sent]` follows when no byte of the job
 * reached the printer, so a cash sale's drawer pulse in it did not run and the page gives the
 * sale's opening back (ADR 12); the rest is for people and the log.
 */
export class PrintError extends Error {
  override name = 'PrintError';
  constructor(
    why: string,
    readonly code: PrinterProblem | null = null,
    readonly nothingSent = false,
  ) {
    const marks = `${code ? `[${code}]` : ''}${nothingSent ? `[${NOTHING_SENT}]` : ''}`;
    super(marks ? `${marks} ${why}` : why);
  }
}

/** Sends a job to the printer called `name` over raw TCP (`printRaw`), failing with a `PrintError`. */
export async function sendNetwork(
  name: string,
  host: string,
  port: number,
  data: Buffer,
  opts: RawPrintOptions,
): Promise<void> {
  try {
    await printRaw(host, port, data, opts);
  } catch (err) {
    if (!(err instanceof RawPrintFailure)) throw err;
    throw new PrintError(`Printer "${name}" (${err.where}): ${err.why}`, err.code, err.nothingSent);
  }
}
