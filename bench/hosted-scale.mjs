// Hosted-scale figure (issue 21, "The server"): 50 businesses on a fresh PostgreSQL database, made
// with the CLI (`duka init`), served by 2 hosted server processes on that database; 32 connections,
// 16 per process, each request for the next business in turn, mixed as a hosted country's tills
// would: sales 60% (POST /api/sales, each a new sale id), product search 30% (GET /api/products?q=)
// and the sales report 10% (GET /api/reports/sales over the last week). Every business signs in
// once; its session cookie is used on both processes (sessions live in the database). Prints
// sales/s, p99 per kind, the CPU both servers and PostgreSQL spent per request, and the database's
// connection count during the run; any error or non-2xx answer fails the bench. Skipped (saying
// why) only when no PostgreSQL answers at BENCH_PG_ADMIN_URL / DATABASE_URL / the local default.
//
// `node bench/hosted-scale.mjs` runs it alone, with its own bare-route baseline.
// BENCH_SCALE_SECONDS (default 20) sets the load time; BENCH_SCALE_BUSINESSES (default 50);
// BENCH_SCALE_DB_PREFIX names the database made for the run (default duka_bench_scale);
// BENCH_SCALE_PROFILE=<dir> writes a CPU profile of each server process there.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from './sync.mjs';

const KINDS = ['sale', 'search', 'report'];
/** One cycle of ten requests per connection: 6 sales, 3 searches, 1 report, interleaved. */
const CYCLE = ['sale', 'search', 'sale', 'sale', 'search', 'sale', 'report', 'sale', 'search', 'sale'];
const PASSWORD = 'bench-pass-1';
const PRODUCTS = [
  ['Sugar 1 kg', 18_000],
  ['Sugar 2 kg', 35_000],
  ['Bread', 6_500],
  ['Milk 500 ml', 6_000],
  ['Rice 1 kg', 21_000],
];
const SEARCHES = ['sug', 'bread', 'milk', 'rice', 'B1'];
const PROCESSES = 2;
const CONNECTIONS = 32;

/** CPU seconds (user + system) a process used so far; 0 once it is gone (clock ticks of 1/100 s). */
function cpuS(pid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

const stopped = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 8000).unref();
  });

function cli(root, env, args) {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['apps/server/dist/cli.js', ...args],
      { cwd: root, env },
      (err, stdout, stderr) =>
        err ? reject(new Error(`duka ${args[0]} failed: ${stdout}${stderr}`)) : resolve(stdout),
    ),
  );
}

async function call(url, method, route, cookie, body) {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res;
}

/** YYYY-MM-DD of a day in a time zone, `back` days before today. */
function dayIn(timeZone, back = 0) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
}

