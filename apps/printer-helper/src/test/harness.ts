import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { STATUS_QUERY, statusAnswer } from '../network-send.js';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { generateSelfSigned } from '../certs.js';
import { defaultConfig, saveConfig, type HelperConfig, type PrinterConfig } from '../config.js';
import type { Logger } from '../log.js';
import { pairWithCertificate } from '../pairing.js';
import { sha256Hex } from '../protocol.js';
import { startHelper, type HelperOptions, type RunningHelper } from '../server.js';

type Resolver<T> = (resolve: (value: T) => void, reject: (reason?: unknown) => void) => void;

/** The part of the official qz-tray client these tests drive (it ships no types). */
export interface QzClient {
  websocket: {
    connect(options: {
      host: string;
      port: { secure: number[]; insecure: number[] };
      usingSecure: boolean;
      keepAlive?: number;
      retries?: number;
    }): Promise<void>;
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
    isVersionGreater(major: number, minor?: number, patch?: number): boolean;
  };
  printers: {
    find(query?: string, signature?: string, timestamp?: number): Promise<string | string[]>;
    getDefault(): Promise<string | null>;
    details(): Promise<unknown>;
  };
  configs: { create(printer: string | { name: string }, options?: Record<string, unknown>): unknown };
  print(config: unknown, data: unknown[], ...presigned: unknown[]): Promise<void>;
  networking: {
    device(): Promise<{ mac: string; ip: string | null; hostname: string }>;
    devices(): Promise<Array<{ mac: string }>>;
    hostname(): Promise<string>;
  };
  file: { list(path: string): Promise<unknown> };
}

/** The Duka page the test helpers allow (`allowedOrigins`); a browser sends its page's origin. */
export const TEST_ORIGIN = 'http://duka.test:3000';

/** `ws` as a browser page on `origin` opens it: with the Origin header. */
export function webSocketFrom(origin: string, extra: WebSocket.ClientOptions = {}): unknown {
  return class PageWebSocket extends WebSocket {
    constructor(address: string) {
      super(address, { origin, ...extra });
    }
  };
}

/** The official client, as a page gets it; Node has no global WebSocket before v22, so `ws`. */
export function loadQz(origin: string = TEST_ORIGIN): QzClient {
  const qz = createRequire(import.meta.url)('qz-tray') as QzClient;
  qz.api.setWebSocketType(webSocketFrom(origin));
  return qz;
}

/** A business's signing identity, made the way the server makes it: RSA 2048, self-signed X.509. */
export interface Business {
  cert: string;
  key: string;
  /** What the server's signing endpoint does: RSA over the client's hash text, base64. */
  sign(toSign: string, algorithm?: 'sha1' | 'sha256' | 'sha512'): string;
  /** Pre-signs a call the way a page may (`qz.printers.find(q, signature, timestamp)`). */
  presign(call: string, params: unknown, timestamp: number, algorithm?: 'sha1' | 'sha256' | 'sha512'): string;
}

export function makeBusiness(name: string): Business {
  const { cert, key } = generateSelfSigned({ commonName: name, organization: 'Duka business', days: 3650 });
  const sign = (toSign: string, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha512') =>
    crypto.sign(algorithm, Buffer.from(toSign, 'utf8'), key).toString('base64');
  return {
    cert,
    key,
    sign,
    presign: (call, params, timestamp, algorithm = 'sha1') =>
      sign(sha256Hex(JSON.stringify({ call, params, timestamp })), algorithm),
  };
}

/** Points the client at a business: its certificate, and signatures by its key (or by `signer`). */
export function useBusiness(
  qz: QzClient,
  business: Business | null,
  signer: Business | null = business,
): void {
  qz.security.setCertificatePromise((resolve, reject) => (business ? resolve(business.cert) : reject()));
  qz.security.setSignatureAlgorithm('SHA512');
  qz.security.setSignaturePromise((toSign) => (resolve) => resolve(signer ? signer.sign(toSign) : ''));
}

export async function connect(qz: QzClient, helper: RunningHelper): Promise<void> {
  if (qz.websocket.isActive()) await qz.websocket.disconnect();
  await qz.websocket.connect({
    host: 'localhost',
    port: { secure: [helper.securePort], insecure: [helper.insecurePort] },
    usingSecure: false,
    keepAlive: 0,
  });
}

export interface CapturedLog extends Logger {
  lines: string[];
}

export function captureLog(): CapturedLog {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`INFO ${m}`),
    warn: (m) => lines.push(`WARN ${m}`),
    error: (m) => lines.push(`ERROR ${m}`),
  };
}

