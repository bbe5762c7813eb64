#!/usr/bin/env node
import { openConfiguredDatabase } from './bootstrap.js';
import { CliError, USAGE, runCli } from './cli/commands.js';
import { ConfigError, loadConfig } from './config.js';
import { type Db, migrate } from './db/database.js';
import { AppError } from './http/errors.js';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return argv.length === 0 ? 1 : 0;
  }
  let db: Db | undefined;
  try {
    const config = loadConfig();
    db = openConfiguredDatabase(config);
    await migrate(db);
    await runCli(argv, db, (line) => process.stdout.write(`${line}\n`), config.mode);
    return 0;
  } catch (err) {
    const message =
      err instanceof CliError ||
      err instanceof ConfigError ||
      err instanceof AppError ||
      (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? (err as Error).message
        : `Unexpected error: ${err instanceof Error ? err.message : String(err)}`;
    process.stderr.write(`duka: ${message}\n`);
    return 1;
  } finally {
    await db?.close();
  }
}

main().then(
  (code) => process.exit(code),
  () => process.exit(1),
);
