/**
 * The ESC/POS real-time status a receipt printer answers to `DLE EOT n` (Epson's "transmit
 * real-time status"), read the same way by the server's network printing and the printer helper:
 * a receipt counts as printed only once the printer says it is online with paper after the job.
 */

/** `DLE EOT 1` (printer), `DLE EOT 2` (offline cause), `DLE EOT 4` (paper roll sensor). */
export const STATUS_QUERY: readonly number[] = [0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04];

/** How many bytes the printer answers to `STATUS_QUERY`: one per query. */
export const STATUS_ANSWER_LENGTH = 3;

/** What went wrong at the printer, as the API's error codes name it. */
export type PrinterProblem =
  | 'printer_out_of_paper'
  | 'printer_cover_open'
  | 'printer_offline'
  | 'printer_timeout'
  | 'printer_disconnected'
  | 'printer_unreachable';

/** Every printer problem, for those who check a code they were given. */
export const PRINTER_PROBLEMS: readonly PrinterProblem[] = [
  'printer_out_of_paper',
  'printer_cover_open',
  'printer_offline',
  'printer_timeout',
  'printer_disconnected',
  'printer_unreachable',
];

export function isPrinterProblem(code: string): code is PrinterProblem {
  return (PRINTER_PROBLEMS as readonly string[]).includes(code);
}

export interface PrinterState {
  online: boolean;
  coverOpen: boolean;
  paperOut: boolean;
  paperNearEnd: boolean;
}

/** A status byte always has bits 1 and 4 set and bits 0 and 7 clear. */
const isStatusByte = (b: number): boolean => (b & 0x93) === 0x12;

/**
 * The printer's state from its three answers to `STATUS_QUERY`, in order; null when they are not
 * status bytes (a device that does not speak ESC/POS status).
 */
export function readPrinterStatus(answer: ArrayLike<number>): PrinterState | null {
  if (answer.length < STATUS_ANSWER_LENGTH) return null;
  const printer = answer[0]!;
  const offline = answer[1]!;
  const paper = answer[2]!;
  if (![printer, offline, paper].every(isStatusByte)) return null;
  return {
    online: (printer & 0x08) === 0,
    coverOpen: (offline & 0x04) !== 0,
    // Printing stopped at paper end (offline cause), or the roll sensor says the end is reached.
    paperOut: (offline & 0x20) !== 0 || (paper & 0x60) !== 0,
    paperNearEnd: (paper & 0x0c) !== 0,
  };
}

/** What keeps the printer from printing, most specific first; null when it is ready. */
export function printerProblem(state: PrinterState): PrinterProblem | null {
  if (state.coverOpen) return 'printer_cover_open';
  if (state.paperOut) return 'printer_out_of_paper';
  if (!state.online) return 'printer_offline';
  return null;
}

/** The status bytes a printer in this state answers (for fake printers in tests). */
export function statusAnswer(state: Partial<PrinterState> = {}): number[] {
  const s = { online: true, coverOpen: false, paperOut: false, paperNearEnd: false, ...state };
  const offline = !s.online || s.coverOpen || s.paperOut;
  return [
    0x12 | (offline ? 0x08 : 0),
    0x12 | (s.coverOpen ? 0x04 : 0) | (s.paperOut ? 0x20 : 0),
    0x12 | (s.paperNearEnd ? 0x0c : 0) | (s.paperOut ? 0x60 : 0),
  ];
}
