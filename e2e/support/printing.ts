import type { BrowserContext } from '@playwright/test';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import WebSocket from 'ws';

/** The built printer helper (`npm run build` / scripts/ensure-built.mjs make it). */
export const HELPER_BIN = path.resolve('apps/printer-helper/dist/bin.js');

/** A free loopback port: bound, read, released. */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}

/**
 * `count` free loopback ports, all bound at once before any is released, so they differ (two
 * `freePort()` calls in a row may answer the same port: the helper then failed to bind its second).
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => net.createServer());
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  return ports;
}

/** A loopback TCP listener standing in for a network receipt printer: records each job's bytes. */
export interface FakePrinter {
  port: number;
  jobs: Buffer[];
  connections: number;
  /** Answer the status question "out of paper" (and keep nothing) while true. */
  paperOut: boolean;
  nextJob(timeoutMs?: number): Promise<Buffer>;
  close(): Promise<void>;
}

/** `DLE EOT 1, 2, 4`: the status question the server and the helper ask before and after a job. */
const STATUS_QUERY = Buffer.from([0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04]);
/** Online, cover closed, paper present. */
const READY = Buffer.from([0x12, 0x12, 0x12]);
/** Offline: paper end (printing stopped, the roll sensor says the end). */
const PAPER_OUT = Buffer.from([0x1a, 0x32, 0x72]);

