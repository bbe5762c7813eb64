import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { describeCertificate, ensureTlsCertificate } from './certs.js';
import type { CallContext } from './calls.js';
import { allowedOrigins, ensureConfigDir, loadConfig } from './config.js';
import { createConsoleLogger, type Logger } from './log.js';
import { ReplayGuard } from './protocol.js';
import { Session } from './session.js';
import { HELPER_VERSION } from './version.js';

export interface HelperOptions {
  configDir: string;
  /** Override the config's ports; 0 picks a free one (tests). */
  ports?: { secure?: number; insecure?: number };
  /** Milliseconds since the epoch; injectable so tests can move the helper's clock. */
  clock?: () => number;
  log?: Logger;
  callContext?: Omit<CallContext, 'config' | 'log'>;
}

export interface RunningHelper {
  securePort: number;
  insecurePort: number;
  /** SHA-256 fingerprint of the TLS certificate served on the secure port. */
  tlsFingerprint: string;
  close(): Promise<void>;
}

/** Loopback only: the helper prints for this machine's browser, never for the network. */
export const LISTEN_HOST = '127.0.0.1';
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** A page for a person who opens https://localhost:8181 to accept the certificate. */
function infoPage(_req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`Duka printer helper ${HELPER_VERSION} is running (QZ Tray compatible).\n`);
}

function listen(server: net.Server, port: number, what: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      const why =
        err.code === 'EADDRINUSE'
          ? `port ${port} is in use (is QZ Tray or another helper running? choose another with --port/--secure-port)`
          : err.message;
      reject(new Error(`Cannot listen for ${what} on ${LISTEN_HOST}:${port}: ${why}`));
    };
    server.once('error', onError);
    server.listen(port, LISTEN_HOST, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/**
 * Whether a page from this origin may connect: the paired Duka server's origin or one listed in
 * `allowedOrigins`. Browsers always send Origin on a websocket handshake and a page cannot
 * forge it, so another web page never reaches the helper (nor reads the device address).
 */
export function originAllowed(origin: string | undefined, configDir: string, log: Logger): boolean {
  if (!origin) return false;
  try {
    return allowedOrigins(loadConfig(configDir)).has(origin.toLowerCase());
  } catch (err) {
    log.error(`Configuration: ${(err as Error).message}`);
    return false;
  }
}

function attachSessions(
  wss: WebSocketServer,
  opts: Required<Pick<HelperOptions, 'clock' | 'log'>> & HelperOptions,
  replays: ReplayGuard,
): void {
  wss.on('connection', (socket, req) => {
    const peer = `${req.socket.remoteAddress ?? '?'}:${req.socket.remotePort ?? '?'}`;
    const origin = req.headers.origin ?? 'no origin';
    opts.log.info(`${peer}: connection from ${origin}`);
    const session = new Session(
      {
        loadConfig: () => loadConfig(opts.configDir),
        clock: opts.clock,
        log: opts.log,
        replays,
        ...(opts.callContext ? { callContext: opts.callContext } : {}),
      },
      peer,
    );
    socket.on('message', (data) => {
      session
        .handle(rawText(data))
        .then((reply) => {
          if (reply !== null && socket.readyState === WebSocket.OPEN) socket.send(reply);
        })
        .catch((err: unknown) => opts.log.error(`${peer}: ${(err as Error).message}`));
    });
    socket.on('error', (err) => opts.log.warn(`${peer}: ${err.message}`));
    socket.on('close', () => opts.log.info(`${peer}: disconnected`));
  });
  wss.on('error', (err) => opts.log.error(`websocket server: ${err.message}`));
}

/**
 * Starts ws://localhost:8182 and wss://localhost:8181 (QZ Tray's first ports, which the qz-tray
 * client tries first), both bound to 127.0.0.1.
 */
export async function startHelper(options: HelperOptions): Promise<RunningHelper> {
  const opts = { ...options, clock: options.clock ?? Date.now, log: options.log ?? createConsoleLogger() };
  const config = loadConfig(opts.configDir); // a broken config stops the start with its message
  ensureConfigDir(opts.configDir);
  const tls = ensureTlsCertificate(opts.configDir);
  if (tls.created) opts.log.info(`Made a TLS certificate for wss://localhost in ${opts.configDir}`);

  const plain = http.createServer(infoPage);
  const secure = https.createServer({ key: tls.key, cert: tls.cert }, infoPage);
  const servers = [plain, secure];
  const verifyClient = (info: { origin: string; req: http.IncomingMessage }) => {
    const ok = originAllowed(info.origin, opts.configDir, opts.log);
    if (!ok) {
      const peer = `${info.req.socket.remoteAddress ?? '?'}:${info.req.socket.remotePort ?? '?'}`;
      opts.log.warn(
        `${peer}: refused a connection from ${info.origin || 'no origin'} (not the paired Duka server nor in allowedOrigins)`,
      );
    }
    return ok;
  };
  const wssList = servers.map(
    (server) => new WebSocketServer({ server, maxPayload: MAX_MESSAGE_BYTES, verifyClient }),
  );
  const replays = new ReplayGuard();
  for (const wss of wssList) attachSessions(wss, opts, replays);

  const close = async () => {
    for (const wss of wssList) for (const client of wss.clients) client.terminate();
    await Promise.all(wssList.map((wss) => new Promise<void>((resolve) => wss.close(() => resolve()))));
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (!server.listening) return resolve();
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      ),
    );
  };

  try {
    const insecurePort = await listen(plain, opts.ports?.insecure ?? config.ports.insecure, 'ws://');
    const securePort = await listen(secure, opts.ports?.secure ?? config.ports.secure, 'wss://');
    return { insecurePort, securePort, tlsFingerprint: describeCertificate(tls.cert).fingerprint, close };
  } catch (err) {
    await close();
    throw err;
  }
}
