import { type APIRequestContext, expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { adminApi } from '../support/fixtures';
import {
  type FakePrinter,
  type HelperProcess,
  type QzClient,
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

/** What the page does: GET /api/print/sign with the text the client hands over, SHA512. */
async function serverSign(toSign: string): Promise<string> {
  const res = await api.get(
    `/api/print/sign?${new URLSearchParams({ request: toSign, algorithm: 'SHA512' })}`,
  );
  expect(res.status()).toBe(200);
  return res.text();
}

function useServer(): void {
  qz.security.setCertificatePromise((resolve) => resolve(certificate));
  qz.security.setSignatureAlgorithm('SHA512');
  qz.security.setSignaturePromise(
    (toSign) => (resolve, reject) => void serverSign(toSign).then(resolve, reject),
  );
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
  const res = await api.get(`/api/receipts/${sale.receipt_no}/escpos`);
  expect(res.status()).toBe(200);
  escpos = (await res.json()) as typeof escpos;

  printer = await startFakePrinter();
  helper = await startHelperProcess({ printerPort: printer.port, certificate });
  qz = loadQz();
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
    const job = printer.nextJob();
    await qz.print(qz.configs.create('Counter'), ['still printing\n']);
    expect((await job).toString()).toBe('still printing\n');
  });

  test("refuses a print signed by another business's key with its own certificate", async () => {
    const other = otherBusinessIdentity(`Another Shop ${RUN}`);
    qz.security.setCertificatePromise((resolve) => resolve(other.cert));
    qz.security.setSignatureAlgorithm('SHA512');
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

  test('refuses a print whose timestamp is more than 15 minutes old (a hand-built message)', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${helper.insecurePort}`);
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
    /** A print as the client builds it, signed by the business key through the server. */
    const signedPrint = async (uid: string, timestamp: number) => {
      const params = {
        printer: { name: 'Counter' },
        options: { jobName: escpos.job_name },
        data: receiptData(),
      };
      const hash = sha256Hex(JSON.stringify({ call: 'print', params, timestamp }));
      return {
        uid,
        call: 'print',
        params,
        timestamp,
        signature: await serverSign(hash),
        signAlgorithm: 'SHA512',
      };
    };
    try {
      expect(await send({ uid: 'v1', call: 'getVersion', timestamp: Date.now() })).toMatchObject({
        uid: 'v1',
      });
      expect(await send({ uid: 'c1', certificate, timestamp: Date.now() })).toEqual({
        uid: 'c1',
        result: null,
      });
      const before = printer.connections;
      const old = await send(await signedPrint('p1', Date.now() - 16 * 60 * 1000));
      expect(old).toEqual({ uid: 'p1', error: expect.stringMatching(/expired signature/) as unknown });
      expect(printer.connections).toBe(before);
      // the same message, fresh: printed (so only its age was wrong)
      const job = printer.nextJob();
      expect(await send(await signedPrint('p2', Date.now()))).toEqual({ uid: 'p2', result: null });
      expect((await job).equals(Buffer.from(escpos.data, 'base64'))).toBe(true);
    } finally {
      socket.close();
    }
    useServer();
    await connect();
    expect(await qz.printers.find('counter')).toBe('Counter');
  });
});