export function tempDir(prefix = 'duka-printer-helper-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface TestHelper {
  dir: string;
  helper: RunningHelper;
  log: CapturedLog;
  close(): Promise<void>;
}

/** A real helper on free loopback ports with its own config folder. */
export async function startTestHelper(opts: {
  printers?: PrinterConfig[];
  defaultPrinter?: string | null;
  pairWith?: Business | null;
  config?: Partial<HelperConfig>;
  clock?: () => number;
  callContext?: HelperOptions['callContext'];
}): Promise<TestHelper> {
  const dir = tempDir();
  const printers = opts.printers ?? [];
  saveConfig(dir, {
    ...defaultConfig(),
    allowedOrigins: [TEST_ORIGIN],
    printers,
    defaultPrinter: opts.defaultPrinter === undefined ? (printers[0]?.name ?? null) : opts.defaultPrinter,
    ...opts.config,
  });
  if (opts.pairWith) pairWithCertificate(dir, opts.pairWith.cert, 'test');
  const log = captureLog();
  const helper = await startHelper({
    configDir: dir,
    ports: { secure: 0, insecure: 0 },
    log,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.callContext ? { callContext: opts.callContext } : {}),
  });
  return {
    dir,
    helper,
    log,
    close: async () => {
      await helper.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A loopback TCP listener standing in for a network printer: records each connection's bytes
 * (the status questions taken out). `ready` answers `DLE EOT` online with paper, like an ESC/POS
 * printer; `no-status` never answers; `never-reads` takes the connection and reads nothing;
 * `resets-mid-job` resets once the job arrives; a state answers that state.
 */
export interface FakePrinter {
  port: number;
  jobs: Buffer[];
  connections: number;
  queries: number;
  nextJob(): Promise<Buffer>;
  close(): Promise<void>;
}

export type FakePrinterMode =
  | 'ready'
  | 'no-status'
  | 'never-reads'
  | 'resets-mid-job'
  | { paperOut?: boolean; coverOpen?: boolean; online?: boolean };

export async function startFakePrinter(mode: FakePrinterMode = 'ready'): Promise<FakePrinter> {
  const waiting: Array<(b: Buffer) => void> = [];
  const sockets = new Set<net.Socket>();
  const state: FakePrinter = {
    port: 0,
    jobs: [],
    connections: 0,
    queries: 0,
    nextJob: () =>
      new Promise<Buffer>((resolve) => {
        const ready = state.jobs.shift();
        if (ready) resolve(ready);
        else waiting.push(resolve);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = net.createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (mode === 'never-reads') {
      socket.pause();
      return;
    }
    let received = Buffer.alloc(0);
    let job = Buffer.alloc(0);
    socket.on('data', (c: Buffer) => {
      received = Buffer.concat([received, c]);
      for (let at = received.indexOf(STATUS_QUERY); at >= 0; at = received.indexOf(STATUS_QUERY)) {
        job = Buffer.concat([job, received.subarray(0, at)]);
        received = received.subarray(at + STATUS_QUERY.length);
        state.queries += 1;
        if (mode === 'no-status') continue;
        socket.write(statusAnswer(mode === 'ready' || mode === 'resets-mid-job' ? {} : mode));
      }
      if (mode === 'resets-mid-job' && job.length + received.length > 0) socket.resetAndDestroy();
    });
    socket.on('end', () => {
      const bytes = Buffer.concat([job, received]);
      const waiter = waiting.shift();
      if (waiter) waiter(bytes);
      else state.jobs.push(bytes);
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as net.AddressInfo).port;
  return state;
}

/** A loopback port with nothing listening: bound, read, released. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const errorOf = async (p: Promise<unknown>): Promise<Error> => {
  try {
    await p;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the call to fail, but it succeeded');
};
