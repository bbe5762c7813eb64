// The processes of one sync test (ADR 11 §10), started and killed by the test itself:
//   a hosted server: two processes on one fresh PostgreSQL database behind a round-robin HTTP
//     proxy at one address (as e2e/support/hosted-stack.mjs), a placeholder business made with
//     `duka init`;
//   a local server: one process on its own data folder (SQLite), set up through POST /api/setup;
//   the chaos proxy (chaos-proxy.mjs) between the local server and the hosted address: the
//     address the local server links to is `hosted.chaosUrl`.
// Needs the built server (`npm run build -w packages/domain && npm run build -w apps/server`) and
// a PostgreSQL at DATABASE_URL (or postgres://postgres@127.0.0.1:5432). One stack per worker at a
// time; stopAll() stops every process and drops the database. DUKA_SYNC_VERBOSE=1 shows the
// servers' output; DUKA_SYNC_SEED (or DUKA_CHAOS_SEED) fixes the chaos proxy's seed.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startChaosProxy } from './chaos-proxy.mjs';
import { compareDigests, digestArchive, exportArchive, root } from './sync-digest.mjs';

export { compareDigests, digestArchive } from './sync-digest.mjs';

/** The shop's admin (local setup) and the hosted placeholder's owner (`duka init`). */
export const SHOP_ADMIN = { username: 'shop-admin', password: 'Mango-till-2026', name: 'Wanjiku Shop' };
export const SHOP_NAME = 'Duka Sync Shop';
export const HOSTED_OWNER = {
  business: 'Duka Sync Placeholder',
  username: 'hosted-owner',
  password: 'Baobab-river-5830',
  name: 'Otieno Hosted',
};
export const DEVICE_ID = 'SYNC-E2E-PC';

const verbose = Boolean(process.env.DUKA_SYNC_VERBOSE);
const log = (line) => process.stderr.write(`[sync-stack] ${line}\n`);
const tmp = (prefix) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
const state = { hosted: null, local: null, chaos: null, rr: null, dirs: [], extra: [] };

/** A temporary folder removed by stopAll(); `child`: another process stopAll() stops (sync-branch.mjs). */
export function tracked({ dir, child } = {}) {
  if (dir) state.dirs.push(dir);
  if (child) state.extra.push(child);
}

/** The maintenance database of the server DATABASE_URL points at, or the local one. */
function adminUrl() {
  const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url;
}

async function sql(url, text) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

/** The built server on a port (0: any), resolved once it prints its URL (it listens then). */
export function spawnServer(label, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let listening = false;
    const timer = setTimeout(() => reject(new Error(`${label}: no URL in 60 s: ${out}`)), 60_000);
    const onData = (d) => {
      out = (out + d.toString()).slice(-64_000);
      if (verbose) process.stderr.write(`[${label}] ${d}`);
      const m = listening ? null : /Duka is running at (http:\/\/\S+)/.exec(out);
      if (m) {
        listening = true;
        clearTimeout(timer);
        const url = m[1].replace('localhost', '127.0.0.1');
        resolve({ child, url, port: Number(new URL(url).port), output: () => out });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (listening) {
        if (verbose) log(`${label} exited (${code ?? signal})`);
      } else reject(new Error(`${label} exited (${code ?? signal}) before listening: ${out}`));
    });
  });
}

/** Sends a signal and waits for the exit; SIGKILL after `graceMs` if it is still there. */
function stopChild(child, signal = 'SIGTERM', graceMs = 10_000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      return resolve({ code: child.exitCode, signal: child.signalCode });
    child.once('exit', (code, sig) => resolve({ code, signal: sig }));
    child.kill(signal);
    if (signal !== 'SIGKILL') setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
  });
}

/**
 * Round robin over the hosted processes that are up; the answer says which one served it. Each
 * request it passes on is an event 'routed' { backend (0-based), method, path, at, ended }, `ended`
 * settling once its answer has gone back (or the connection closed).
 */
