#!/usr/bin/env node
import { type Config, ConfigError, loadConfig } from './config.js';
import { explainStartupError } from './lib/startup-errors.js';
import { createServer } from './bootstrap.js';
import { startBackupSchedule } from './backup/backup-job.js';
import { type DataDirLock, lockDataDir } from './backup/server-lock.js';
import { systemClock } from './lib/clock.js';
import { PullJob } from './modules/sync/pull-job.js';
import { PushJob } from './modules/sync/push-job.js';
import { PRIVATE_UMASK } from './lib/private-files.js';

async function main(config: Config): Promise<void> {
  // Held from before the database is opened and migrated until the process ends, so neither a
  // second server nor `restore` can work on this folder meanwhile; the port is filled in once
  // the server listens.
  const lock: DataDirLock | null = config.mode === 'local' ? lockDataDir(config.dataDir) : null;
  let created;
  try {
    created = await createServer(config);
  } catch (err) {
    lock?.release();
    throw err;
  }
  const { app, db } = created;
  let closing = false;
  let stopBackups: () => Promise<void> = () => Promise.resolve();
  let pushJob: PushJob | null = null;
  let pullJob: PullJob | null = null;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('requests did not finish in 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    pushJob?.stop();
    stopBackups()
      .then(() => pullJob?.stop())
      .then(() => app.close())
      .then(
        () => {
          lock?.release();
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'error while shutting down');
          process.exit(1);
        },
      );
  };
  // Requests still in flight when shutdown starts end their connection with their answer, so a
  // keep-alive client does not hold the server open.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  if (config.mode === 'local') {
    lock?.setPort(Number(port));
    stopBackups = startBackupSchedule(
      { db, dataDir: config.dataDir, backupDir: config.backupDir, now: () => systemClock.now() },
      app.log,
    );
    // Sync (ADR 11): pushes this shop's journal to the hosted server it is linked to, if any.
    pushJob = new PushJob({
      db,
      keys: { keyEncryptionKey: config.keyEncryptionKey },
      now: () => systemClock.now(),
      log: app.log,
    });
    pushJob.start();
    // ... and pulls what other branches and the hosted site wrote (ADR 11 §11.3).
    pullJob = new PullJob({
      db,
      keys: { keyEncryptionKey: config.keyEncryptionKey },
      now: () => systemClock.now(),
      log: app.log,
    });
    pullJob.start();
    if (process.env.SYNC_ALLOW_HTTP === '1')
      app.log.warn('SYNC_ALLOW_HTTP=1: sync may send its credential over plain http (tests only)');
  }
  const shown = config.host === '0.0.0.0' || config.host === '::' ? `http://localhost:${port}` : address;
  const where = config.mode === 'hosted' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  process.stdout.write(`\nDuka is running at ${shown}  (${config.mode} mode, ${where})\n\n`);
}

// Whatever the server creates (database, backups, keys) is the owner's alone.
process.umask(PRIVATE_UMASK);
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(1);
}
main(config).catch((err: unknown) => {
  process.stderr.write(`Duka could not start: ${explainStartupError(err, config)}\n`);
  process.exit(1);
});
