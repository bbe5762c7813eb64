import net from 'node:net';
import {
  type PrinterProblem,
  STATUS_ANSWER_LENGTH,
  STATUS_QUERY,
  printerProblem,
  readPrinterStatus,
} from '@duka/domain';

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
const STATUS_WAIT_MS = 1_500;
const QUERY = Buffer.from(STATUS_QUERY);

const SAID: Record<'printer_out_of_paper' | 'printer_cover_open' | 'printer_offline', string> = {
  printer_out_of_paper: 'is out of paper',
  printer_cover_open: 'has its cover open',
  printer_offline: 'is offline',
};

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
 * Rejects with a PrinterFailure whose code is the API's and whose message a person can act on.
 */
export function printRaw(
  host: string,
  port: number,
  data: Buffer,
  opts: RawPrintOptions = {},
): Promise<void> {
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
  private sent = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    host: string,
    port: number,
    private readonly data: Buffer,
    opts: RawPrintOptions,
    private readonly done: (err?: PrinterFailure) => void,
  ) {
    this.where = `${host}:${port}`;
    this.timeoutMs = opts.timeoutMs ?? PRINT_TIMEOUT_MS;
    this.statusWaitMs = Math.min(opts.statusWaitMs ?? STATUS_WAIT_MS, this.timeoutMs);
    this.socket = net.connect({ host, port });
  }

  start(): void {
    const { socket } = this;
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
      this.sent = true;
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
    } else if (err.code === 'ECONNREFUSED') this.fail('printer_unreachable', 'refused the connection');
    else this.fail('printer_unreachable', `could not be reached (${err.code ?? err.message})`);
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
        this.sent = true;
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
    this.settle(new PrinterFailure(code, `The printer at ${this.where} ${why}`, this.sent));
  }

  private settle(err?: PrinterFailure): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    if (err) this.socket.destroy();
    else this.socket.end(() => this.socket.destroy());
    this.done(err);
  }
}
