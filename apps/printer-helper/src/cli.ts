import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeCertificate, TLS_CERT_FILE } from './certs.js';
import { printersCommand } from './cli-printers.js';
import { CliError, OPTIONS, portOption, type CliIo, type Values } from './cli-shared.js';
import { allowedOrigins, loadConfig, normaliseOrigin, resolveConfigDir, saveConfig } from './config.js';
import { primaryDevice } from './device.js';
import { createConsoleLogger } from './log.js';
import { fetchServerCertificate, pairWithCertificate, readCertificateFile } from './pairing.js';
import { LISTEN_HOST, startHelper } from './server.js';
import { HELPER_VERSION } from './version.js';

export { CliError, type CliIo } from './cli-shared.js';

export const USAGE = `Duka printer helper ${HELPER_VERSION}: prints receipts for the Duka web app (QZ Tray compatible)

Usage: duka-printer-helper [--config DIR] <command>

Commands:
  start [--port 8182] [--secure-port 8181]   run the helper (the default command)
  status                                      pairing, printers, ports, device address
  printers list
  printers add --name N --type network --host H [--port 9100] [--default]
  printers add --name N --type device --path /dev/usb/lp0 [--default]
  printers add --name N --type cups --queue QUEUE [--default]
  printers remove NAME
  printers default NAME
  printers test [NAME]                        print a short ESC/POS test page
  pair --server URL [--cookie C]              trust the business certificate of a Duka server
  pair --file cert.pem                        ... or from a file
       [--origin URL ...]                     also let pages from URL connect (the server's
                                              own origin is allowed with --server)

The config folder is --config DIR, else $DUKA_PRINTER_HELPER_DIR, else ~/.duka-printer-helper.
`;