/** Like an ESC/POS printer: answers the status question (ready) and keeps the job without it. */
export async function startFakePrinter(): Promise<FakePrinter> {
  const waiting: Array<(b: Buffer) => void> = [];
  const server = net.createServer((socket) => {
    state.connections += 1;
    let received = Buffer.alloc(0);
    let job = Buffer.alloc(0);
    socket.on('error', () => undefined);
    socket.on('data', (c: Buffer) => {
      received = Buffer.concat([received, c]);
      for (let at = received.indexOf(STATUS_QUERY); at >= 0; at = received.indexOf(STATUS_QUERY)) {
        job = Buffer.concat([job, received.subarray(0, at)]);
        received = received.subarray(at + STATUS_QUERY.length);
        socket.write(state.paperOut ? PAPER_OUT : READY);
      }
    });
    socket.on('end', () => {
      const bytes = Buffer.concat([job, received]);
      if (state.paperOut) return; // nothing printed
      const waiter = waiting.shift();
      if (waiter) waiter(bytes);
      else state.jobs.push(bytes);
      socket.end();
    });
  });
  const state: FakePrinter = {
    port: 0,
    jobs: [],
    connections: 0,
    paperOut: false,
    nextJob: (timeoutMs = 15_000) =>
      new Promise<Buffer>((resolve, reject) => {
        const ready = state.jobs.shift();
        if (ready) return resolve(ready);
        const timer = setTimeout(() => reject(new Error('the printer received nothing')), timeoutMs);
        waiting.push((b) => {
          clearTimeout(timer);
          resolve(b);
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as net.AddressInfo).port;
  return state;
}

export interface HelperProcess {
  dir: string;
  insecurePort: number;
  securePort: number;
  output: () => string;
  stop(): Promise<void>;
}

function cli(dir: string, args: string[]): string {
  const r = spawnSync(process.execPath, [HELPER_BIN, '--config', dir, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`printer helper ${args.join(' ')}: ${r.stderr || r.stdout}`);
  return r.stdout;
}

/**
 * The real, built helper in its own process: a temporary config folder, a network printer named
 * Counter pointing at `printerPort`, paired with `certificate` (PEM), listening on the given
 * ports (free ones when absent).
 */
export async function startHelperProcess(opts: {
  printerPort: number;
  certificate: string;
  insecurePort?: number;
  securePort?: number;
}): Promise<HelperProcess> {
  if (!fs.existsSync(HELPER_BIN)) throw new Error(`${HELPER_BIN} is missing: run npm run build`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-e2e-helper-'));
  const printer = ['--name', 'Counter', '--type', 'network', '--host', '127.0.0.1'];
  cli(dir, ['printers', 'add', ...printer, '--port', String(opts.printerPort)]);
  const pem = path.join(dir, 'business.pem');
  fs.writeFileSync(pem, opts.certificate);
  // The helper lets in pages from the Duka server only (its origin, as the browser sends it).
  cli(dir, ['pair', '--file', pem, '--origin', E2E_ORIGIN]);

  // A port picked here may be taken by another process before the helper binds it (an outgoing
  // connection's ephemeral port): then the helper starts again on others.
  for (let attempt = 1; ; attempt++) {
    const [insecureFree, secureFree] = await freePorts(2);
    const insecurePort = opts.insecurePort ?? insecureFree!;
    const securePort = opts.securePort ?? secureFree!;
    try {
      return await launchHelper(dir, insecurePort, securePort);
    } catch (err) {
      const picked = opts.insecurePort === undefined || opts.securePort === undefined;
      if (!picked || attempt >= 3 || !String(err).includes('EADDRINUSE')) throw err;
    }
  }
}

async function launchHelper(dir: string, insecurePort: number, securePort: number): Promise<HelperProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      HELPER_BIN,
      '--config',
      dir,
      'start',
      '--port',
      String(insecurePort),
      '--secure-port',
      String(securePort),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the helper did not start: ${out}`)), 20_000);
    const check = setInterval(() => {
      if (/listening on ws:\/\/localhost/.test(out)) {
        clearTimeout(timer);
        clearInterval(check);
        resolve();
      }
    }, 50);
    child.once('exit', (code) => {
      clearTimeout(timer);
      clearInterval(check);
      reject(new Error(`the helper exited (${code}): ${out}`));
    });
  });
  return {
    dir,
    insecurePort,
    securePort,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Another business's signing identity, made as the server makes one: RSA 2048, self-signed X.509. */
export function otherBusinessIdentity(name: string): { cert: string; sign: (text: string) => string } {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${crypto.randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  const attrs = [{ name: 'commonName', value: name }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const key = forge.pki.privateKeyToPem(keys.privateKey);
  return {
    cert: forge.pki.certificateToPem(cert),
    sign: (text) => crypto.sign('sha512', Buffer.from(text, 'utf8'), key).toString('base64'),
  };
}

type Resolver<T> = (resolve: (value: T) => void, reject: (reason?: unknown) => void) => void;

/** The part of the official qz-tray client these journeys drive (it ships no types). */
export interface QzClient {
  websocket: {
    connect(options: Record<string, unknown>): Promise<void>;
    disconnect(): Promise<void>;
    isActive(): boolean;
  };
  security: {
    setCertificatePromise(handler: Resolver<string | null>): void;
    setSignaturePromise(factory: (toSign: string) => Resolver<string | null>): void;
    setSignatureAlgorithm(algorithm: string): void;
  };
  api: {
    getVersion(): Promise<string>;
    setWebSocketType(ws: unknown): void;
    setSha256Type(hasher: (text: string) => string | Promise<string>): void;
  };
  printers: { find(query?: string): Promise<string | string[]>; getDefault(): Promise<string | null> };
  configs: { create(printer: string, options?: Record<string, unknown>): unknown };
  print(config: unknown, data: unknown[]): Promise<void>;
  networking: { device(): Promise<{ mac: string }> };
}

/** The Duka page's origin, which the test helpers allow. */
export const E2E_ORIGIN = `http://127.0.0.1:${process.env.DUKA_E2E_PORT ?? 3199}`;

/**
 * The official client as a page gets it, with `ws` as its WebSocket (Node has none before v22),
 * sending the page's Origin as a browser does (`origin`: another site's page).
 */
export function loadQz(origin: string = E2E_ORIGIN): QzClient {
  const qz = createRequire(import.meta.url)('qz-tray') as QzClient;
  qz.api.setWebSocketType(
    class PageWebSocket extends WebSocket {
      constructor(address: string) {
        super(address, { origin });
      }
    },
  );
  return qz;
}

export const sha256Hex = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** The first real network interface's MAC as QZ reports it (uppercase hex, no separators). */
export function machineMac(): string | null {
  const real = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a !== undefined && !a.internal && !/^[0:]*$/.test(a.mac));
  return real ? real.mac.replace(/:/g, '').toUpperCase() : null;
}

/**
 * This till's printer settings as the app keeps them (the `duka_till` cookie): `helper` on means
 * the till chose the printer helper, so the app looks for it (sign-in's device read, printing).
 */
export async function chooseHelper(context: BrowserContext, baseUrl: string): Promise<void> {
  await context.addCookies([
    {
      name: 'duka_till',
      value: encodeURIComponent(JSON.stringify({ helper: true })),
      url: baseUrl,
      sameSite: 'Strict',
    },
  ]);
}
