import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A printer the helper can reach: raw TCP (port 9100), a device file, or a CUPS queue printed raw. */
export type PrinterConfig =
  | { name: string; type: 'network'; host: string; port: number }
  | { name: string; type: 'device'; path: string }
  | { name: string; type: 'cups'; queue: string };

export type PrinterType = PrinterConfig['type'];

/** The business certificate this helper trusts (one business per till). */
export interface Pairing {
  certificate: string;
  /** SHA-256 fingerprint of the certificate, colon-separated uppercase hex (as openssl prints it). */
  fingerprint: string;
  subject: string;
  /** Where it came from: the server URL or the file path. */
  source: string;
  pairedAt: string;
}

export interface HelperConfig {
  ports: { secure: number; insecure: number };
  printers: PrinterConfig[];
  defaultPrinter: string | null;
  /** Device address to report when the machine has no usable interface MAC (any notation). */
  mac: string | null;
  /** The CUPS client used for `cups` printers (a path, for machines where `lp` is elsewhere). */
  lpCommand: string;
  /**
   * Read-only calls answered without a signature: by default the device address and host name,
   * which the Duka sign-in page reads before it can sign (see README); `[]` turns that off.
   */
  allowUnsigned: string[];
  /**
   * Web origins (`http://192.168.1.10:3000`) whose pages may connect, besides the origin of the
   * server it was paired with (`pair --server`). Any other page is refused at the handshake.
   */
  allowedOrigins: string[];
  pairing: Pairing | null;
}

/** Calls an operator may open to unsigned pages: they read, they never print. */
export const UNSIGNABLE_READ_CALLS = [
  'networking.device',
  'networking.devices',
  'networking.hostname',
  'printers.find',
  'printers.getDefault',
] as const;

/**
 * Opened by default: the sign-in page reads the till's device address before anyone is signed in
 * (so before it can sign), as QZ Tray's remembered "Allow" for an untrusted site would. Reads only.
 */
export const DEFAULT_ALLOW_UNSIGNED: readonly string[] = ['networking.device', 'networking.hostname'];

export const DEFAULT_PORTS = { secure: 8181, insecure: 8182 } as const;
export const CONFIG_FILE = 'config.json';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function defaultConfig(): HelperConfig {
  return {
    ports: { ...DEFAULT_PORTS },
    printers: [],
    defaultPrinter: null,
    mac: null,
    lpCommand: 'lp',
    allowUnsigned: [...DEFAULT_ALLOW_UNSIGNED],
    allowedOrigins: [],
    pairing: null,
  };
}

/** A web origin as browsers send it (`scheme://host[:port]`, lowercase, default port left out). */
export function normaliseOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigError(`${JSON.stringify(value)} is not a web address (http://host:port)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${JSON.stringify(value)} is not an http or https address`);
  }
  return url.origin;
}

/** The origins whose pages may connect: the paired server's, and the configured list. */
export function allowedOrigins(config: HelperConfig): Set<string> {
  const origins = new Set(config.allowedOrigins);
  const source = config.pairing?.source ?? '';
  if (/^https?:\/\//i.test(source)) {
    try {
      origins.add(normaliseOrigin(source));
    } catch {
      // A source that is not an address (a file path) adds nothing.
    }
  }
  return origins;
}

/** `--config DIR`, else `DUKA_PRINTER_HELPER_DIR`, else `~/.duka-printer-helper`. */
export function resolveConfigDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const dir = flag ?? env.DUKA_PRINTER_HELPER_DIR;
  return path.resolve(dir && dir.trim() !== '' ? dir : path.join(os.homedir(), '.duka-printer-helper'));
}

export function configPath(dir: string): string {
  return path.join(dir, CONFIG_FILE);
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function nonEmptyString(v: unknown, field: string): string {
  if (typeof v !== 'string' || v.trim() === '') throw new ConfigError(`${field} must be a non-empty string`);
  return v.trim();
}

export function validPort(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 65535) {
    throw new ConfigError(`${field} must be a port number from 0 to 65535`);
  }
  return v;
}

export function parsePrinter(v: unknown, field: string): PrinterConfig {
  if (!isObject(v)) throw new ConfigError(`${field} must be an object`);
  const name = nonEmptyString(v.name, `${field}.name`);
  switch (v.type) {
    case 'network':
      return {
        name,
        type: 'network',
        host: nonEmptyString(v.host, `${field}.host`),
        port: v.port === undefined ? 9100 : validPort(v.port, `${field}.port`),
      };
    case 'device':
      return { name, type: 'device', path: nonEmptyString(v.path, `${field}.path`) };
    case 'cups':
      return { name, type: 'cups', queue: nonEmptyString(v.queue, `${field}.queue`) };
    default:
      throw new ConfigError(`${field}.type must be "network", "device" or "cups"`);
  }
}

function parsePairing(v: unknown): Pairing | null {
  if (v === null || v === undefined) return null;
  if (!isObject(v)) throw new ConfigError('pairing must be an object or null');
  return {
    certificate: nonEmptyString(v.certificate, 'pairing.certificate'),
    fingerprint: nonEmptyString(v.fingerprint, 'pairing.fingerprint'),
    subject: typeof v.subject === 'string' ? v.subject : '',
    source: typeof v.source === 'string' ? v.source : '',
    pairedAt: typeof v.pairedAt === 'string' ? v.pairedAt : '',
  };
}

