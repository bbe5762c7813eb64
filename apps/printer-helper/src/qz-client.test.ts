import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ORIGIN,
  connect,
  errorOf,
  loadQz,
  makeBusiness,
  startFakePrinter,
  startTestHelper,
  useBusiness,
  webSocketFrom,
  type Business,
  type FakePrinter,
  type TestHelper,
} from './test/harness.js';

/** Every test here drives the official qz-tray client against the real helper. */
const qz = loadQz();

let shop: Business;
let printer: FakePrinter;
let t: TestHelper;
let deviceFile: string;

beforeAll(async () => {
  shop = makeBusiness('Mama Mboga Stores');
  printer = await startFakePrinter();
  t = await startTestHelper({
    printers: [
      { name: 'Counter', type: 'network', host: '127.0.0.1', port: printer.port },
      { name: 'Back office', type: 'device', path: '/tmp/unused' },
    ],
    defaultPrinter: 'Counter',
    pairWith: shop,
    config: { mac: null },
  });
  deviceFile = path.join(t.dir, 'lp0');
});

afterEach(async () => {
  if (qz.websocket.isActive()) await qz.websocket.disconnect();
});

afterAll(async () => {
  await t.close();
  await printer.close();
});

describe('connecting with the paired business', () => {
  it('answers the version, printers, default printer, device and hostname', async () => {
    useBusiness(qz, shop);
    await connect(qz, t.helper);
    const version = await qz.api.getVersion();
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    const [major = 0, minor = 0] = version.split('.').map(Number);
    expect(major > 2 || (major === 2 && minor >= 1)).toBe(true);
    expect(qz.api.isVersionGreater(2, 1)).toBe(true);

    expect(await qz.printers.find()).toEqual(['Counter', 'Back office']);
    expect(await qz.printers.find('counter')).toBe('Counter');
    expect(await qz.printers.find('back')).toBe('Back office');
    expect((await errorOf(qz.printers.find('Kitchen'))).message).toBe(
      'Specified printer could not be found.',
    );
    expect(await qz.printers.getDefault()).toBe('Counter');

    // The real interface: the first non-internal one with a non-zero MAC, as os reports it.
    const real = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a !== undefined && !a.internal && !/^[0:]*$/.test(a.mac));
    if (real) {
      const device = await qz.networking.device();
      expect(device.mac).toMatch(/^[0-9A-F]{12}$/);
      expect(device.mac).toBe(real.mac.replace(/:/g, '').toUpperCase());
      const devices = await qz.networking.devices();
      expect(devices[0]?.mac).toBe(device.mac);
    } else {
      // A machine without one is told to configure "mac" (covered with a fake set in protocol.test.ts).
      expect((await errorOf(qz.networking.device())).message).toMatch(/set "mac"/);
    }
    const hostname = await qz.networking.hostname();
    expect(hostname).toBe(os.hostname());
  });

  it('answers an unsupported call with a QZ error and keeps serving', async () => {
    useBusiness(qz, shop);
    await connect(qz, t.helper);
    expect((await errorOf(qz.file.list('/etc'))).message).toMatch(/unsupported/i);
    expect((await errorOf(qz.printers.details())).message).toMatch(/unsupported/i);
    expect(await qz.printers.getDefault()).toBe('Counter');
  });
});

