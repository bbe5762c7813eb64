import { type APIRequestContext, expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { adminApi } from '../support/fixtures';
import {
  type FakePrinter,
  type HelperProcess,
  type QzClient,
  E2E_ORIGIN,
  loadQz,
  machineMac,
  otherBusinessIdentity,
  sha256Hex,
  startFakePrinter,
  startHelperProcess,
} from '../support/printing';
import { mainLocation, stockedProduct, seedSale } from '../support/seed';

/**
 * The official qz-tray client (in Node, no browser) against the real, built printer helper and
 * the real server: the business certificate and signatures come from the server's printing
 * routes, the receipt from its ESC/POS route, and a loopback TCP listener is the printer.
 */
const RUN = Date.now().toString(36).slice(-4).toUpperCase();

let api: APIRequestContext;
let certificate: string;
let printer: FakePrinter;
let helper: HelperProcess;
let qz: QzClient;
let sale: { receipt_no: string; total: number };
let escpos: { job_name: string; width: number; data: string };

/** What the page does: POST /api/print/sign with the text of the call the client hashes, SHA512. */
async function serverSign(request: string): Promise<{ hash: string; signature: string }> {
  const res = await api.post('/api/print/sign', { data: { request, algorithm: 'SHA512' } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { hash: string; signature: string };
}

/** As the web app does (lib/printing/qz.ts): the hashing step asks the server, which signs. */
function useServer(): void {
  const signed = new Map<string, string>();
  qz.security.setCertificatePromise((resolve) => resolve(certificate));
  qz.security.setSignatureAlgorithm('SHA512');
  qz.api.setSha256Type(async (text) => {
    const { hash, signature } = await serverSign(text);
    signed.set(hash, signature);
    return hash;
  });
  qz.security.setSignaturePromise((toSign) => (resolve) => resolve(signed.get(toSign) ?? null));
}

async function connect(): Promise<void> {
  if (qz.websocket.isActive()) await qz.websocket.disconnect();
  await qz.websocket.connect({
    host: 'localhost',
    port: { secure: [helper.securePort], insecure: [helper.insecurePort] },
    usingSecure: false,
    keepAlive: 0,
    retries: 0,
  });
}

const receiptData = () => [{ type: 'raw', format: 'command', flavor: 'base64', data: escpos.data }];
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the call to be refused');
    },
    (e: unknown) => e as Error,
  );

test.beforeAll(async () => {
  api = await adminApi();
  const cert = await api.get('/api/print/certificate');
  expect(cert.status()).toBe(200);
  certificate = await cert.text();
  expect(certificate).toContain('-----BEGIN CERTIFICATE-----');

  const main = await mainLocation(api);
  const product = await stockedProduct(
    api,
    { name: `Maize flour 2 kg ${RUN}`, code: `QZMF${RUN}`, price: 125_000, tax_rate: 1600 },
    main,
    5,
  );
  sale = await seedSale(api, {
    kind: 'cash',
    location_id: main,
    lines: [{ product_id: product.id, units: 1 }],
  });
  escpos = await receiptBytes();

  printer = await startFakePrinter();
  helper = await startHelperProcess({ printerPort: printer.port, certificate });
  qz = loadQz();
});

/**
 * The receipt's ESC/POS as the till fetches it before each print: the first print of a cash sale
 * carries the drawer pulse, and once a print has claimed it the server hands out (and signs) the
 * receipt without it, so every test prints what is current (ADR 12).
 */
async function receiptBytes(): Promise<typeof escpos> {
  const res = await api.get(`/api/receipts/${sale.receipt_no}/escpos`);
  expect(res.status()).toBe(200);
  return (await res.json()) as typeof escpos;
}

test.beforeEach(async () => {
  escpos = await receiptBytes();
});

test.afterAll(async () => {
  if (qz?.websocket.isActive()) await qz.websocket.disconnect();
  await helper?.stop();
  await printer?.close();
  await api?.dispose();
});

test.describe('the qz-tray client, the printer helper and the server', () => {
  test('connects, reads the version, printers and device, and prints a real sale signed by the server', async () => {
    useServer();
    await connect();
    expect(await qz.api.getVersion()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await qz.printers.find()).toEqual(['Counter']);
    expect(await qz.printers.getDefault()).toBe('Counter');
    const device = await qz.networking.device();
    expect(device.mac).toMatch(/^[0-9A-F]{12}$/);
    expect(device.mac).toBe(machineMac());

    expect(escpos.job_name).toBe(`Receipt #${sale.receipt_no}`);
    const job = printer.nextJob();
    await qz.print(qz.configs.create('Counter', { jobName: escpos.job_name }), receiptData());
    const bytes = await job;
    expect(bytes.equals(Buffer.from(escpos.data, 'base64'))).toBe(true);
    expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]); // ESC @
    expect([...bytes.subarray(-4)]).toEqual([0x1d, 0x56, 0x42, 0x00]); // cut
    const text = bytes.toString('latin1');
    expect(text).toContain(sale.receipt_no);
    expect(sale.total).toBe(125_000);
    expect(text).toContain('1,250.00');
    expect(helper.output()).toContain(`Printed job "${escpos.job_name}" to "Counter"`);
  });

  test('refuses an unsigned print, and keeps serving', async () => {
    qz.security.setCertificatePromise((resolve) => resolve(certificate));
    qz.api.setSha256Type(sha256Hex);
    qz.security.setSignaturePromise(() => (resolve) => resolve(null));
    await connect();
    const before = printer.connections;
    const err = await errorOf(qz.print(qz.configs.create('Counter'), receiptData()));
    expect(err.message).toMatch(/Request blocked.*not signed/);
    expect(printer.connections).toBe(before);
    expect(await qz.api.getVersion()).toBeTruthy();
    // the device read is answered unsigned (the sign-in page), printing never is
    expect((await qz.networking.device()).mac).toMatch(/^[0-9A-F]{12}$/);
    useServer();
    // the server signs receipts only: a page cannot have it sign any text
    const refused = await errorOf(qz.print(qz.configs.create('Counter'), ['free beer\n']));
    expect(refused.message).toMatch(/Failed to sign request/);
    expect(printer.connections).toBe(before);
    const job = printer.nextJob();
    await qz.print(qz.configs.create('Counter', { jobName: escpos.job_name }), receiptData());
    expect((await job).equals(Buffer.from(escpos.data, 'base64'))).toBe(true);
  });

  test("refuses a print signed by another business's key with its own certificate", async () => {
    const other = otherBusinessIdentity(`Another Shop ${RUN}`);
    qz.security.setCertificatePromise((resolve) => resolve(other.cert));
    qz.security.setSignatureAlgorithm('SHA512');
    qz.api.setSha256Type(sha256Hex);
    qz.security.setSignaturePromise((toSign) => (resolve) => resolve(other.sign(toSign)));
    await connect();
    const before = printer.connections;
    const err = await errorOf(qz.print(qz.configs.create('Counter'), receiptData()));
    expect(err.message).toMatch(/not the business certificate this helper is paired with/);
    // with the paired certificate but the other key: the signature does not verify
    qz.security.setCertificatePromise((resolve) => resolve(certificate));
    await connect();
    const err2 = await errorOf(qz.print(qz.configs.create('Counter'), receiptData()));
    expect(err2.message).toMatch(/invalid signature/);
    expect(printer.connections).toBe(before);
    useServer();
    await connect();
    expect(await qz.printers.getDefault()).toBe('Counter');
  });

  test('a server-signed print runs once; the server signs no old call; other pages cannot connect', async () => {
    const foreign = new WebSocket(`ws://127.0.0.1:${helper.insecurePort}`, {
      origin: 'https://evil.example',
    });
    const refusedStatus = await new Promise<number>((resolve) => {
      foreign.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      foreign.once('open', () => resolve(101));
      foreign.once('error', () => resolve(0));
    });
    foreign.terminate();
    expect(refusedStatus).toBe(401);

    const socket = new WebSocket(`ws://127.0.0.1:${helper.insecurePort}`, { origin: E2E_ORIGIN });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const send = (message: Record<string, unknown>) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no reply')), 10_000);
        socket.once('message', (data: Buffer) => {
          clearTimeout(timer);
          resolve(JSON.parse(data.toString('utf8')) as Record<string, unknown>);
        });
        socket.send(JSON.stringify(message));
      });
    const params = {
      printer: { name: 'Counter' },
      options: { jobName: escpos.job_name },
      data: receiptData(),
    };
    try {
      expect(await send({ uid: 'c1', certificate, timestamp: Date.now() })).toEqual({
        uid: 'c1',
        result: null,
      });
      const old = JSON.stringify({ call: 'print', params, timestamp: Date.now() - 16 * 60 * 1000 });
      const res = await api.post('/api/print/sign', { data: { request: old, algorithm: 'SHA512' } });
      expect(res.status()).toBe(403);
      const timestamp = Date.now();
      const { hash, signature } = await serverSign(JSON.stringify({ call: 'print', params, timestamp }));
      expect(hash).toBe(sha256Hex(JSON.stringify({ call: 'print', params, timestamp })));
      const message = { call: 'print', params, timestamp, signature, signAlgorithm: 'SHA512' };
      const job = printer.nextJob();
      expect(await send({ uid: 'p1', ...message })).toEqual({ uid: 'p1', result: null });
      expect((await job).equals(Buffer.from(escpos.data, 'base64'))).toBe(true);
      const before = printer.connections;
      const replay = await send({ uid: 'p2', ...message });
      expect(replay).toEqual({ uid: 'p2', error: expect.stringMatching(/already used/) as unknown });
      expect(printer.connections).toBe(before);
    } finally {
      socket.close();
    }
    useServer();
    await connect();
    expect(await qz.printers.find('counter')).toBe('Counter');
  });
});
