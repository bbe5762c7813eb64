import { STATUS_QUERY } from '@duka/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakePrinter, type FakePrinterMode, startFakePrinter } from '../../test/fake-printer.js';
import { PrinterFailure, printRaw } from './network-printer.js';

const JOB = Buffer.from([0x1b, 0x40, 0x48, 0x69, 0x0a, 0x1d, 0x56, 0x42, 0x00]);
const fast = { timeoutMs: 800, statusWaitMs: 200 };

let printer: FakePrinter | null = null;
afterEach(async () => {
  await printer?.close();
  printer = null;
});

async function printTo(mode: FakePrinterMode): Promise<PrinterFailure | null> {
  printer = await startFakePrinter(mode);
  try {
    await printRaw('127.0.0.1', printer.port, JOB, fast);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(PrinterFailure);
    return err as PrinterFailure;
  }
}

describe('printRaw: "printed" only once the printer has the receipt', () => {
  it('asks the status before and after the job, and succeeds when the printer says online with paper', async () => {
    expect(await printTo('ready')).toBeNull();
    await expect.poll(() => printer!.jobs.length).toBe(1);
    expect(printer!.jobs[0]!.equals(JOB)).toBe(true);
    expect(printer!.queries).toBe(2);
  });

  it.each([
    [{ paperOut: true }, 'printer_out_of_paper', /out of paper/],
    [{ coverOpen: true }, 'printer_cover_open', /cover open/],
    [{ online: false }, 'printer_offline', /offline/],
  ] as const)('refuses the job when the printer says %j', async (state, code, words) => {
    const failure = await printTo(state);
    expect(failure?.code).toBe(code);
    expect(failure?.message).toMatch(words);
    // the job itself was never sent: only the status question
    expect(printer!.queries).toBe(1);
  });

  it('reports out of paper when the paper runs out during the job', async () => {
    expect((await printTo('runs-out'))?.code).toBe('printer_out_of_paper');
  });

  it('is not "printed" when the printer takes the connection and never reads', async () => {
    const failure = await printTo('never-reads');
    expect(failure?.code).toBe('printer_timeout');
  });

  it('is not "printed" when the printer resets the connection mid-job', async () => {
    expect((await printTo('resets-mid-job'))?.code).toBe('printer_disconnected');
  });

  it('prints to a printer without status once it has read the job and closed its side', async () => {
    expect(await printTo('no-status')).toBeNull();
    await expect.poll(() => printer!.jobs.length).toBe(1);
    expect(printer!.jobs[0]!.equals(JOB)).toBe(true);
  });

  it('says the printer refused the connection, and times out on an address that never answers', async () => {
    printer = await startFakePrinter('ready');
    const port = printer.port;
    await printer.close();
    printer = null;
    const refused = await printRaw('127.0.0.1', port, JOB, fast).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'printer_unreachable' });
    expect((refused as Error).message).toContain('refused');
    // a documentation address (TEST-NET-1) is never routed: the connection never completes
    const silent = await printRaw('192.0.2.1', 9100, JOB, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect((silent as PrinterFailure).code).toMatch(/printer_timeout|printer_unreachable/);
  });

  it('the status question is DLE EOT 1, 2, 4', () => {
    expect(Buffer.from(STATUS_QUERY).toString('hex')).toBe('100401100402100404');
  });
});