describe('printing raw data', () => {
  const receipt = Buffer.concat([
    Buffer.from([0x1b, 0x40]),
    Buffer.from('Receipt #000123\nTotal KES 1,250.00\n', 'latin1'),
    Buffer.from([0x00, 0xff, 0x80, 0x0a, 0x1d, 0x56, 0x42, 0x03]),
  ]);

  it('delivers base64 data byte for byte to the network printer, with the job name logged', async () => {
    useBusiness(qz, shop);
    await connect(qz, t.helper);
    const job = printer.nextJob();
    const config = qz.configs.create('Counter', { jobName: 'Receipt #000123' });
    await qz.print(config, [
      { type: 'raw', format: 'command', flavor: 'base64', data: receipt.toString('base64') },
    ]);
    expect((await job).equals(receipt)).toBe(true);
    expect(t.log.lines.some((l) => l.includes('"Receipt #000123"') && l.includes('"Counter"'))).toBe(true);
  });

  it('delivers hex and plain data, items in order, as one job', async () => {
    useBusiness(qz, shop);
    await connect(qz, t.helper);
    const job = printer.nextJob();
    await qz.print(qz.configs.create('Counter'), [
      { type: 'raw', format: 'command', flavor: 'hex', data: receipt.toString('hex').toUpperCase() },
      { type: 'raw', format: 'command', flavor: 'plain', data: '\x1b@Hello\n' },
      'Asante sana \u00e9\n',
    ]);
    const expected = Buffer.concat([
      receipt,
      Buffer.from('\x1b@Hello\n'),
      Buffer.from('Asante sana \u00e9\n', 'utf8'),
    ]);
    expect((await job).equals(expected)).toBe(true);
  });

  it('encodes plain data in ISO-8859-1 when the config asks for it', async () => {
    useBusiness(qz, shop);
    await connect(qz, t.helper);
    const job = printer.nextJob();
    await qz.print(qz.configs.create('Counter', { encoding: 'ISO-8859-1' }), ['Caf\u00e9\n']);
    expect((await job).equals(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x0a]))).toBe(true);
  });

  it('writes to a device-file printer', async () => {
    const cfgFile = path.join(t.dir, 'config.json');
    const cfg = JSON.parse(fs.readFileSync(cfgFile, 'utf8')) as {
      printers: Array<{ name: string; path?: string }>;
    };
    cfg.printers[1]!.path = deviceFile;
    fs.writeFileSync(cfgFile, JSON.stringify(cfg));
    useBusiness(qz, shop);
    await connect(qz, t.helper);
    await qz.print(qz.configs.create('Back office'), [
      { type: 'raw', format: 'command', flavor: 'base64', data: receipt.toString('base64') },
    ]);
    expect(fs.readFileSync(deviceFile).equals(receipt)).toBe(true);
  });

  it('refuses pixel printing and bad data with a QZ error', async () => {
    useBusiness(qz, shop);
    await connect(qz, t.helper);
    const pixel = await errorOf(
      qz.print(qz.configs.create('Counter'), [
        { type: 'pixel', format: 'html', flavor: 'plain', data: '<p>x</p>' },
      ]),
    );
    expect(pixel.message).toMatch(/unsupported/i);
    const hex = await errorOf(
      qz.print(qz.configs.create('Counter'), [
        { type: 'raw', format: 'command', flavor: 'hex', data: 'ABC' },
      ]),
    );
    expect(hex.message).toMatch(/hex/);
    const unknown = await errorOf(qz.print(qz.configs.create('Kitchen'), ['x']));
    expect(unknown.message).toMatch(/not configured/);
    expect(await qz.printers.getDefault()).toBe('Counter');
  });
});

describe('the secure port', () => {
  it('serves wss://localhost with its own certificate, valid for localhost', async () => {
    const tlsCert = fs.readFileSync(path.join(t.dir, 'tls-cert.pem'), 'utf8');
    // A browser would have accepted the certificate once; here the client trusts it as a CA.
    qz.api.setWebSocketType(webSocketFrom(TEST_ORIGIN, { ca: tlsCert }));
    try {
      useBusiness(qz, shop);
      await qz.websocket.connect({
        host: 'localhost',
        port: { secure: [t.helper.securePort], insecure: [] },
        usingSecure: true,
        keepAlive: 0,
      });
      expect(await qz.printers.getDefault()).toBe('Counter');
    } finally {
      await qz.websocket.disconnect();
      qz.api.setWebSocketType(webSocketFrom(TEST_ORIGIN));
    }
  });
});
