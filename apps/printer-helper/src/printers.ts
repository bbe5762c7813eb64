import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import type { PrinterConfig } from './config.js';
import { PrintError, sendNetwork } from './network-send.js';

export { PrintError } from './network-send.js';

export interface SendOptions {
  jobName?: string | null;
  lpCommand?: string;
  /** How long to wait to connect, or for `lp`; a thermal printer answers at once or never. */
  timeoutMs?: number;
  /** How long a network printer may take to answer its status before it is taken as one without. */
  statusWaitMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export async function sendToPrinter(
  printer: PrinterConfig,
  bytes: Buffer,
  opts: SendOptions = {},
): Promise<void> {
  switch (printer.type) {
    case 'network':
      return sendNetwork(printer.name, printer.host, printer.port, bytes, {
        timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        statusWaitMs: opts.statusWaitMs,
      });
    case 'device':
      return sendDevice(printer.path, bytes, printer.name, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    case 'cups':
      return sendCups(printer.queue, bytes, opts, printer.name);
  }
}

/**
 * A device file (`/dev/usb/lp0`, a serial port). A printer that is off, out of paper or stuck can
 * block the open or the write for ever; the job then fails after `timeoutMs` with a message, and
 * the blocked write finishes (or not) on its own without holding the page up.
 */
async function sendDevice(path: string, bytes: Buffer, name: string, timeoutMs: number): Promise<void> {
  const write = async () => {
    let handle: fs.FileHandle | undefined;
    try {
      handle = await fs.open(path, 'a');
      await handle.write(bytes);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      const hint = e.code === 'EACCES' ? ' (is this user in the "lp" or "dialout" group?)' : '';
      // a device that would not open took nothing
      throw new PrintError(`Printer "${name}" (${path}): ${e.code ?? e.message}${hint}`, null, !handle);
    } finally {
      await handle?.close().catch(() => undefined);
    }
  };
  const job = write();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new PrintError(
            `Printer "${name}" (${path}): did not take the job within ${timeoutMs / 1000} s (is it on, with paper?)`,
            'printer_timeout',
          ),
        ),
      timeoutMs,
    );
  });
  try {
    await Promise.race([job, late]);
  } finally {
    clearTimeout(timer);
    job.catch(() => undefined); // a failure after the timeout has already been reported
  }
}

/** A CUPS queue printed raw: the bytes go to `lp` on stdin, untouched by any driver. */
function sendCups(queue: string, bytes: Buffer, opts: SendOptions, name: string): Promise<void> {
  const command = opts.lpCommand ?? 'lp';
  const args = ['-d', queue, '-o', 'raw', ...(opts.jobName ? ['-t', opts.jobName] : [])];
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let stderr = '';
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    const finish = (err?: PrintError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve();
    };
    const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS * 3;
    const timer = setTimeout(() => {
      child.kill();
      finish(
        new PrintError(
          `Printer "${name}": ${command} did not finish within ${Math.round(timeoutMs / 1000)} s`,
        ),
      );
    }, timeoutMs);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 2000) stderr += chunk;
    });
    child.once('error', (err: NodeJS.ErrnoException) => {
      const hint = err.code === 'ENOENT' ? ' (is the CUPS client installed?)' : '';
      finish(new PrintError(`Printer "${name}": cannot run ${command}: ${err.code ?? err.message}${hint}`));
    });
    child.once('close', (code, signal) => {
      if (code === 0) finish();
      else {
        const why = stderr.trim() || (signal ? `killed by ${signal}` : `exit code ${code}`);
        finish(new PrintError(`Printer "${name}": ${command} -d ${queue} failed: ${why}`));
      }
    });
    // lp may exit before reading everything (unknown queue); its exit code tells why, not EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(bytes);
  });
}

const ESC = 0x1b;
const GS = 0x1d;

/** A short ESC/POS page: initialise, a few lines, feed and cut. */
export function escposTestPage(printerName: string, now: Date = new Date()): Buffer {
  const text = (s: string) => Buffer.from(s, 'latin1');
  return Buffer.concat([
    Buffer.from([ESC, 0x40]), // ESC @: initialise
    Buffer.from([ESC, 0x61, 0x01]), // centre
    Buffer.from([ESC, 0x45, 0x01]), // bold on
    text('Duka printer helper\n'),
    Buffer.from([ESC, 0x45, 0x00]),
    text('Test page\n\n'),
    Buffer.from([ESC, 0x61, 0x00]), // left
    text(`Printer: ${printerName}\n`),
    text(`Time: ${now.toISOString().replace('T', ' ').slice(0, 19)} UTC\n`),
    text('0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ\n'),
    text('If you can read this, printing works.\n'),
    Buffer.from([GS, 0x56, 0x42, 0x03]), // GS V 66 3: feed 3 lines, then cut
  ]);
}
