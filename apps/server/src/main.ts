#!/usr/bin/env node
import { ConfigError, loadConfig } from './config.js';
import { createServer } from './bootstrap.js';
import { startBackupSchedule } from './backup/backup-job.js';
import { removePidFile, writePidFile } from './backup/server-lock.js';
import { systemClock } from './lib/clock.js';
import { PushJob } from './modules/sync/push-job.js';
import { PRIVATE_UMASK } from './lib/private-files.js';

async function main(): Promise<void> {
  // Whatever the server creates (database, backups, keys) is the owner's alone.
  process.umask(PRIVATE_UMASK);
  const config = loadConfig();
  // Claimed before the database is opened and migrated, so `restore` cannot slip in meanwhile;
  // the port is filled in once the server listens.
  if (config.mode === 'local') writePidFile(config.dataDir, 0);
  let created;
  try {
    created = await createServer(config);
  } catch (err) {
    if (config.mode === 'local') removePidFile(config.dataDir);
    throw err;
  }
  const { app, db } = created;
  let closing = false;
  let stopBackups: () => Promise<void> = () => Promise.resolve();
  let pushJob: PushJob | null = null;
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
      .then(() => app.close())
      .then(
        () => {
          if (config.mode === 'local') removePidFile(config.dataDir);
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
    writePidFile(config.dataDir, Number(port));
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
    if (process.env.SYNC_ALLOW_HTTP === '1')
      app.log.warn('SYNC_ALLOW_HTTP=1: sync may send its credential over plain http (tests only)');
  }
  const shown = config.host === '0.0.0.0' || config.host === '::' ? `http://localhost:${port}` : address;
  const where = config.mode === 'hosted' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  process.stdout.write(`\nDuka is running at ${shown}  (${config.mode} mode, ${where})\n\n`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Duka could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  }
  process.exit(1);
});
