#!/usr/bin/env node
import { openConfiguredDatabase } from './bootstrap.js';
import { CliError, USAGE, runCli } from './cli/commands.js';
import { BackupCliError, restoreCommand } from './cli/backup-commands.js';
import { SyncCliError } from './cli/sync-commands.js';
import { ConfigError, loadConfig } from './config.js';
import { type Db, migrate } from './db/database.js';
import { logLockWait } from './db/migration-locks.js';
import { AppError } from './lib/errors.js';
import { PRIVATE_UMASK } from './lib/private-files.js';

async function main(): Promise<number> {
  // Whatever the CLI creates (database, backups, exports) is the owner's alone.
  process.umask(PRIVATE_UMASK);
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return argv.length === 0 ? 1 : 0;
  }
  let db: Db | undefined;
  try {
    const config = loadConfig();
    const out = (line: string) => process.stdout.write(`${line}\n`);
    // Restoring replaces the database file: it must not be open, here or in a server.
    if (argv[0] === 'restore') {
      restoreCommand(argv.slice(1), config, out);
      return 0;
    }
    db = openConfiguredDatabase(config);
    // A command does not wait for index builds (online-index.ts): the server makes them.
    await migrate(db, undefined, { indexBuilds: 'later', onLockWait: logLockWait });
    await runCli(argv, db, out, config);
    return 0;
  } catch (err) {
    const message =
      err instanceof CliError ||
      err instanceof BackupCliError ||
      err instanceof SyncCliError ||
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
