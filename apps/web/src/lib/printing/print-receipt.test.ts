import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDeviceFromHelper } from '../printer';
import { PRINT_FRAME_ID, pageRule, printDocument } from './browser-print';
import type { PrintContext } from './print-context';
import { PrintError, claimAutoPrint, printReceipt, receiptJobName } from './print-receipt';
import { resetHelperConnection } from './qz';
import { TEST_CERT, fakeServer, type makeFakeQz } from './test-qz';

const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof makeFakeQz> }));
vi.mock('qz-tray', async () => {
  const { makeFakeQz } = await import('./test-qz');
  fake.current = makeFakeQz();
  return { default: fake.current.qz };
});

const ctx = (
  over: Partial<PrintContext['business']> = {},
  printer: string | null = null,
  helper = true,
): PrintContext => ({
  business: { id: 'biz-1', receipt_width: 80, receipt_columns: 48, network_printer: false, ...over },
  helper,
  printer,
});

let server: ReturnType<typeof fakeServer>;
const qz = () => fake.current!;

beforeEach(async () => {
  await import('qz-tray');
  qz().reset();
  resetHelperConnection();
  server = fakeServer();
  vi.stubGlobal('fetch', server.fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(PRINT_FRAME_ID)?.remove();
});

describe('printing through the helper', () => {
  it('connects with the business certificate, signs with SHA512 through the server, prints raw ESC/POS', async () => {
    expect(await printReceipt('000123', ctx(), { browser: true })).toBe('helper');
    const { state, qz: client } = qz();
    expect(state.certificates).toEqual([TEST_CERT]);
    expect(state.algorithm).toBe('SHA512');
    // every signed call went through POST /api/print/sign with the call's text and SHA512
    expect(state.hashed.map((text) => (JSON.parse(text) as { call: string }).call)).toEqual([
      'printers.getDefault',
      'print',
    ]);
    const signs = server.fetchMock.mock.calls.filter(([url]) => url === '/api/print/sign');
    expect(signs.map(([, init]) => JSON.parse(init?.body as string) as unknown)).toEqual(
      state.hashed.map((request) => ({ request, algorithm: 'SHA512' })),
    );
    expect(state.signatures).toEqual([
      'sig(hash-of-printers.getDefault,SHA512)',
      'sig(hash-of-print,SHA512)',
    ]);
    expect(server.calls).toContain('GET /api/receipts/000123/escpos?columns=48');
    expect(client.configs.create).toHaveBeenCalledWith('Counter', { jobName: 'Receipt #000123' });
    expect(client.print).toHaveBeenCalledWith(
      { printer: 'Counter', options: { jobName: 'Receipt #000123' } },
      [{ type: 'raw', format: 'command', flavor: 'base64', data: 'G0AdVkIA' }],
    );
  });

  it("uses the till's chosen printer as the helper names it, and the roll width of the business", async () => {
    await printReceipt('000124', ctx({ receipt_width: 58, receipt_columns: 32 }, 'kitch'), { browser: true });
    const { qz: client } = qz();
    expect(client.printers.find).toHaveBeenCalledWith('kitch');
    expect(client.printers.getDefault).not.toHaveBeenCalled();
    expect(server.calls).toContain('GET /api/receipts/000124/escpos?columns=32');
    expect(client.configs.create).toHaveBeenCalledWith('Kitchen', { jobName: 'Receipt #000124' });
  });

  it('asks for the bytes at 42 characters a line when the business prints 42 on its 80 mm roll', async () => {
    await printReceipt('000125', ctx({ receipt_width: 80, receipt_columns: 42 }), { browser: true });
    expect(server.calls).toContain('GET /api/receipts/000125/escpos?columns=42');
    expect(qz().qz.print).toHaveBeenCalledTimes(1);
  });

  it('reconnects with the certificate when the open connection was made for the device read', async () => {
    expect(await readDeviceFromHelper()).toBe('A45E60C10F3B');
    const { state } = qz();
    expect(state.certificates).toEqual([null]);
    expect(state.signatures).toEqual([null]); // the sign-in page cannot sign

    await printReceipt('000125', ctx(), { browser: true });
    expect(state.disconnects).toBe(1);
    expect(state.certificates).toEqual([null, TEST_CERT]);

    // the signed connection serves the next print and a device read, without reconnecting
    await printReceipt('000126', ctx(), { browser: true });
    expect(await readDeviceFromHelper()).toBe('A45E60C10F3B');
    expect(state.connects).toBe(2);
    // only the hosts and ports the server's CSP allows (the domain's list)
    expect(qz().qz.websocket.connect).toHaveBeenCalledWith({
      host: ['localhost', 'localhost.qz.io'],
      port: { secure: [8181, 8282, 8383, 8484], insecure: [8182, 8283, 8384, 8485] },
      retries: 0,
      delay: 0,
    });
    // another business signed in on this browser: its own certificate, a new connection
    await printReceipt('000127', ctx({ id: 'biz-2' }), { browser: true });
    expect(state.connects).toBe(3);
  });

  it('fails with the helper route when the helper answers but refuses or cannot print', async () => {
    qz().state.failPrint = 'Request blocked: invalid signature';
    const err = await printReceipt('000123', ctx({ network_printer: true }), { browser: true }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PrintError);
    expect((err as PrintError).route).toBe('helper');
    // no other way was tried behind the cashier's back
    expect(server.calls.filter((c) => c.startsWith('POST') && c !== 'POST /api/print/sign')).toEqual([]);
    expect(document.getElementById(PRINT_FRAME_ID)).toBeNull();
  });

  it.each([
    ['[printer_out_of_paper] Printer "Counter" (192.168.1.50:9100): is out of paper', 'printer_out_of_paper'],
    ['[printer_cover_open] Printer "Counter" (192.168.1.50:9100): has its cover open', 'printer_cover_open'],
    ['Request blocked: invalid signature', null],
  ] as const)('names what the printer said through the helper: %s', async (message, problem) => {
    qz().state.failPrint = message;
    const err = await printReceipt('000123', ctx(), { browser: true }).catch((e: unknown) => e);
    expect((err as PrintError).problem).toBe(problem);
  });

  // ESC @, the drawer's pulse (ESC p 0 25 250), the cut: a cash sale's first print
  const PULSED = btoa(String.fromCharCode(0x1b, 0x40, 0x1b, 0x70, 0x00, 0x19, 0xfa, 0x1d, 0x56, 0x42, 0x00));
  const OUT_OF_PAPER = 'Printer "Counter" (192.168.1.50:9100): is out of paper';

  it("gives a cash sale's drawer opening back when the helper sent none of its pulsed bytes", async () => {
    server = fakeServer({ escposData: PULSED });
    vi.stubGlobal('fetch', server.fetchMock);
    qz().state.failPrint = `[printer_out_of_paper][nothing_sent] ${OUT_OF_PAPER}`;
    const err = await printReceipt('000125', ctx(), { browser: true }).catch((e: unknown) => e);
    expect(err).toMatchObject({ route: 'helper', problem: 'printer_out_of_paper' });
    expect(server.calls).toContain('POST /api/receipts/000125/drawer-return');
  });

  it('keeps the print and its drawer opening counted when the helper may have sent some of it', async () => {
    server = fakeServer({ escposData: PULSED });
    vi.stubGlobal('fetch', server.fetchMock);
    qz().state.failPrint = `[printer_out_of_paper] ${OUT_OF_PAPER}`;
    await expect(printReceipt('000126', ctx(), { browser: true })).rejects.toMatchObject({ route: 'helper' });
    expect(server.calls.filter((c) => c.includes('-return'))).toEqual([]);
  });

  it('gives back a print without a pulse that reached no printer, so the next is no copy', async () => {
    server = fakeServer({ escposData: 'G0AdVkIA' });
    vi.stubGlobal('fetch', server.fetchMock);
    qz().state.failPrint = `[printer_out_of_paper][nothing_sent] ${OUT_OF_PAPER}`;
    await expect(printReceipt('000127', ctx(), { browser: true })).rejects.toMatchObject({ route: 'helper' });
    expect(server.calls.filter((c) => c.includes('-return'))).toEqual([
      'POST /api/receipts/000127/print-return',
    ]);
  });

  it('fails when the helper has no default printer', async () => {
    qz().state.defaultPrinter = null;
    await expect(printReceipt('000123', ctx(), { browser: true })).rejects.toMatchObject({ route: 'helper' });
    expect(qz().qz.print).not.toHaveBeenCalled();
  });
});

describe('without a helper', () => {
  beforeEach(() => {
    qz().state.failConnect = true;
  });

  it("prints from the local server to the profile's network printer", async () => {
    expect(await printReceipt('000123', ctx({ network_printer: true }), { browser: true })).toBe('network');
    expect(server.calls).toContain('POST /api/receipts/000123/print');
    expect(qz().qz.print).not.toHaveBeenCalled();
  });

  it('reports a network printer that cannot be reached', async () => {
    server = fakeServer({ networkPrint: 502 });
    vi.stubGlobal('fetch', server.fetchMock);
    await expect(
      printReceipt('000123', ctx({ network_printer: true }), { browser: true }),
    ).rejects.toMatchObject({ route: 'network', problem: 'printer_unreachable' });
  });

  it("names the network printer's problem from the server's code", async () => {
    server = fakeServer({ networkPrint: 502, networkCode: 'printer_cover_open' });
    vi.stubGlobal('fetch', server.fetchMock);
    await expect(
      printReceipt('000123', ctx({ network_printer: true }), { browser: true }),
    ).rejects.toMatchObject({ route: 'network', problem: 'printer_cover_open' });
  });

  it('never probes the helper on a till that did not choose it', async () => {
    qz().state.failConnect = false;
    expect(await printReceipt('000123', ctx({ network_printer: true }, null, false), { browser: true })).toBe(
      'network',
    );
    expect(qz().qz.websocket.connect).not.toHaveBeenCalled();
  });

  it("opens the browser's print view of the receipt, sized for the roll", async () => {
    // jsdom loads neither srcdoc nor images: what follows (the dialog) is the browser's own
    // the title (the saved PDF's name) in the user's language
    const settled = printReceipt('000123', ctx({ receipt_width: 58, receipt_columns: 32 }), {
      browser: true,
      title: 'Beleg #000123',
    }).catch((e: unknown) => e);
    const frame = await vi.waitFor(() => {
      const f = document.getElementById(PRINT_FRAME_ID) as HTMLIFrameElement | null;
      if (!f) throw new Error('no print frame yet');
      return f;
    });
    expect(frame.getAttribute('srcdoc')).toContain('src="/api/receipts/000123/svg?columns=32"');
    expect(frame.getAttribute('srcdoc')).toContain('@page { size: 58mm auto; margin: 0 }');
    expect(frame.title).toBe('Beleg #000123');
    expect(frame.getAttribute('srcdoc')).toContain('<title>Beleg #000123</title>');
    expect(server.calls.filter((c) => c.startsWith('POST'))).toEqual([]);
    await settled;
  });

  it('never opens the print dialog on its own (auto-print): nowhere to print is an error', async () => {
    await expect(printReceipt('000123', ctx(), { browser: false })).rejects.toMatchObject({ route: 'none' });
    expect(document.getElementById(PRINT_FRAME_ID)).toBeNull();
  });
});

describe('pieces', () => {
  it("names the job as the seed spec's 'Receipt #123456'", () => {
    expect(receiptJobName('123456')).toBe('Receipt #123456');
  });

  it('auto-prints a receipt once, and only when the till has it on', () => {
    expect(claimAutoPrint('000900', { autoPrint: false })).toBe(false);
    expect(claimAutoPrint('000900', { autoPrint: true })).toBe(true);
    expect(claimAutoPrint('000900', { autoPrint: true })).toBe(false);
  });

  it('lays the print view out for the roll: its width, the receipt as long as it is', () => {
    expect(pageRule(80, 576, 1440)).toBe('@page { size: 80mm 200mm; margin: 0 }');
    expect(pageRule(58, 0, 0)).toBe('@page { size: 58mm auto; margin: 0 }');
    const doc = printDocument('000123', { receipt_width: 80, receipt_columns: 48 }, 'Receipt #000123');
    expect(doc).toContain('<img src="/api/receipts/000123/svg?columns=48" alt="Receipt #000123">');
    expect(doc).toContain('width: 80mm');
    // 42 characters a line on the 80 mm roll: the page is the roll's, the image the 42's
    const at42 = printDocument('000123', { receipt_width: 80, receipt_columns: 42 }, 'Receipt #000123');
    expect(at42).toContain('<img src="/api/receipts/000123/svg?columns=42" alt="Receipt #000123">');
    expect(at42).toContain('@page { size: 80mm auto; margin: 0 }');
    expect(at42).toContain('width: 80mm');
  });
});