function startRoundRobin(backends) {
  let next = 0;
  const events = new EventEmitter();
  events.setMaxListeners(100);
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const up = backends.filter((b) => b.up);
    if (up.length === 0) return void res.writeHead(502).end();
    const b = up[next++ % up.length];
    const ended = new Promise((resolve) => res.once('close', resolve));
    events.emit('routed', { backend: b.index, method: req.method, path: req.url, at: Date.now(), ended });
    const upstream = http.request(
      { host: '127.0.0.1', port: b.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        // hop by hop: this proxy's own Keep-Alive goes back, not the backend's (Fastify's 72 s), or a
        // client keeps a connection this server closes after its 5 s idle and sends a request into the
        // close (a 'did not answer' once in CI)
        const { connection: _c, 'keep-alive': _k, ...headers } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...headers, 'x-duka-backend': String(b.index + 1) });
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      if (verbose) log(`round robin to ${b.port}: ${err.message}`);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = server.address().port;
      resolve({
        port,
        url: `http://127.0.0.1:${port}`,
        events,
        close: () =>
          new Promise((r) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    }),
  );
}

/** Environment of a hosted process (and of the CLI on the hosted database). */
function hostedEnv(extra = {}) {
  const h = state.hosted;
  const dataDir = tmp('duka-sync-hosted-');
  state.dirs.push(dataDir);
  return {
    ...process.env,
    KEY_ENCRYPTION_KEY: h.key,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: h.dbUrl,
    DATA_DIR: dataDir,
    ...h.env,
    ...extra,
  };
}

/** One statement on the hosted database (the test's own connection); answers its rows. */
export async function hostedSql(text, params = []) {
  if (!state.hosted) throw new Error('the hosted server is not started');
  const c = new pg.Client({ connectionString: state.hosted.dbUrl });
  await c.connect();
  try {
    return (await c.query(text, params)).rows;
  } finally {
    await c.end();
  }
}

/** `node apps/server/dist/cli.js …args` on the hosted database; answers its stdout. */
export function hostedCli(args) {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['apps/server/dist/cli.js', ...args],
      { cwd: root, env: hostedEnv(), encoding: 'utf8' },
      (err, stdout, stderr) =>
        err ? reject(new Error(`duka ${args[0]} (hosted) failed: ${stdout}${stderr}`)) : resolve(stdout),
    ),
  );
}

async function startBackend(b) {
  const s = await spawnServer(`hosted-${b.index + 1}`, hostedEnv({ ...b.env, PORT: String(b.port) }));
  Object.assign(b, { child: s.child, port: s.port, up: true, output: s.output });
}

/**
 * A fresh database, `processes` hosted server processes on it (the first migrates it), the
 * placeholder business, the round-robin address and the chaos proxy in front of it (passing
 * everything until told otherwise: `stack().chaos.setWeights(…)`). `env`: more variables for
 * the hosted processes; `processEnv[i]`: more for process i alone (DUKA_TEST_HOLD_APPLY_MS, …).
 */
