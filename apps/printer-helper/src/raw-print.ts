import net from 'node:net';

/**
 * Raw TCP printing that tells the truth (ADR 12): "printed" only once the printer has the receipt.
 * The one implementation: the helper prints with it (`network-send.ts`), and the Duka server's
 * network printing imports it (`@duka/printer-helper/raw-print`), since the helper ships on its own
 * and so cannot import the server's code. The status bytes are read as `@duka/domain`'s
 * printer-status reads them (the helper cannot import that either; its tests pin the same bytes).
 */

/** What went wrong at the printer, named as Duka's API names it. */
export type PrinterProblem =
  | 'printer_out_of_paper'
  | 'printer_cover_open'
  | 'printer_offline'
  | 'printer_timeout'
  | 'printer_disconnected'
  | 'printer_unreachable';

/**
 * A job that did not print: the printer's problem, what happened in words for people and the log
 * (the caller says which printer), and whether no byte of the job reached the printer (so a cash
 * drawer pulse in it did not run, ADR 12).
 */
export class RawPrintFailure extends Error {
  override name = 'RawPrintFailure';
  constructor(
    readonly code: PrinterProblem,
    readonly why: string,
    readonly where: string,
    readonly nothingSent: boolean,
  ) {
    super(`${where}: ${why}`);
  }
}

/** `DLE EOT 1` (printer), `DLE EOT 2` (offline cause), `DLE EOT 4` (paper roll sensor). */
export const STATUS_QUERY = Buffer.from([0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04]);
const STATUS_ANSWER_LENGTH = 3;
const QUERY = STATUS_QUERY;

export interface PrinterState {
  online: boolean;
  coverOpen: boolean;
  paperOut: boolean;
}

/** A status byte always has bits 1 and 4 set and bits 0 and 7 clear. */
const isStatusByte = (b: number): boolean => (b & 0x93) === 0x12;

export function readPrinterStatus(answer: Buffer): PrinterState | null {
  const [printer = 0, offline = 0, paper = 0] = answer;
  if (answer.length < STATUS_ANSWER_LENGTH || ![printer, offline, paper].every(isStatusByte)) return null;
  return {
    online: (printer & 0x08) === 0,
    coverOpen: (offline & 0x04) !== 0,
    paperOut: (offline & 0x20) !== 0 || (paper & 0x60) !== 0,
  };
}

export function printerProblem(state: PrinterState): PrinterProblem | null {
  if (state.coverOpen) return 'printer_cover_open';
  if (state.paperOut) return 'printer_out_of_paper';
  if (!state.online) return 'printer_offline';
  return null;
}

/** The status bytes a printer in this state answers (the tests' fake printers). */
export function statusAnswer(state: Partial<PrinterState> = {}): Buffer {
  const s = { online: true, coverOpen: false, paperOut: false, ...state };
  const offline = !s.online || s.coverOpen || s.paperOut;
  return Buffer.from([
    0x12 | (offline ? 0x08 : 0),
    0x12 | (s.coverOpen ? 0x04 : 0) | (s.paperOut ? 0x20 : 0),
    0x12 | (s.paperOut ? 0x60 : 0),
  ]);
}

const SAID: Record<'printer_out_of_paper' | 'printer_cover_open' | 'printer_offline', string> = {
  printer_out_of_paper: 'is out of paper',
  printer_cover_open: 'has its cover open',
  printer_offline: 'is offline',
};

export interface RawPrintOptions {
  /** How long each step may take: connecting, and taking the job. */
  timeoutMs: number;
  /** How long to wait for the first status answer before taking the printer as one without status. */
  statusWaitMs?: number;
}

const STATUS_WAIT_MS = 1_500;

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is the printer on, and is this its address and port?)',
  EHOSTUNREACH: 'host unreachable (is the printer on this network?)',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'unknown host name',
  EAI_AGAIN: 'host name lookup failed',
};

/**
 * Sends a job over raw TCP ("JetDirect", port 9100). It first asks the printer's real-time
 * status (`DLE EOT 1, 2, 4`): a printer that answers is refused the job when out of paper, with
 * its cover open or offline, else gets the job and the question again, and the job counts as
 * printed once it answers online with paper (it has read every byte before the question). A
 * printer that does not answer gets the job and a half-close, and the job counts once the printer
 * closes its side. Taking the connection and never reading, or dropping it mid-job, is a failure.
 */
