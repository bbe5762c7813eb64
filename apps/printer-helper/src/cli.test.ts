import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from './cli.js';
import { loadConfig } from './config.js';
import { makeBusiness, startFakePrinter, tempDir } from './test/harness.js';

let dir: string;
const dirs: string[] = [];

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['--config', dir, ...args], {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env: {},
  });
  return { code, out, err };
}

beforeEach(() => {
  dir = tempDir();
  dirs.push(dir);
});

afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('printers', () => {
  it('adds, lists and removes printers of each type; the first one is the default', async () => {
    expect((await run('printers', 'list')).out).toMatch(/No printers yet/);
    expect(
      await run('printers', 'add', '--name', 'Counter', '--type', 'network', '--host', '192.0.2.7'),
    ).toMatchObject({ code: 0 });
    expect(
      (await run('printers', 'add', '--name', 'USB', '--type', 'device', '--path', '/dev/usb/lp0')).code,
    ).toBe(0);
    expect(
      (await run('printers', 'add', '--name', 'Office', '--type', 'cups', '--queue', 'TM_T20', '--default'))
        .code,
    ).toBe(0);

    const config = loadConfig(dir);
    expect(config.printers).toEqual([
      { name: 'Counter', type: 'network', host: '192.0.2.7', port: 9100 },
      { name: 'USB', type: 'device', path: '/dev/usb/lp0' },
      { name: 'Office', type: 'cups', queue: 'TM_T20' },
    ]);
    expect(config.defaultPrinter).toBe('Office');

    const list = (await run('printers', 'list')).out;
    expect(list).toMatch(/^ {2}Counter +network +192\.0\.2\.7:9100/m);
    expect(list).toMatch(/^\* Office +cups/m);

    expect((await run('printers', 'remove', 'office')).code).toBe(0);
    expect(loadConfig(dir).printers.map((p) => p.name)).toEqual(['Counter', 'USB']);
    expect(loadConfig(dir).defaultPrinter).toBeNull();
    expect((await run('printers', 'default', 'USB')).code).toBe(0);
    expect(loadConfig(dir).defaultPrinter).toBe('USB');
  });

  it('explains mistakes and exits non-zero', async () => {
    const missing = await run('printers', 'add', '--name', 'X', '--type', 'network');
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/--host/);
    expect(
      (await run('printers', 'add', '--name', 'X', '--type', 'serial', '--path', '/dev/ttyS0')).err,
    ).toMatch(/"network", "device" or "cups"/);
    await run('printers', 'add', '--name', 'Counter', '--type', 'device', '--path', '/tmp/x');
    const twice = await run('printers', 'add', '--name', 'counter', '--type', 'device', '--path', '/tmp/y');
    expect(twice.code).toBe(1);
    expect(twice.err).toMatch(/already exists/);
    expect((await run('printers', 'remove', 'Kitchen')).err).toMatch(/No printer named "Kitchen"/);
    expect(
      (await run('printers', 'add', '--name', 'N', '--type', 'network', '--host', 'h', '--port', '99999'))
        .code,
    ).toBe(2);
    expect((await run('--bogus')).code).toBe(2);
    expect((await run('frobnicate')).code).toBe(2);
  });

  it('prints a test page to a network printer', async () => {
    const printer = await startFakePrinter();
    try {
      await run(
        'printers',
        'add',
        '--name',
        'Counter',
        '--type',
        'network',
        '--host',
        '127.0.0.1',
        '--port',
        String(printer.port),
      );
      const job = printer.nextJob();
      const res = await run('printers', 'test', 'Counter');
      expect(res).toMatchObject({ code: 0 });
      const page = await job;
      expect([...page.subarray(0, 2)]).toEqual([0x1b, 0x40]);
      expect(page.toString('latin1')).toContain('Counter');
    } finally {
      await printer.close();
    }
  });
});

describe('pair', () => {
  const shop = makeBusiness('Pairing Shop');

  it('pairs from a file and shows it in status', async () => {
    const file = path.join(dir, 'business.pem');
    fs.writeFileSync(file, shop.cert);
    const res = await run('pair', '--file', file);
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/Pairing Shop/);
    const pairing = loadConfig(dir).pairing;
    expect(pairing?.fingerprint).toBe(new crypto.X509Certificate(shop.cert).fingerprint256);
    expect((await run('status')).out).toMatch(/Paired with: .*CN=Pairing Shop/);
  });

  it('lets pages from --origin connect; status lists the allowed origins; a bad origin changes nothing', async () => {
    const file = path.join(dir, 'business.pem');
    fs.writeFileSync(file, shop.cert);
    const bad = await run('pair', '--file', file, '--origin', 'ftp://shop');
    expect(bad.code).toBe(2);
    expect(loadConfig(dir).pairing).toBeNull();
    const res = await run(
      'pair',
      '--file',
      file,
      '--origin',
      'HTTP://Shop-PC:3000/sell',
      '--origin',
      'https://duka.example',
    );
    expect(res.code).toBe(0);
    expect(loadConfig(dir).allowedOrigins).toEqual(['http://shop-pc:3000', 'https://duka.example']);
    expect(res.out).toMatch(/Pages allowed to connect: http:\/\/shop-pc:3000, https:\/\/duka\.example/);
    expect((await run('status')).out).toMatch(/Pages allowed to connect: http:\/\/shop-pc:3000/);
    const plain = await run('pair', '--file', file);
    expect(loadConfig(dir).allowedOrigins).toHaveLength(2); // kept
    expect(plain.code).toBe(0);
  });

  it('refuses a file that is not a certificate, leaving the pairing as it was', async () => {
    const file = path.join(dir, 'key.pem');
    fs.writeFileSync(file, shop.key);
    const res = await run('pair', '--file', file);
    expect(res.code).toBe(1);
    expect(res.err).toMatch(/No PEM certificate/);
    expect(loadConfig(dir).pairing).toBeNull();
    expect((await run('pair')).code).toBe(2);
  });

  it('fetches the certificate from the server with the session cookie', async () => {
    const seen: Array<{ url?: string; cookie?: string }> = [];
    const server = http.createServer((req, res) => {
      seen.push({ url: req.url, cookie: req.headers.cookie });
      if (req.headers.cookie !== 'duka_session=tok123' && req.headers.cookie !== 'duka_session=-Xq_9-tok') {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"code":"unauthorized"}}');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end(shop.cert);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`;
    try {
      const refused = await run('pair', '--server', url);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/--cookie/);
      expect(loadConfig(dir).pairing).toBeNull();

      const ok = await run('pair', '--server', url, '--cookie', 'tok123');
      expect(ok.code).toBe(0);
      expect(seen.at(-1)).toEqual({ url: '/api/print/certificate', cookie: 'duka_session=tok123' });
      expect(loadConfig(dir).pairing?.source).toBe(url);
      expect(loadConfig(dir).pairing?.certificate).toContain('BEGIN CERTIFICATE');

      // a session token is base64url: it may start with "-", and is still the cookie's value
      const dashed = await run('pair', '--server', url, '--cookie', '-Xq_9-tok');
      expect(dashed.err).toBe('');
      expect(dashed.code).toBe(0);
      expect(seen.at(-1)).toEqual({ url: '/api/print/certificate', cookie: 'duka_session=-Xq_9-tok' });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