/** A business made by the CLI, signed in (on the process `url`), with five products in stock. */
async function prepareBusiness(url, i, newId) {
  const username = `owner${String(i).padStart(2, '0')}`;
  const login = await call(url, 'POST', '/api/auth/login', undefined, {
    login: username,
    password: PASSWORD,
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const [location] = await (await call(url, 'GET', '/api/locations', cookie)).json();
  const supplier = await (
    await call(url, 'POST', '/api/suppliers', cookie, { name: 'Bench supplier' })
  ).json();
  const products = [];
  for (const [name, price] of PRODUCTS) {
    const body = { name, code: `B${products.length}`, price, tax_rate: 1600 };
    products.push(await (await call(url, 'POST', '/api/products', cookie, body)).json());
  }
  await call(url, 'POST', '/api/stock/receipts', cookie, {
    id: newId(),
    supplier_id: supplier.id,
    location_id: location.id,
    lines: products.map((p) => ({ product_id: p.id, quantity: 1_000_000_000, unit_cost: 1_000 })),
  });
  return {
    cookie,
    sale: {
      kind: 'cash',
      location_id: location.id,
      lines: [products[0], products[2], products[3]].map((p, k) => ({
        product_id: p.id,
        quantity: 1000 * (k + 1),
      })),
      tendered: 100_000,
    },
    report: `/api/reports/sales?from=${dayIn('Africa/Nairobi', 6)}&to=${dayIn('Africa/Nairobi')}`,
  };
}

/** autocannon's request list for one process: the cycle above, each request for the next business. */
function mixedRequests(businesses, newId) {
  let next = 0;
  let searches = 0;
  const pick = () => businesses[next++ % businesses.length];
  const build = {
    sale: (req) => {
      const b = pick();
      return {
        ...req,
        method: 'POST',
        path: '/api/sales',
        headers: { 'content-type': 'application/json', cookie: b.cookie },
        body: JSON.stringify({ id: newId(), ...b.sale }),
      };
    },
    search: (req) => ({
      ...req,
      method: 'GET',
      path: `/api/products?q=${SEARCHES[searches++ % SEARCHES.length]}`,
      headers: { cookie: pick().cookie },
    }),
    report: (req) => {
      const b = pick();
      return { ...req, method: 'GET', path: b.report, headers: { cookie: b.cookie } };
    },
  };
  return CYCLE.map((kind) => ({ kind, setupRequest: build[kind] }));
}

/** The p-th percentile of sorted milliseconds, whole ms. */
const percentile = (sorted, p) =>
  sorted.length === 0
    ? 0
    : Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);

/** Load on every process at once for `duration` s; latencies, statuses and failures per kind. */
async function mixedLoad(urls, businesses, newId, duration) {
  const stats = Object.fromEntries(KINDS.map((k) => [k, { ok: [], failed: 0, sample: '' }]));
  let errors = 0;
  const runs = urls.map((url) => {
    const requests = mixedRequests(businesses, newId).map((r) => ({
      ...r,
      onResponse: (status, body) => {
        if (status >= 300 && !stats[r.kind].sample)
          stats[r.kind].sample = `${status} ${String(body ?? '').slice(0, 300)}`;
      },
    }));
    const instance = autocannon({ url, connections: CONNECTIONS / urls.length, duration, requests });
    instance.on('response', (client, status, _bytes, ms) => {
      const s = stats[client.requestIterator.currentRequest.kind];
      if (status >= 200 && status < 300) s.ok.push(ms);
      else s.failed++;
    });
    return instance.then((r) => {
      errors += r.errors + r.timeouts;
      return r;
    });
  });
  await Promise.all(runs);
  for (const s of Object.values(stats)) s.ok.sort((a, b) => a - b);
  return { stats, errors };
}

/** Server CPU per request of each kind, one request after another on one process and business. */
async function cpuPerKind(server, business, newId) {
  const n = 200;
  const { url } = server;
  const get = (route, cookie) => fetch(`${url}${route}`, { headers: cookie ? { cookie } : {} });
  const kinds = [
    ['GET /api/health (baseline)', () => get('/api/health')],
    ['GET /api/me (session lookup)', () => get('/api/me', business.cookie)],
    [
      'POST /api/sales',
      () =>
        fetch(`${url}/api/sales`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: business.cookie },
          body: JSON.stringify({ id: newId(), ...business.sale }),
        }),
    ],
    ['GET /api/products?q=', () => get(`/api/products?q=${SEARCHES[0]}`, business.cookie)],
    ['GET /api/reports/sales, a week', () => get(business.report, business.cookie)],
  ];
  console.log(`${'server CPU per request, sequential:'.padEnd(44)} (one process, one business, ${n} each)`);
  let base = 0;
  for (const [name, send] of kinds) {
    const once = async () => {
      const res = await send();
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`hosted scale: ${name} answered ${res.status}`);
    };
    for (let i = 0; i < 20; i++) await once(); // warm-up
    const before = cpuS(server.child.pid);
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await once();
    const cpuMs = ((cpuS(server.child.pid) - before) * 1000) / n;
    base ||= cpuMs;
    console.log(
      `${`  ${name}`.padEnd(44)} ${cpuMs.toFixed(2)} ms CPU (${(cpuMs / base).toFixed(1)}× health), ${((performance.now() - t0) / n).toFixed(1)} ms each`,
    );
  }
}