async function pair(dir: string, values: Values, io: CliIo): Promise<void> {
  if (values.server && values.file) throw new CliError('pair takes --server or --file, not both', 2);
  let pem: string;
  let source: string;
  if (values.file) {
    ({ pem, source } = readCertificateFile(values.file));
  } else if (values.server) {
    pem = await fetchServerCertificate(values.server, values.cookie, io.fetch ?? fetch);
    source = values.server;
  } else {
    throw new CliError('pair needs --server URL [--cookie C] or --file cert.pem', 2);
  }
  let origins: string[];
  try {
    origins = (values.origin ?? []).map(normaliseOrigin);
  } catch (err) {
    throw new CliError(`--origin: ${(err as Error).message}`, 2);
  }
  const pairing = pairWithCertificate(dir, pem, source);
  if (origins.length > 0) {
    const config = loadConfig(dir);
    saveConfig(dir, { ...config, allowedOrigins: [...new Set([...config.allowedOrigins, ...origins])] });
  }
  const allowed = [...allowedOrigins(loadConfig(dir))];
  io.stdout.write(
    allowed.length > 0
      ? `Pages allowed to connect: ${allowed.join(', ')}\n`
      : 'No page may connect yet: pair with --server URL or add --origin URL\n',
  );
  io.stdout.write(
    `Paired with ${pairing.subject || 'the certificate'}\n  fingerprint ${pairing.fingerprint}\n` +
      'Only pages signed with this business key can print through this helper.\n',
  );
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.createConnection({ host: LISTEN_HOST, port });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function status(dir: string, io: CliIo): Promise<void> {
  const config = loadConfig(dir);
  const out = (s: string) => io.stdout.write(`${s}\n`);
  out(`Duka printer helper ${HELPER_VERSION}`);
  out(`Config folder: ${dir}`);
  const running = await isListening(config.ports.insecure);
  out(
    `Ports: ws://localhost:${config.ports.insecure}, wss://localhost:${config.ports.secure} ` +
      `(${running ? 'a helper is listening' : 'not running'})`,
  );
  if (config.pairing) {
    out(`Paired with: ${config.pairing.subject || '(no subject)'}`);
    out(`  fingerprint ${config.pairing.fingerprint}`);
    out(`  from ${config.pairing.source} on ${config.pairing.pairedAt}`);
  } else {
    out('Not paired: run `duka-printer-helper pair --server URL --cookie C` or `pair --file cert.pem`');
  }
  out(
    `Printers: ${config.printers.length}${config.defaultPrinter ? ` (default: ${config.defaultPrinter})` : ''}`,
  );
  out(
    `Answered unsigned (read-only): ${config.allowUnsigned.length > 0 ? config.allowUnsigned.join(', ') : 'nothing'}`,
  );
  const origins = [...allowedOrigins(config)];
  out(
    `Pages allowed to connect: ${origins.length > 0 ? origins.join(', ') : 'none (pair with --server, or --origin URL)'}`,
  );
  const tlsFile = path.join(dir, TLS_CERT_FILE);
  if (fs.existsSync(tlsFile)) {
    const tls = describeCertificate(fs.readFileSync(tlsFile, 'utf8'));
    out(`TLS certificate: valid until ${tls.validTo.toISOString()}, fingerprint ${tls.fingerprint}`);
  } else {
    out('TLS certificate: made on first start');
  }
  try {
    const device = primaryDevice(config.mac);
    out(`Device address: ${device.mac}${config.mac ? ' (from config)' : ` (${device.name})`}`);
  } catch (err) {
    out(`Device address: none (${(err as Error).message})`);
  }
}

async function start(dir: string, values: Values): Promise<void> {
  const insecure = portOption(values.port, '--port');
  const secure = portOption(values['secure-port'], '--secure-port');
  const log = createConsoleLogger();
  const helper = await startHelper({
    configDir: dir,
    ports: { ...(insecure !== undefined ? { insecure } : {}), ...(secure !== undefined ? { secure } : {}) },
    log,
  });
  const config = loadConfig(dir);
  log.info(
    `Duka printer helper ${HELPER_VERSION} listening on ws://localhost:${helper.insecurePort} ` +
      `and wss://localhost:${helper.securePort} (config ${dir})`,
  );
  if (!config.pairing) log.warn('Not paired with a business yet: printing is refused until you run `pair`');
  if (config.printers.length === 0) log.warn('No printers configured: add one with `printers add`');
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      log.info(`${signal}: stopping`);
      helper.close().then(resolve, resolve);
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

/**
 * A string option always takes the next argument, even one that starts with "-": a session token
 * is base64url and may (`pair --cookie -AbC…`), and node's parseArgs would refuse it as ambiguous.
 * `--cookie -AbC` becomes `--cookie=-AbC`.
 */
export function joinOptionValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : null;
    const option =
      name !== null && Object.hasOwn(OPTIONS, name) ? OPTIONS[name as keyof typeof OPTIONS] : null;
    const next = argv[i + 1];
    if (option?.type === 'string' && next !== undefined && next !== '--') {
      out.push(`${arg}=${next}`);
      i += 1;
    } else out.push(arg);
  }
  return out;
}

/** Runs one command; resolves to the process exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({
      args: joinOptionValues(argv),
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    io.stderr.write(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (values.version) {
    io.stdout.write(`${HELPER_VERSION}\n`);
    return 0;
  }
  const dir = resolveConfigDir(values.config, io.env);
  const [command = 'start', ...rest] = positionals;
  try {
    switch (command) {
      case 'start':
        await start(dir, values);
        break;
      case 'status':
        await status(dir, io);
        break;
      case 'printers':
        await printersCommand(dir, rest, values, io);
        break;
      case 'pair':
        await pair(dir, values, io);
        break;
      case 'help':
        io.stdout.write(USAGE);
        break;
      default:
        throw new CliError(`Unknown command "${command}"\n\n${USAGE}`, 2);
    }
    return 0;
  } catch (err) {
    io.stderr.write(`Error: ${err instanceof Error ? err.message : String(err)}\n`);
    return err instanceof CliError ? err.exitCode : 1;
  }
}
