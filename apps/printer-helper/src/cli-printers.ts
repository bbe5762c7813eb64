import path from 'node:path';
import {
  addPrinter,
  describePrinterTarget,
  findPrinter,
  loadConfig,
  parsePrinter,
  removePrinter,
  saveConfig,
  setDefaultPrinter,
  type HelperConfig,
} from './config.js';
import { CliError, portOption, type CliIo, type Values } from './cli-shared.js';
import { escposTestPage, sendToPrinter } from './printers.js';

function printersList(config: HelperConfig, io: CliIo): void {
  if (config.printers.length === 0) {
    io.stdout.write(
      'No printers yet. Add one with: duka-printer-helper printers add --name N --type network --host H\n',
    );
    return;
  }
  const width = Math.max(4, ...config.printers.map((p) => p.name.length));
  io.stdout.write(`  ${'NAME'.padEnd(width)}  TYPE     TARGET\n`);
  for (const p of config.printers) {
    const mark = p.name === config.defaultPrinter ? '*' : ' ';
    io.stdout.write(`${mark} ${p.name.padEnd(width)}  ${p.type.padEnd(7)}  ${describePrinterTarget(p)}\n`);
  }
  io.stdout.write('(* = default)\n');
}

function printersAdd(dir: string, values: Values, io: CliIo): void {
  if (!values.name) throw new CliError('printers add needs --name', 2);
  if (!values.type) throw new CliError('printers add needs --type network|device|cups', 2);
  const raw: Record<string, unknown> = { name: values.name, type: values.type };
  if (values.type === 'network') {
    if (!values.host) throw new CliError('a network printer needs --host (and --port, 9100 by default)', 2);
    raw.host = values.host;
    raw.port = portOption(values.port, '--port') ?? 9100;
  } else if (values.type === 'device') {
    if (!values.path) throw new CliError('a device printer needs --path (e.g. /dev/usb/lp0)', 2);
    raw.path = path.resolve(values.path);
  } else if (values.type === 'cups') {
    if (!values.queue) throw new CliError('a CUPS printer needs --queue (see `lpstat -p`)', 2);
    raw.queue = values.queue;
  }
  const printer = parsePrinter(raw, 'printer');
  const config = addPrinter(loadConfig(dir), printer, values.default === true);
  saveConfig(dir, config);
  const isDefault = config.defaultPrinter === printer.name ? ' (default)' : '';
  io.stdout.write(`Added printer "${printer.name}": ${describePrinterTarget(printer)}${isDefault}\n`);
}

async function printersTest(dir: string, name: string | undefined, io: CliIo): Promise<void> {
  const config = loadConfig(dir);
  const wanted = name ?? config.defaultPrinter;
  if (!wanted) throw new CliError('No default printer: name one, e.g. `printers test Counter`', 2);
  const printer = findPrinter(config, wanted);
  if (!printer) throw new CliError(`No printer named "${wanted}"`);
  await sendToPrinter(printer, escposTestPage(printer.name), {
    jobName: 'Duka test page',
    lpCommand: config.lpCommand,
  });
  io.stdout.write(`Sent a test page to "${printer.name}" (${describePrinterTarget(printer)})\n`);
}

export async function printersCommand(dir: string, args: string[], values: Values, io: CliIo): Promise<void> {
  const [sub, arg] = args;
  switch (sub) {
    case undefined:
    case 'list':
      return printersList(loadConfig(dir), io);
    case 'add':
      return printersAdd(dir, values, io);
    case 'remove': {
      const name = arg ?? values.name;
      if (!name) throw new CliError('printers remove needs the printer name', 2);
      const before = loadConfig(dir);
      saveConfig(dir, removePrinter(before, name));
      io.stdout.write(`Removed printer "${findPrinter(before, name)?.name ?? name}"\n`);
      return;
    }
    case 'default': {
      const name = arg ?? values.name;
      if (!name) throw new CliError('printers default needs the printer name', 2);
      const config = setDefaultPrinter(loadConfig(dir), name);
      saveConfig(dir, config);
      io.stdout.write(`The default printer is now "${config.defaultPrinter}"\n`);
      return;
    }
    case 'test':
      return printersTest(dir, arg ?? values.name, io);
    default:
      throw new CliError(`Unknown printers command "${sub}" (list, add, remove, default, test)`, 2);
  }
}