/** The hosted-scale figures; `base` is the bare route measured in the same run. */
export async function hostedScaleFigures({ root, adminUrl, base, line }) {
  const seconds = Number(process.env.BENCH_SCALE_SECONDS ?? 20);
  const count = Number(process.env.BENCH_SCALE_BUSINESSES ?? 50);
  console.log(
    `\nHosted scale: ${count} businesses on PostgreSQL, ${PROCESSES} server processes, ${CONNECTIONS} connections (${CONNECTIONS / PROCESSES} each), ${seconds} s of mixed load:`,
  );
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`${''.padEnd(44)} skipped: no PostgreSQL answers at ${adminUrl} (${err.message})`);
    return;
  }
  const dbName = `${process.env.BENCH_SCALE_DB_PREFIX ?? 'duka_bench_scale'}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const dbUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-bench-scale-'));
  const children = [];
  let poolMax;
  await admin.query(`create database ${dbName}`);
  try {
    const env = {
      ...process.env,
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      // the level a hosted server runs at (the default): what each request logs is part of its cost
      LOG_LEVEL: 'info',
      // Every process on one database must share the key that seals the printing keys.
      KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    };
    const { newId } = await import(path.join(root, 'apps/server/dist/lib/ids.js'));
    // The first process migrates the new database; the CLI then makes the businesses on it.
    const profile = process.env.BENCH_SCALE_PROFILE;
    const args = [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      'apps/server/dist/main.js',
    ];
    const first = await startServer(root, args, { ...env, PORT: '0' }, children);
    const started = Date.now();
    const second = startServer(root, args, { ...env, PORT: '0' }, children);
    const numbers = Array.from({ length: count }, (_, i) => i + 1);
    const initArgs = (n) => [
      'init',
      ...['--business', `Bench shop ${n}`, '--admin-username', `owner${String(n).padStart(2, '0')}`],
      ...['--admin-password', PASSWORD, '--currency', 'KES', '--timezone', 'Africa/Nairobi'],
    ];
    // The first business by `duka init` in its own process, as an operator makes one; the others by
    // the same command run in this process (a Node start per business would cost ~3 s of CPU each).
    await cli(root, env, initArgs(1));
    const dist = (p) => import(path.join(root, 'apps/server/dist', p));
    const [{ runCli }, { loadConfig }, { openConfiguredDatabase }] = await Promise.all([
      dist('cli/commands.js'),
      dist('config.js'),
      dist('bootstrap.js'),
    ]);
    const config = loadConfig(env);
    poolMax = config.pgPoolMax;
    const db = openConfiguredDatabase(config);
    try {
      for (const n of numbers.slice(1)) await runCli(initArgs(n), db, () => {}, config);
    } finally {
      await db.close();
    }
    const servers = [first, await second];
    const urls = servers.map((s) => s.url);
    // Each business set up through one process or the other; its cookie then serves on both.
    const businesses = [];
    for (const n of numbers) businesses.push(await prepareBusiness(urls[n % urls.length], n, newId));
    console.log(
      `${'setup'.padEnd(44)} ${count} businesses made (duka init), signed in and stocked in ${Math.round((Date.now() - started) / 1000)} s`,
    );

    await mixedLoad(urls, businesses, newId, 2); // warm-up
    // The database's connections while the load runs (the admin client is on another database).
    const connections = [];
    const poll = setInterval(() => {
      admin
        .query('select count(*)::int as n from pg_stat_activity where datname = $1', [dbName])
        .then((r) => connections.push(r.rows[0].n))
        .catch(() => {});
    }, 500);
    const backendPids = async () =>
      (await admin.query('select pid from pg_stat_activity where datname = $1', [dbName])).rows.map(
        (r) => r.pid,
      );
    const cpu = async () => {
      const pids = [...servers.map((s) => s.child.pid), ...(await backendPids())];
      return new Map(pids.map((pid) => [pid, cpuS(pid)]));
    };
    const cpuBefore = await cpu();
    const { stats, errors } = await mixedLoad(urls, businesses, newId, seconds);
    const cpuAfter = await cpu();
    clearInterval(poll);
    const used = (pids) =>
      pids.reduce((sum, pid) => sum + (cpuAfter.get(pid) - (cpuBefore.get(pid) ?? 0)), 0);
    const serverPids = servers.map((s) => s.child.pid);
    const serverCpu = used(serverPids);
    const pgCpu = used([...cpuAfter.keys()].filter((pid) => !serverPids.includes(pid)));

    const failed = KINDS.filter((k) => stats[k].failed > 0);
    if (errors > 0 || failed.length > 0)
      throw new Error(
        `hosted scale: ${errors} connection errors or timeouts; non-2xx: ${KINDS.map((k) => `${k} ${stats[k].failed}`).join(', ')}${failed.map((k) => `\n  first ${k} failure: ${stats[k].sample}`).join('')}`,
      );

    const total = KINDS.reduce((n, k) => n + stats[k].ok.length, 0);
    line(
      'hosted: mixed traffic, all kinds',
      {
        rps: total / seconds,
        p99: percentile(
          stats.sale.ok.concat(stats.search.ok, stats.report.ok).sort((a, b) => a - b),
          99,
        ),
      },
      base,
    );
    for (const [kind, name] of [
      ['sale', 'hosted: POST /api/sales (60%)'],
      ['search', 'hosted: GET /api/products?q= (30%)'],
      ['report', 'hosted: GET /api/reports/sales, a week (10%)'],
    ]) {
      const ok = stats[kind].ok;
      console.log(
        `${name.padEnd(44)} ${`${Math.round(ok.length / seconds).toLocaleString('en')} req/s`.padEnd(12)} p50 ${percentile(ok, 50)} ms, p99 ${percentile(ok, 99)} ms`,
      );
    }
    console.log(
      `${''.padEnd(44)} ${Math.round(stats.sale.ok.length / seconds).toLocaleString('en')} sales/s across ${count} businesses; 0 errors, 0 non-2xx`,
    );
    console.log(
      `${''.padEnd(44)} CPU per request: servers ${((serverCpu * 1000) / total).toFixed(2)} ms, PostgreSQL ${((pgCpu * 1000) / total).toFixed(2)} ms (${serverCpu.toFixed(1)} s + ${pgCpu.toFixed(1)} s over ${seconds} s)`,
    );
    const { rows } = await admin.query('show max_connections');
    console.log(
      `${''.padEnd(44)} database connections during the load: peak ${Math.max(0, ...connections)}, last ${connections.at(-1) ?? 0} (PG_POOL_MAX ${poolMax} per process and one listening, × ${PROCESSES}; max_connections ${rows[0].max_connections})`,
    );
    await cpuPerKind(servers[0], businesses[0], newId);
  } finally {
    await Promise.all(children.map(stopped));
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Alone: the bare Fastify route first, measured the same way, as the baseline.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const children = [];
  const bare = await startServer(root, ['bench/bare-server.mjs'], { ...process.env, PORT: '0' }, children);
  const load = async (duration) => {
    const r = await autocannon({ url: `${bare.url}/json`, connections: CONNECTIONS, duration });
    return { rps: r.requests.average, p99: r.latency.p99 };
  };
  await load(2);
  const base = await load(10);
  await stopped(bare.child);
  const fmt = (x) => `${Math.round(x.rps).toLocaleString('en')} req/s, p99 ${x.p99} ms`;
  console.log(`${'baseline: bare Fastify GET /json'.padEnd(44)} ${fmt(base)}`);
  await hostedScaleFigures({
    root,
    adminUrl:
      process.env.BENCH_PG_ADMIN_URL ||
      process.env.DATABASE_URL ||
      'postgres://postgres@127.0.0.1:5432/postgres',
    base,
    line: (name, x, b) =>
      console.log(
        `${name.padEnd(44)} ${fmt(x).padEnd(30)} (${((x.rps / b.rps) * 100).toFixed(0)}% of baseline)`,
      ),
  });
}