/** Checks a parsed config file; every message names the offending field. */
export function parseConfig(raw: unknown): HelperConfig {
  if (!isObject(raw)) throw new ConfigError('the file must hold a JSON object');
  const base = defaultConfig();
  const ports = raw.ports === undefined ? base.ports : raw.ports;
  if (!isObject(ports)) throw new ConfigError('ports must be an object');
  const printersRaw = raw.printers ?? [];
  if (!Array.isArray(printersRaw)) throw new ConfigError('printers must be a list');
  const printers = printersRaw.map((p, i) => parsePrinter(p, `printers[${i}]`));
  const seen = new Set<string>();
  for (const p of printers) {
    const key = p.name.toLowerCase();
    if (seen.has(key)) throw new ConfigError(`printers: the name "${p.name}" is used twice`);
    seen.add(key);
  }
  const defaultPrinter =
    raw.defaultPrinter === undefined || raw.defaultPrinter === null
      ? null
      : nonEmptyString(raw.defaultPrinter, 'defaultPrinter');
  if (defaultPrinter !== null && !printers.some((p) => p.name === defaultPrinter)) {
    throw new ConfigError(`defaultPrinter "${defaultPrinter}" is not one of the printers`);
  }
  // Absent: the default; an explicit list (even an empty one) is the operator's choice.
  const allowUnsigned = raw.allowUnsigned ?? base.allowUnsigned;
  if (!Array.isArray(allowUnsigned)) throw new ConfigError('allowUnsigned must be a list of call names');
  for (const call of allowUnsigned) {
    if (!(UNSIGNABLE_READ_CALLS as readonly unknown[]).includes(call)) {
      throw new ConfigError(
        `allowUnsigned: ${JSON.stringify(call)} cannot be opened; allowed: ${UNSIGNABLE_READ_CALLS.join(', ')}`,
      );
    }
  }
  const originsRaw = raw.allowedOrigins ?? [];
  if (!Array.isArray(originsRaw)) throw new ConfigError('allowedOrigins must be a list of web addresses');
  const origins = originsRaw.map((o, i) => {
    if (typeof o !== 'string') throw new ConfigError(`allowedOrigins[${i}] must be a web address`);
    try {
      return normaliseOrigin(o);
    } catch (err) {
      throw new ConfigError(`allowedOrigins[${i}]: ${(err as Error).message}`);
    }
  });
  return {
    ports: {
      secure: ports.secure === undefined ? base.ports.secure : validPort(ports.secure, 'ports.secure'),
      insecure:
        ports.insecure === undefined ? base.ports.insecure : validPort(ports.insecure, 'ports.insecure'),
    },
    printers,
    defaultPrinter,
    mac: raw.mac === undefined || raw.mac === null ? null : nonEmptyString(raw.mac, 'mac'),
    lpCommand: raw.lpCommand === undefined ? base.lpCommand : nonEmptyString(raw.lpCommand, 'lpCommand'),
    allowUnsigned: allowUnsigned as string[],
    allowedOrigins: [...new Set(origins)],
    pairing: parsePairing(raw.pairing),
  };
}

/** Reads the config; a missing file is the default config (first run). */
export function loadConfig(dir: string): HelperConfig {
  const file = configPath(dir);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return defaultConfig();
    throw new ConfigError(`Cannot read ${file}: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  try {
    return parseConfig(raw);
  } catch (err) {
    if (err instanceof ConfigError) throw new ConfigError(`${file}: ${err.message}`);
    throw err;
  }
}

export function ensureConfigDir(dir: string): void {
  // The folder holds the TLS private key: keep it to this user.
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/** Writes through a temporary file so a running helper never reads half a config. */
export function saveConfig(dir: string, config: HelperConfig): void {
  ensureConfigDir(dir);
  const file = configPath(dir);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

export function findPrinter(config: HelperConfig, name: string): PrinterConfig | undefined {
  return (
    config.printers.find((p) => p.name === name) ??
    config.printers.find((p) => p.name.toLowerCase() === name.toLowerCase())
  );
}

export function addPrinter(config: HelperConfig, printer: PrinterConfig, makeDefault: boolean): HelperConfig {
  if (findPrinter(config, printer.name)) {
    throw new ConfigError(`A printer named "${printer.name}" already exists; remove it first`);
  }
  const printers = [...config.printers, printer];
  // The first printer is the default: a till usually has one.
  const defaultPrinter = makeDefault || config.defaultPrinter === null ? printer.name : config.defaultPrinter;
  return { ...config, printers, defaultPrinter };
}

export function removePrinter(config: HelperConfig, name: string): HelperConfig {
  const printer = findPrinter(config, name);
  if (!printer) throw new ConfigError(`No printer named "${name}"`);
  const printers = config.printers.filter((p) => p !== printer);
  const defaultPrinter = config.defaultPrinter === printer.name ? null : config.defaultPrinter;
  return { ...config, printers, defaultPrinter };
}

export function setDefaultPrinter(config: HelperConfig, name: string): HelperConfig {
  const printer = findPrinter(config, name);
  if (!printer) throw new ConfigError(`No printer named "${name}"`);
  return { ...config, defaultPrinter: printer.name };
}

export function describePrinterTarget(p: PrinterConfig): string {
  switch (p.type) {
    case 'network':
      return `${p.host}:${p.port} (raw TCP)`;
    case 'device':
      return p.path;
    case 'cups':
      return `CUPS queue ${p.queue} (raw)`;
  }
}
