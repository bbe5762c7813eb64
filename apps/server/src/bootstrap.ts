import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, readVersion } from './app.js';
import type { Config } from './config.js';
import { type Db, migrate, openDatabase } from './db/database.js';
import { logLockWait } from './db/migration-locks.js';
import { startIndexBuilds } from './db/online-index.js';
import { systemClock } from './lib/clock.js';
import { sealStoredKeys } from './modules/printing/key-sealing.js';

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else SQLite. */
export function openConfiguredDatabase(config: Config): Db {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'duka.sqlite'),
    sqliteSynchronous: config.sqliteSynchronous,
    pgPoolMax: config.pgPoolMax,
  });
}

/**
 * Opens and migrates the database, then builds the app (not yet listening). The indexes a
 * migration left to be built concurrently (PostgreSQL, big tables: `online-index.ts`) are built
 * in the background while the server serves; closing the app stops the build under way.
 */
export async function createServer(config: Config): Promise<{ app: FastifyInstance; db: Db }> {
  const db = openConfiguredDatabase(config);
  try {
    await migrate(db, undefined, { indexBuilds: 'later', onLockWait: logLockWait });
    // Plain printing keys are sealed now that there is a key; a key that cannot open the sealed
    // ones stops the start here, with the reason, rather than at the first receipt.
    const sealed = await sealStoredKeys(db.kysely, config.keyEncryptionKey);
    if (sealed > 0) process.stdout.write(`Encrypted ${sealed} printing key(s) with KEY_ENCRYPTION_KEY\n`);
  } catch (err) {
    await db.close();
    throw err;
  }
  const app = await buildApp({
    deps: { db, config, clock: systemClock, version: readVersion() },
    logger: { level: config.logLevel },
  });
  const builds = startIndexBuilds(db, app.log);
  app.addHook('preClose', () => builds.stop());
  return { app, db };
}
