import type { parseArgs } from 'node:util';
import { validPort } from './config.js';

/** Where a command writes and what it reads: process streams in the binary, strings in tests. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
  fetch?: typeof fetch;
}

/** A user mistake: the message is shown as is, with exit code 2 when it is about usage. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export const OPTIONS = {
  config: { type: 'string' },
  name: { type: 'string' },
  type: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'secure-port': { type: 'string' },
  path: { type: 'string' },
  queue: { type: 'string' },
  default: { type: 'boolean' },
  server: { type: 'string' },
  cookie: { type: 'string' },
  file: { type: 'string' },
  origin: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

export type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>
>['values'];

export function portOption(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  try {
    return validPort(Number.isInteger(n) && value.trim() !== '' ? n : NaN, flag);
  } catch {
    throw new CliError(`${flag} must be a port number from 0 to 65535 (got "${value}")`, 2);
  }
}
