import os from 'node:os';
import { findPrinter, type HelperConfig, type PrinterConfig } from './config.js';
import { listDevices, primaryDevice, type Interfaces } from './device.js';
import type { Logger } from './log.js';
import { decodePrintData } from './print-data.js';
import { sendToPrinter, type SendOptions } from './printers.js';

/** The version `getVersion` answers: the QZ Tray API level this helper speaks (2.1+ features). */
export const QZ_API_VERSION = '2.2.5';

/** An error whose message the page receives as the call's `error`. */
export class QzError extends Error {
  override name = 'QzError';
}

export interface CallContext {
  config: HelperConfig;
  log: Logger;
  /** Injected so tests can fake the machine's interfaces and hostname. */
  interfaces?: () => Interfaces;
  hostname?: () => string;
  send?: (printer: PrinterConfig, bytes: Buffer, opts: SendOptions) => Promise<void>;
}

type Handler = (params: unknown, ctx: CallContext) => unknown;

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

const hostnameOf = (ctx: CallContext): string => (ctx.hostname ?? os.hostname)();
const interfacesOf = (ctx: CallContext): Interfaces => (ctx.interfaces ?? os.networkInterfaces)();

/**
 * `printers.find(query)`: like QZ Tray, an exact name first, then the first name containing the
 * query, case-insensitively; without a query, every name.
 */
function printersFind(params: unknown, ctx: CallContext): unknown {
  const query = obj(params).query;
  const names = ctx.config.printers.map((p) => p.name);
  if (typeof query !== 'string' || query === '') return names;
  const q = query.toLowerCase();
  const found = names.find((n) => n.toLowerCase() === q) ?? names.find((n) => n.toLowerCase().includes(q));
  if (found === undefined) throw new QzError('Specified printer could not be found.');
  return found;
}

function printersGetDefault(_params: unknown, ctx: CallContext): unknown {
  return ctx.config.defaultPrinter;
}

/** Which configured printer a print call names; printing to arbitrary hosts or files is refused. */
function targetPrinter(printerParam: unknown, config: HelperConfig): PrinterConfig {
  if (printerParam === null || printerParam === undefined) {
    throw new QzError('A printer must be specified before printing');
  }
  const p = typeof printerParam === 'string' ? { name: printerParam } : obj(printerParam);
  if (typeof p.name !== 'string' || p.name === '') {
    throw new QzError(
      'Only printers configured in the Duka printer helper can be used: give the printer by name ' +
        '(printing to a host or a file is not supported)',
    );
  }
  const printer = findPrinter(config, p.name);
  if (!printer) throw new QzError(`Printer "${p.name}" is not configured in the Duka printer helper`);
  return printer;
}

function copiesOf(options: Record<string, unknown>): number {
  const copies = options.copies;
  if (copies === undefined || copies === null) return 1;
  if (typeof copies !== 'number' || !Number.isInteger(copies) || copies < 1 || copies > 100) {
    throw new QzError('options.copies must be a whole number from 1 to 100');
  }
  return copies;
}

async function print(params: unknown, ctx: CallContext): Promise<unknown> {
  const p = obj(params);
  const printer = targetPrinter(p.printer, ctx.config);
  const options = obj(p.options);
  const jobName = typeof options.jobName === 'string' && options.jobName !== '' ? options.jobName : null;
  let bytes: Buffer;
  try {
    bytes = decodePrintData(p.data, options);
  } catch (err) {
    throw new QzError((err as Error).message);
  }
  const copies = copiesOf(options);
  const job = copies === 1 ? bytes : Buffer.concat(Array.from({ length: copies }, () => bytes));
  const label = jobName ? `"${jobName}"` : '(no job name)';
  try {
    await (ctx.send ?? sendToPrinter)(printer, job, { jobName, lpCommand: ctx.config.lpCommand });
  } catch (err) {
    ctx.log.error(`Print job ${label} to "${printer.name}" failed: ${(err as Error).message}`);
    throw new QzError((err as Error).message);
  }
  ctx.log.info(`Printed job ${label} to "${printer.name}" (${job.length} bytes)`);
  return null;
}

/**
 * `networking.device`: QZ Tray finds the interface that routes to `hostname:port` by opening a
 * connection there; a till has one network, so the helper answers its primary interface and
 * never reaches out.
 */
function networkingDevice(_params: unknown, ctx: CallContext): unknown {
  try {
    return primaryDevice(ctx.config.mac, interfacesOf(ctx), hostnameOf(ctx));
  } catch (err) {
    throw new QzError((err as Error).message);
  }
}

function networkingDevices(_params: unknown, ctx: CallContext): unknown {
  const devices = listDevices(interfacesOf(ctx), hostnameOf(ctx));
  if (ctx.config.mac === null) return devices;
  // The configured address is the primary device, as networking.device reports it.
  const primary = primaryDevice(ctx.config.mac, interfacesOf(ctx), hostnameOf(ctx));
  return [primary, ...devices.map((d) => ({ ...d, primary: false }))];
}

function networkingHostname(_params: unknown, ctx: CallContext): unknown {
  return hostnameOf(ctx);
}

function getVersion(): string {
  return QZ_API_VERSION;
}

export const CALLS: Readonly<Record<string, Handler>> = {
  getVersion,
  'printers.find': printersFind,
  'printers.getDefault': printersGetDefault,
  print,
  'networking.device': networkingDevice,
  'networking.devices': networkingDevices,
  'networking.hostname': networkingHostname,
};

export function isSupportedCall(call: string): boolean {
  return Object.hasOwn(CALLS, call);
}

export async function runCall(call: string, params: unknown, ctx: CallContext): Promise<unknown> {
  const handler = isSupportedCall(call) ? CALLS[call] : undefined;
  if (!handler) throw new QzError(`Invalid function call: ${call} (unsupported by the Duka printer helper)`);
  return await handler(params, ctx);
}
