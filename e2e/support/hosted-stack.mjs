#!/usr/bin/env node
// The hosted server the `hosted` Playwright project runs against, as a shop would meet it: a fresh
// PostgreSQL database, two businesses made with the CLI, two server processes on that database
// and a round-robin proxy in front of them at one address (loopback only), so the browser's
// requests alternate between the processes. SIGTERM (Playwright stopping its web server) stops
// the proxy and both servers and drops the database. A database that cannot be made is a failure.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;
const proxyPort = Number(env.DUKA_HOSTED_PORT);
const backendPorts = [proxyPort + 1, proxyPort + 2];
const accounts = JSON.parse(env.DUKA_HOSTED_ACCOUNTS ?? '[]');
if (!proxyPort || accounts.length === 0)
  throw new Error('DUKA_HOSTED_PORT and DUKA_HOSTED_ACCOUNTS are needed');

/** The maintenance database of the server DATABASE_URL points at (CI sets it), or the local one. */
function adminUrl() {
  const url = new URL(env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url;
}

const log = (line) => process.stderr.write(`[hosted-stack] ${line}\n`);
const dbName = `duka_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
const dbUrl = adminUrl();
dbUrl.pathname = `/${dbName}`;

async function admin(sql) {
  const c = new pg.Client({ connectionString: adminUrl().href });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** One key for the run: every process on the database seals and opens the printing keys with it. */
const keyEncryptionKey = randomBytes(32).toString('base64');

const serverEnv = (extra) => ({
  ...env,
  KEY_ENCRYPTION_KEY: keyEncryptionKey,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DATABASE_URL: dbUrl.href,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'duka-hosted-')),
  ...extra,
});

/** `duka init` on the hosted database: how a hosted server's businesses are made. */
function init(account) {
  const r = spawnSync(
    process.execPath,
    [
      'apps/server/dist/cli.js',
      'init',
      '--business',
      account.business,
      '--admin-username',
      account.username,
      '--admin-password',
      account.password,
      '--admin-name',
      account.name,
      '--currency',
      'KES',
      '--timezone',
      'Africa/Nairobi',
    ],
    { cwd: root, env: serverEnv({}), encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`duka init failed: ${r.stdout}${r.stderr}`);
  log(r.stdout.trim());
}

const servers = [];
let stopping = false;

function startServer(port) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: serverEnv({ PORT: String(port) }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (d) => process.stderr.write(d));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      log(`server on ${port} exited (${code ?? signal})`);
      void stop(1);
    }
  });
  servers.push(child);
}

async function healthy(port) {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on ${port} did not answer`);
}

let next = 0;
const agent = new http.Agent({ keepAlive: true });
/** One request to one process, the next to the other; the answer says which one served it. */
const proxy = http.createServer((req, res) => {
  const i = next;
  next = (next + 1) % backendPorts.length;
  const upstream = http.request(
    {
      host: '127.0.0.1',
      port: backendPorts[i],
      method: req.method,
      path: req.url,
      headers: req.headers,
      agent,
    },
    (answer) => {
      // hop by hop: this proxy's own Keep-Alive goes back, not the backend's (Fastify's 72 s), or a
      // client keeps a connection this server closes after its 5 s idle and sends a request into the
      // close (a 'did not answer' once in CI)
      const { connection: _c, 'keep-alive': _k, ...headers } = answer.headers;
      res.writeHead(answer.statusCode ?? 502, { ...headers, 'x-duka-backend': String(i + 1) });
      answer.pipe(res);
    },
  );
  upstream.on('error', (err) => {
    log(`proxy to ${backendPorts[i]}: ${err.message}`);
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});

async function stop(code) {
  if (stopping) return;
  stopping = true;
  proxy.close();
  await Promise.all(
    servers.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.on('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 8000).unref();
        }),
    ),
  );
  try {
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  } catch (err) {
    log(`could not drop ${dbName}: ${err.message}`);
  }
  process.exit(code);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

try {
  await admin(`CREATE DATABASE ${dbName}`);
  log(`database ${dbName}`);
  // The first process migrates the new database; the CLI then makes the businesses on it.
  startServer(backendPorts[0]);
  await healthy(backendPorts[0]);
  for (const account of accounts) init(account);
  startServer(backendPorts[1]);
  await healthy(backendPorts[1]);
  await new Promise((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
  log(`proxy at http://127.0.0.1:${proxyPort} → ${backendPorts.join(', ')}`);
} catch (err) {
  log(`could not start: ${err instanceof Error ? err.message : String(err)}`);
  await stop(1);
}