export function printRaw(host: string, port: number, data: Buffer, opts: RawPrintOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    new RawPrintJob(host, port, data, opts, (err) => (err ? reject(err) : resolve())).start();
  });
}

/** One job's connection: connecting → asking (the first status) → printing (the status after the job) or blind. */
class RawPrintJob {
  private readonly where: string;
  private readonly timeoutMs: number;
  private readonly statusWaitMs: number;
  private readonly socket: net.Socket;
  private phase: 'connecting' | 'asking' | 'printing' | 'blind' = 'connecting';
  private answers = Buffer.alloc(0);
  private settled = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    host: string,
    port: number,
    private readonly data: Buffer,
    opts: RawPrintOptions,
    private readonly done: (err?: RawPrintFailure) => void,
  ) {
    this.where = `${host}:${port}`;
    this.timeoutMs = opts.timeoutMs;
    this.statusWaitMs = Math.min(opts.statusWaitMs ?? STATUS_WAIT_MS, this.timeoutMs);
    this.socket = net.connect({ host, port });
  }

  start(): void {
    const socket = this.socket;
    this.arm(this.timeoutMs, () => this.fail('printer_timeout', 'did not answer the connection in time'));
    // `on`, not `once`: a second error event with no listener would bring the server down.
    socket.on('error', (err: NodeJS.ErrnoException) => this.onError(err));
    socket.once('connect', () => this.ask());
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('end', () => {
      // The printer closed its side. Without status, that is its word that it read everything.
      if (this.phase === 'blind' && socket.writableFinished) this.settle();
      else this.fail('printer_disconnected', 'closed the connection before the receipt was printed');
    });
    socket.on('close', () =>
      this.fail('printer_disconnected', 'closed the connection before the receipt was printed'),
    );
  }

  private ask(): void {
    this.phase = 'asking';
    this.socket.write(QUERY);
    this.arm(this.statusWaitMs, () => {
      // No status answer: a printer that does not report it, or one that is not reading at all.
      this.phase = 'blind';
      this.socket.end(this.data);
      this.arm(this.timeoutMs, () =>
        this.fail('printer_timeout', 'took the connection but did not take the receipt in time'),
      );
    });
  }

  private onError(err: NodeJS.ErrnoException): void {
    if (this.phase !== 'connecting') {
      this.fail(
        'printer_disconnected',
        `dropped the connection before the receipt was printed (${err.code ?? err.message})`,
      );
    } else {
      this.fail('printer_unreachable', err.code ? (NETWORK_ERRORS[err.code] ?? err.code) : err.message);
    }
  }

  private onData(chunk: Buffer): void {
    this.answers = Buffer.concat([this.answers, chunk]);
    while (this.answers.length >= STATUS_ANSWER_LENGTH && !this.settled) {
      const state = readPrinterStatus(this.answers.subarray(0, STATUS_ANSWER_LENGTH));
      this.answers = this.answers.subarray(STATUS_ANSWER_LENGTH);
      if (!state) continue; // not a status: nothing this path reads
      const problem = printerProblem(state);
      if (problem) this.fail(problem, SAID[problem as keyof typeof SAID] ?? 'cannot print');
      else if (this.phase === 'asking') {
        this.phase = 'printing';
        this.socket.write(this.data);
        this.socket.write(QUERY);
        this.arm(this.timeoutMs, () => this.fail('printer_timeout', 'did not confirm the receipt in time'));
      } else if (this.phase === 'printing') this.settle();
    }
  }

  private arm(ms: number, onTimeout: () => void): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(onTimeout, ms);
  }

  private fail(code: PrinterProblem, why: string): void {
    // before the job's bytes are written (a refusal on the first status, no connection), none went
    const nothingSent = this.phase === 'connecting' || this.phase === 'asking';
    this.settle(new RawPrintFailure(code, why, this.where, nothingSent));
  }

  private settle(err?: RawPrintFailure): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    if (err) this.socket.destroy();
    else this.socket.end(() => this.socket.destroy());
    this.done(err);
  }
}
