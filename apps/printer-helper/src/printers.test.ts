import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escposTestPage, PrintError, sendToPrinter } from './printers.js';
import {
  closedPort,
  connect,
  errorOf,
  loadQz,
  makeBusiness,
  startFakePrinter,
  startTestHelper,
  tempDir,
  useBusiness,
  type FakePrinter,
} from './test/harness.js';

const bytes = Buffer.from([0x1b, 0x40, 0x41, 0x00, 0xff, 0x0a, 0x1d, 0x56, 0x00]);
let dir: string;
let printer: FakePrinter;

/** A stand-in for `lp` that records its arguments and stdin, or fails like CUPS does. */
function fakeLp(name: string, body: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

beforeAll(async () => {
  dir = tempDir();
  printer = await startFakePrinter();
});

afterAll(async () => {
  await printer.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('transports', () => {
  it('sends raw bytes over TCP', async () => {
    const job = printer.nextJob();
    await sendToPrinter({ name: 'Counter', type: 'network', host: '127.0.0.1', port: printer.port }, bytes);
    expect((await job).equals(bytes)).toBe(true);
  });

  it('reports a network printer with nothing listening as a PrintError', async () => {
    const port = await closedPort();
    const err = await errorOf(
      sendToPrinter({ name: 'Gone', type: 'network', host: '127.0.0.1', port }, bytes),
    );
    expect(err).toBeInstanceOf(PrintError);
    expect(err.message).toMatch(/Gone.*connection refused/);
  });

  it('appends to a device file, and explains a path it cannot open', async () => {
    const file = path.join(dir, 'lp0');
    await sendToPrinter({ name: 'USB', type: 'device', path: file }, bytes);
    await sendToPrinter({ name: 'USB', type: 'device', path: file }, Buffer.from('2'));
    expect(fs.readFileSync(file).equals(Buffer.concat([bytes, Buffer.from('2')]))).toBe(true);
    const err = await errorOf(
      sendToPrinter({ name: 'USB', type: 'device', path: path.join(dir, 'no/such/dir/lp0') }, bytes),
    );
    expect(err.message).toMatch(/ENOENT/);
  });

  it('gives up on a device that never takes the job, with a message, instead of waiting for ever', async () => {
    // A FIFO nobody reads blocks the open, like a printer that is off or stuck.
    const fifo = path.join(dir, 'stuck-lp');
    execFileSync('mkfifo', [fifo]);
    const err = await errorOf(
      sendToPrinter({ name: 'Stuck', type: 'device', path: fifo }, bytes, { timeoutMs: 300 }),
    );
    expect(err).toBeInstanceOf(PrintError);
    expect(err.message).toBe(
      `[printer_timeout] Printer "Stuck" (${fifo}): did not take the job within 0.3 s (is it on, with paper?)`,
    );
    // Let the blocked open finish, so nothing is left waiting in the thread pool.
    const reader = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    await new Promise((r) => setTimeout(r, 50));
    fs.closeSync(reader);
  });

  it('pipes the bytes to lp -d QUEUE -o raw with the job name', async () => {
    const lp = fakeLp('lp-ok', `printf '%s|' "$@" > "${dir}/lp-args"; cat > "${dir}/lp-data"`);
    await sendToPrinter({ name: 'Office', type: 'cups', queue: 'TM_T20' }, bytes, {
      lpCommand: lp,
      jobName: 'Receipt #000042',
    });
    expect(fs.readFileSync(path.join(dir, 'lp-args'), 'utf8')).toBe('-d|TM_T20|-o|raw|-t|Receipt #000042|');
    expect(fs.readFileSync(path.join(dir, 'lp-data')).equals(bytes)).toBe(true);
  });

  it("reports lp's failure and a missing lp as PrintErrors", async () => {
    const lp = fakeLp(
      'lp-fail',
      `cat > /dev/null; echo 'lp: The printer or class does not exist.' >&2; exit 1`,
    );
    const err = await errorOf(
      sendToPrinter({ name: 'Office', type: 'cups', queue: 'Nope' }, bytes, { lpCommand: lp }),
    );
    expect(err).toBeInstanceOf(PrintError);
    expect(err.message).toMatch(/The printer or class does not exist/);
    const missing = await errorOf(
      sendToPrinter({ name: 'Office', type: 'cups', queue: 'Q' }, bytes, {
        lpCommand: path.join(dir, 'no-lp'),
      }),
    );
    expect(missing.message).toMatch(/ENOENT.*CUPS/);
  });

  it('builds an ESC/POS test page: initialise, text, cut', () => {
    const page = escposTestPage('Counter', new Date('2026-01-02T03:04:05Z'));
    expect([...page.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect(page.toString('latin1')).toContain('Printer: Counter');
    expect([...page.subarray(-4)]).toEqual([0x1d, 0x56, 0x42, 0x03]);
  });
});

describe('a network printer: "printed" only once it has the receipt', () => {
  const send = (p: FakePrinter) =>
    sendToPrinter({ name: 'Counter', type: 'network', host: '127.0.0.1', port: p.port }, bytes, {
      timeoutMs: 800,
      statusWaitMs: 200,
    });

  // refused at the first status, nothing of the job was sent: the message says so (`[nothing_sent]`)
  it.each([
    [{ paperOut: true }, 'printer_out_of_paper', 'is out of paper', true],
    [{ coverOpen: true }, 'printer_cover_open', 'has its cover open', true],
    [{ online: false }, 'printer_offline', 'is offline', true],
    ['never-reads', 'printer_timeout', 'did not take the receipt in time', false],
    ['resets-mid-job', 'printer_disconnected', 'dropped the connection', false],
  ] as const)('a printer that is %j fails with %s', async (mode, code, words, nothingSent) => {
    const p = await startFakePrinter(mode);
    try {
      const err = await errorOf(send(p));
      expect(err).toBeInstanceOf(PrintError);
      expect((err as PrintError).code).toBe(code);
      expect((err as PrintError).nothingSent).toBe(nothingSent);
      const marks = nothingSent ? `[${code}][nothing_sent]` : `[${code}]`;
      expect(err.message.startsWith(`${marks} Printer "Counter" (127.0.0.1:${p.port}): `)).toBe(true);
      expect(err.message).toContain(words);
    } finally {
      await p.close();
    }
  });

  it('asks the status before and after the job; a printer without status counts once it closes', async () => {
    const first = printer.nextJob();
    const asked = printer.queries;
    await send(printer);
    expect((await first).equals(bytes)).toBe(true);
    expect(printer.queries - asked).toBe(2);
    const silent = await startFakePrinter('no-status');
    try {
      const job = silent.nextJob();
      await send(silent);
      expect((await job).equals(bytes)).toBe(true);
    } finally {
      await silent.close();
    }
  });

  it('reaches the page through the official qz-tray client as the error, code first', async () => {
    const shop = makeBusiness('Paper Shop');
    const empty = await startFakePrinter({ paperOut: true });
    const t = await startTestHelper({
      printers: [{ name: 'Empty', type: 'network', host: '127.0.0.1', port: empty.port }],
      pairWith: shop,
    });
    const qz = loadQz();
    try {
      useBusiness(qz, shop);
      await connect(qz, t.helper);
      const err = await errorOf(qz.print(qz.configs.create('Empty'), ['x']));
      expect(err.message).toMatch(/^\[printer_out_of_paper\]\[nothing_sent\] Printer "Empty"/);
    } finally {
      await qz.websocket.disconnect();
      await t.close();
      await empty.close();
    }
  });
});

describe('print failures through the helper', () => {
  it('answers an unreachable printer and a failing CUPS queue with QZ errors and keeps serving', async () => {
    const shop = makeBusiness('Unreachable Shop');
    const port = await closedPort();
    const lp = fakeLp('lp-fail2', `cat > /dev/null; echo 'lp: Unable to connect to server' >&2; exit 1`);
    const t = await startTestHelper({
      printers: [
        { name: 'Gone', type: 'network', host: '127.0.0.1', port },
        { name: 'Office', type: 'cups', queue: 'TM_T20' },
        { name: 'Counter', type: 'network', host: '127.0.0.1', port: printer.port },
      ],
      pairWith: shop,
      config: { lpCommand: lp },
    });
    const qz = loadQz();
    try {
      useBusiness(qz, shop);
      await connect(qz, t.helper);
      const gone = await errorOf(qz.print(qz.configs.create('Gone'), ['x']));
      expect(gone.message).toMatch(/^\[printer_unreachable\]\[nothing_sent\] .*connection refused/);
      const office = await errorOf(qz.print(qz.configs.create('Office', { jobName: 'Receipt #9' }), ['x']));
      expect(office.message).toMatch(/Unable to connect to server/);
      expect(t.log.lines.some((l) => l.startsWith('ERROR') && l.includes('"Receipt #9"'))).toBe(true);
      const job = printer.nextJob();
      await qz.print(qz.configs.create('Counter'), ['still here\n']);
      expect((await job).toString()).toBe('still here\n');
    } finally {
      await qz.websocket.disconnect();
      await t.close();
    }
  });
});