export async function startHosted({
  processes = 2,
  seed,
  weights = { pass: 1 },
  env = {},
  processEnv = [],
} = {}) {
  if (state.hosted) throw new Error('the hosted server is already started');
  const t0 = Date.now();
  const dbName = `duka_sync_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dbUrl = adminUrl();
  dbUrl.pathname = `/${dbName}`;
  const backends = Array.from({ length: processes }, (_, index) => ({
    index,
    port: 0,
    up: false,
    child: null,
    env: processEnv[index] ?? {},
  }));
  state.hosted = { dbName, dbUrl: dbUrl.href, key: randomBytes(32).toString('base64'), backends, env };
  await sql(adminUrl().href, `CREATE DATABASE ${dbName}`);
  const steps = [`database ${Date.now() - t0} ms`];
  // The first process migrates the new database; then the CLI makes the placeholder business
  // while the other processes start.
  await startBackend(backends[0]);
  steps.push(`first process ${Date.now() - t0} ms`);
  const [init] = await Promise.all([
    hostedCli([
      'init',
      ...['--business', HOSTED_OWNER.business, '--admin-username', HOSTED_OWNER.username],
      ...['--admin-password', HOSTED_OWNER.password, '--admin-name', HOSTED_OWNER.name],
      ...['--currency', 'KES', '--timezone', 'Africa/Nairobi'],
    ]),
    ...backends.slice(1).map(startBackend),
  ]);
  steps.push(`init and the others ${Date.now() - t0} ms`);
  const businessId = /\(id ([^)\s]+)\)/.exec(init)?.[1];
  if (!businessId) throw new Error(`no business id in: ${init}`);
  state.rr = await startRoundRobin(backends);
  const [identity] = await sql(dbUrl.href, 'SELECT id FROM server_identity');
  state.chaos = await startChaosProxy({
    upstream: { host: '127.0.0.1', port: state.rr.port },
    seed: seed ?? process.env.DUKA_SYNC_SEED,
    weights,
    log: (line) => log(`chaos proxy ${line}`),
  });
  Object.assign(state.hosted, { businessId, serverId: identity.id, startMs: Date.now() - t0 });
  log(
    `hosted: ${dbName}, ${backends.map((b) => b.port).join(' + ')} behind ${state.rr.url}, ${state.hosted.startMs} ms (${steps.join(', ')})`,
  );
  return hostedInfo();
}

const hostedInfo = () => {
  const h = state.hosted;
  return {
    url: state.rr.url,
    chaosUrl: state.chaos.url,
    chaos: state.chaos,
    businessId: h.businessId,
    serverId: h.serverId,
    dbName: h.dbName,
    ports: h.backends.map((b) => b.port),
    pids: h.backends.map((b) => (b.up ? b.child.pid : null)),
    startMs: h.startMs,
  };
};

/** Calls `fn` for each request the round robin passes to a hosted process; answers the unsubscriber. */
export function onHostedRequest(fn) {
  if (!state.rr) throw new Error('the hosted server is not started');
  state.rr.events.on('routed', fn);
  return () => state.rr?.events.off('routed', fn);
}

/** Kills hosted process i (0-based; SIGKILL unless told); the round robin leaves it out meanwhile. */
export async function killHostedProcess(i, signal = 'SIGKILL') {
  const b = state.hosted?.backends[i];
  if (!b?.child) throw new Error(`no hosted process ${i}`);
  b.up = false;
  return stopChild(b.child, signal);
}

/** Starts hosted process i again, on the port it had (`env`: its own variables from now on). */
export async function restartHostedProcess(i, { env } = {}) {
  const b = state.hosted?.backends[i];
  if (!b) throw new Error(`no hosted process ${i}`);
  if (b.child && b.child.exitCode === null && b.child.signalCode === null)
    throw new Error(`hosted process ${i} is still running`);
  if (env) b.env = env;
  await startBackend(b);
}

/**
 * A JSON request (or a FormData upload) with a cookie jar `jar` ({ cookie }) and the test's device
 * id; answers the status, the JSON (or text) and the headers.
 */
export async function jsonFetch(base, jar, urlPath, { method = 'GET', body, headers = {} } = {}) {
  const form = body instanceof FormData;
  const res = await fetch(`${base}${urlPath}`, {
    method,
    headers: {
      'x-device-id': DEVICE_ID,
      ...(jar.cookie ? { cookie: jar.cookie } : {}),
      ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined || form ? body : JSON.stringify(body),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('duka_session='));
  if (cookie) jar.cookie = cookie.split(';')[0];
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: json ?? text, headers: res.headers };
}

/** A request to the local server as its admin (session cookie, device id); JSON in and out. */
export async function localFetch(urlPath, options = {}) {
  const l = state.local;
  if (!l) throw new Error('the local server is not started');
  return jsonFetch(l.url, l, urlPath, options);
}

/**
 * Signs in on the hosted server (its round-robin address, not through the chaos proxy) as
 * `user` (default: the shop's admin, whose business the hosted copy is after linking); answers
 * a fetch with that session.
 */
export async function hostedSession(user = state.local?.admin ?? SHOP_ADMIN) {
  if (!state.rr) throw new Error('the hosted server is not started');
  const jar = { cookie: null };
  const base = state.rr.url;
  const r = await jsonFetch(base, jar, '/api/auth/login', {
    method: 'POST',
    body: { login: user.username, password: user.password },
  });
  if (r.status !== 200) throw new Error(`hosted sign-in: ${r.status} ${JSON.stringify(r.body)}`);
  return (urlPath, options = {}) => jsonFetch(base, jar, urlPath, options);
}

/**
 * Another placeholder business on the hosted server (`duka init` with its own admin), the one
 * the next linkLocalToHosted() replaces; answers its id.
 */
export async function newPlaceholder(tag) {
  if (!state.hosted) throw new Error('the hosted server is not started');
  const out = await hostedCli([
    'init',
    ...[
      '--business',
      `${HOSTED_OWNER.business} ${tag}`,
      '--admin-username',
      `${HOSTED_OWNER.username}-${tag}`,
    ],
    ...['--admin-password', HOSTED_OWNER.password, '--admin-name', HOSTED_OWNER.name],
    ...['--currency', 'KES', '--timezone', 'Africa/Nairobi'],
  ]);
  const id = /\(id ([^)\s]+)\)/.exec(out)?.[1];
  if (!id) throw new Error(`no business id in: ${out}`);
  state.hosted.businessId = id;
  return id;
}

async function spawnLocal() {
  const l = state.local;
  const t0 = Date.now();
  const s = await spawnServer('local', {
    ...process.env,
    DATA_DIR: l.dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PORT: String(l.port),
    ...l.env,
  });
  Object.assign(l, { child: s.child, port: s.port, url: s.url, output: s.output });
  return Date.now() - t0;
}

/** Signs the admin in again when the session did not survive (it normally does: it is in SQLite). */
async function ensureSignedIn() {
  if ((await localFetch('/api/business/profile')).status === 200) return;
  const { admin } = state.local;
  const r = await localFetch('/api/auth/login', {
    method: 'POST',
    body: { login: admin.username, password: admin.password },
  });
  if (r.status !== 200) throw new Error(`local sign-in: ${r.status} ${JSON.stringify(r.body)}`);
}

/**
 * The local server on `dataDir` (a fresh folder unless given); a new one is set up through
 * POST /api/setup (the admin is `admin`, SHOP_ADMIN unless given, signed in for localFetch;
 * the business is `shopName`). `env`: more variables, kept for restarts.
 */
export async function startLocal({ dataDir, env = {}, admin = SHOP_ADMIN, shopName = SHOP_NAME } = {}) {
  if (state.local?.child && state.local.child.exitCode === null && state.local.child.signalCode === null)
    throw new Error('the local server is already running');
  const dir = dataDir ?? tmp('duka-sync-local-');
  if (!dataDir) state.dirs.push(dir);
  state.local = { dataDir: dir, port: 0, cookie: null, env, admin };
  const startMs = await spawnLocal();
  const { body } = await localFetch('/api/setup');
  if (body.setup_required) {
    const r = await localFetch('/api/setup', {
      method: 'POST',
      body: {
        business_name: shopName,
        currency: 'KES',
        timezone: 'Africa/Nairobi',
        language: 'en',
        admin_name: admin.name,
        username: admin.username,
        password: admin.password,
      },
    });
    if (r.status !== 201) throw new Error(`local setup: ${r.status} ${JSON.stringify(r.body)}`);
  } else await ensureSignedIn();
  state.local.businessId = (await localFetch('/api/business/profile')).body.id;
  log(`local: ${state.local.url} on ${dir}, ${startMs} ms`);
  return localInfo(startMs);
}

const localInfo = (startMs) => ({
  url: state.local.url,
  port: state.local.port,
  dataDir: state.local.dataDir,
  businessId: state.local.businessId,
  pid: state.local.child.pid,
  startMs,
});

/** Kills the local server (SIGKILL unless told); answers how it ended. */
export async function killLocal(signal = 'SIGKILL') {
  if (!state.local?.child) throw new Error('the local server is not started');
  return stopChild(state.local.child, signal);
}

/** Starts the local server again on its data folder and port; the admin's session goes on. */
export async function restartLocal() {
  const l = state.local;
  if (!l) throw new Error('the local server was never started');
  if (l.child.exitCode === null && l.child.signalCode === null)
    throw new Error('the local server is running');
  const startMs = await spawnLocal();
  await ensureSignedIn();
  return localInfo(startMs);
}

/** The started processes and addresses, for a test that needs more than the functions give. */
export function stack() {
  return {
    hosted: state.hosted ? hostedInfo() : null,
    local: state.local?.child ? localInfo(undefined) : null,
    chaos: state.chaos,
  };
}

/**
 * One side's business as a digest (sync-digest.mjs): exported with the CLI on that side's
 * database. The hosted side leaves out the hosted server's own sign-in entries.
 */
export async function digestBusiness(side, { businessId } = {}) {
  const dir = tmp('duka-sync-export-');
  state.dirs.push(dir);
  const file = path.join(dir, `${side}.duka.gz`);
  if (side === 'local') {
    const l = state.local;
    const env = { ...process.env, DATA_DIR: l.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
    exportArchive({ env, businessId: businessId ?? l.businessId, file });
    // The hosted site's sign-ins reach the shop by pull (ADR 11 §11.3), or not yet: left out on both sides.
    return digestArchive(file, { ignoreOrigins: state.hosted ? [state.hosted.serverId] : [] });
  }
  if (side !== 'hosted') throw new Error(`side is 'local' or 'hosted', not ${side}`);
  exportArchive({ env: hostedEnv(), businessId: businessId ?? state.hosted.businessId, file });
  return digestArchive(file, { ignoreOrigins: [state.hosted.serverId] });
}

/** The tables where the hosted copy differs from the local business (empty: the same). */
export async function compareBusinesses() {
  const [l, h] = [await digestBusiness('local'), await digestBusiness('hosted')];
  return compareDigests(l, h, { names: ['local', 'hosted'] });
}

/** The one-time code `duka link-code` prints (8 characters, maybe shown as XXXX-XXXX). */
export function codeIn(text) {
  const codes = text
    .split(/\s+/)
    .map((t) => t.replace(/^[^0-9A-Z]+|[^0-9A-Z]+$/g, ''))
    .filter((t) => /^[0-9A-HJKMNP-TV-Z]{4}-?[0-9A-HJKMNP-TV-Z]{4}$/.test(t));
  if (codes.length === 0) throw new Error(`no link code in: ${text}`);
  return codes.at(-1).replace('-', '');
}

/**
 * Polls the local GET /api/sync/status until nothing waits (waiting.entries 0); throws at once
 * when pushing stopped (state diverged, revoked or refused).
 */
export async function waitUntilSynced({ timeoutMs = 60_000 } = {}) {
  const t0 = Date.now();
  let last = null;
  while (Date.now() - t0 < timeoutMs) {
    try {
      last = await localFetch('/api/sync/status');
      if (last.status === 200 && last.body?.linked && last.body.waiting?.entries === 0) return last.body;
      if (['diverged', 'revoked', 'refused'].includes(last.body?.state))
        throw new Error(`pushing stopped: ${JSON.stringify(last.body)}`);
    } catch (err) {
      if (/^pushing stopped/.test(err.message)) throw err;
      last = { error: err.message }; // the local server may be restarting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`still waiting after ${timeoutMs} ms: ${JSON.stringify(last?.body ?? last)}`);
}

/**
 * Links the local server to the hosted one through the chaos proxy, as the owner would: a code
 * from `duka link-code --business-id ID` on the hosted side, then the local POST /api/sync/link
 * {hosted_url, code}; the hosted business then carries the shop's id. With `wait` (default), it
 * also waits until the local GET /api/sync/status says nothing waits.
 */
export async function linkLocalToHosted({ wait = true, timeoutMs = 60_000 } = {}) {
  if (!state.hosted || !state.local) throw new Error('start the hosted and the local server first');
  const code = codeIn(await hostedCli(['link-code', '--business-id', state.hosted.businessId]));
  const r = await localFetch('/api/sync/link', {
    method: 'POST',
    body: { hosted_url: state.chaos.url, code },
  });
  if (r.status !== 200 && r.status !== 201) throw new Error(`link: ${r.status} ${JSON.stringify(r.body)}`);
  state.hosted.businessId = state.local.businessId;
  return { link: r.body, status: wait ? await waitUntilSynced({ timeoutMs }) : null };
}

/**
 * Stops everything: the chaos and round-robin proxies, the local server and the hosted processes
 * (SIGTERM, then SIGKILL after 10 s), drops the database and removes the temporary folders
 * (`keep`: the folders stay, for a failed test to look at). Answers how long it took.
 */
export async function stopAll({ keep = false } = {}) {
  const t0 = Date.now();
  await state.chaos?.close();
  await state.rr?.close();
  const children = [
    state.local?.child,
    ...state.extra,
    ...(state.hosted?.backends ?? []).map((b) => b.child),
  ];
  await Promise.all(children.filter(Boolean).map((c) => stopChild(c)));
  if (state.hosted) {
    try {
      await sql(adminUrl().href, `DROP DATABASE IF EXISTS ${state.hosted.dbName} WITH (FORCE)`);
    } catch (err) {
      log(`could not drop ${state.hosted.dbName}: ${err.message}`);
    }
  }
  if (keep) {
    // What the servers logged (warn and above: LOG_LEVEL=warn), so a failure in CI says why.
    const outputs = [
      ['local', state.local?.output],
      ...(state.hosted?.backends ?? []).map((b) => [`hosted-${b.index + 1}`, b.output]),
    ];
    for (const [label, output] of outputs) {
      const text = output?.() ?? '';
      if (text)
        log(`${label} logged (last ${Math.min(text.length, 8000)} characters):\n${text.slice(-8000)}`);
    }
    log(`kept: ${state.dirs.join(' ')}`);
  } else for (const d of state.dirs) fs.rmSync(d, { recursive: true, force: true });
  Object.assign(state, { hosted: null, local: null, chaos: null, rr: null, dirs: [], extra: [] });
  return { stopMs: Date.now() - t0 };
}
