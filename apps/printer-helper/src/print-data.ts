/**
 * Turns the `data` of a qz-tray `print` call into the bytes for the printer. Only raw commands
 * are printable here (a receipt is ESC/POS bytes); pixel printing needs a driver, which is what
 * QZ Tray itself is for.
 *
 * What the client sends: a string item stays a string (QZ reads it as
 * `{type:'raw', format:'command', flavor:'plain'}`); an object item keeps its `type`, `format`,
 * `flavor` and `data`, a Uint8Array already turned into base64 or hex text by the client.
 */

export class PrintDataError extends Error {
  override name = 'PrintDataError';
}

const ENCODINGS: Record<string, BufferEncoding> = {
  'utf-8': 'utf8',
  utf8: 'utf8',
  'iso-8859-1': 'latin1',
  iso8859_1: 'latin1',
  latin1: 'latin1',
  'us-ascii': 'ascii',
  ascii: 'ascii',
};

/**
 * The character set of `plain` data: `options.encoding` as a name or `{to}`. The default is
 * UTF-8, QZ Tray's on current Java; ESC/POS code pages need `ISO-8859-1` or base64/hex data.
 */
export function encodingOf(options: unknown): BufferEncoding {
  if (typeof options !== 'object' || options === null) return 'utf8';
  const raw = (options as { encoding?: unknown }).encoding;
  const name =
    typeof raw === 'string'
      ? raw
      : typeof raw === 'object' && raw !== null && typeof (raw as { to?: unknown }).to === 'string'
        ? (raw as { to: string }).to
        : null;
  if (name === null || name === '') return 'utf8';
  const encoding = ENCODINGS[name.toLowerCase()];
  if (!encoding) {
    throw new PrintDataError(`Unsupported encoding "${name}" (supported: UTF-8, ISO-8859-1, US-ASCII)`);
  }
  return encoding;
}

const lower = (v: unknown, fallback: string): string =>
  typeof v === 'string' && v !== '' ? v.toLowerCase() : fallback;

function decodeHex(data: string, index: number): Buffer {
  const hex = data.replace(/\s+/g, '');
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw new PrintDataError(`data[${index}]: hex data must be pairs of hex digits`);
  }
  return Buffer.from(hex, 'hex');
}

function decodeBase64(data: string, index: number): Buffer {
  const b64 = data.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) {
    throw new PrintDataError(`data[${index}]: not valid base64`);
  }
  return Buffer.from(b64, 'base64');
}

export function decodeItem(item: unknown, index: number, encoding: BufferEncoding): Buffer {
  if (typeof item === 'string') return Buffer.from(item, encoding);
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw new PrintDataError(`data[${index}] must be a string or an object`);
  }
  const o = item as Record<string, unknown>;
  const type = lower(o.type, 'raw');
  const format = lower(o.format, 'command');
  const flavor = lower(o.flavor, 'plain');
  if (type !== 'raw' || format !== 'command') {
    throw new PrintDataError(
      `data[${index}]: unsupported: only raw command data prints here (got type ${type}, format ${format})`,
    );
  }
  if (typeof o.data !== 'string') throw new PrintDataError(`data[${index}].data must be a string`);
  switch (flavor) {
    case 'plain':
      return Buffer.from(o.data, encoding);
    case 'base64':
      return decodeBase64(o.data, index);
    case 'hex':
      return decodeHex(o.data, index);
    default:
      throw new PrintDataError(`data[${index}]: unsupported flavor ${flavor} (use plain, base64 or hex)`);
  }
}

/** All items of one print call, in order, as one job. */
export function decodePrintData(data: unknown, options: unknown): Buffer {
  if (!Array.isArray(data) || data.length === 0) throw new PrintDataError('Nothing to print: data is empty');
  const encoding = encodingOf(options);
  return Buffer.concat(data.map((item, i) => decodeItem(item, i, encoding)));
}
