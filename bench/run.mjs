#!/usr/bin/env node
// `npm run bench`: each figure with the baseline it is compared to, measured in the same run.
// Servers run in child processes; autocannon drives them at 32 connections over loopback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { seedProducts } from './seed-products.mjs';
import { stockFigures } from './stock.mjs';
import { checkoutLoad, prepareCheckout } from './checkout.mjs';
import { reportFigures } from './reports.mjs';
import { seedYear } from './seed-year.mjs';
import { cpuS, startServer, syncFigures } from './sync.mjs';
import { hostedScaleFigures } from './hosted-scale.mjs';
import { insertRowsFigures } from './insert-rows.mjs';
import { importFigures } from './catalogue-import.mjs';
import { countReadFigures } from './count-reads.mjs';
import { webFigures } from './web.mjs';
import { calibrationMs } from './calibrate.mjs';
import { tillKeyFigures } from './till-keys.mjs';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 32;

/** A built server process started from the repository with this process's environment and `env`. */
const start = (args, env) => startServer(root, args, { ...process.env, ...env });

async function load(url, opts = {}) {
  const r = await autocannon({ url, connections, duration: seconds, ...opts });
  if (r.errors || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx responses`);
  return { rps: r.requests.average, p99: r.latency.p99, total: r.requests.total };
}

async function post(url, body, headers = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res;
}

const fmt = (x) => `${Math.round(x.rps).toLocaleString('en')} req/s, p99 ${x.p99} ms`;
const line = (name, x, base) =>
  console.log(
    `${name.padEnd(44)} ${fmt(x).padEnd(30)} (${((x.rps / base.rps) * 100).toFixed(0)}% of baseline)`,
  );

const ms = (x) => `${x.toFixed(1)} ms`;
/** A sequential figure: p50/p95 per request, compared with the baseline's p95. */
const seqLine = (name, x, base) =>
  console.log(
    `${name.padEnd(44)} p50 ${ms(x.p50).padEnd(9)} p95 ${ms(x.p95).padEnd(9)} ${Math.round(x.rps)} req/s${base ? ` (p95 ${(x.p95 / base.p95).toFixed(1)}× baseline)` : ''}`,
  );

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-bench-'));
const servers = [];
try {
  console.log(
    `Bench: ${connections} connections, ${seconds} s per figure, Node ${process.version}, ${os.cpus().length} cores`,
  );
  // How fast the machine is right now: figures from another moment compare only through it
  console.log(
    `Machine: calibration loop ${calibrationMs().toFixed(0)} ms (bench/calibrate.mjs), load average ${os.loadavg()[0].toFixed(1)}\n`,
  );
  const bare = await start(['bench/bare-server.mjs'], { PORT: '0' });
  servers.push(bare.child);
  await load(`${bare.url}/json`, { duration: 2 }); // warm-up
  const base = await load(`${bare.url}/json`);
  console.log(`${'baseline: bare Fastify GET /json'.padEnd(44)} ${fmt(base)}`);
  bare.child.kill();

  /** A fresh local server (its own data folder) set up with a business; answers it and the owner's cookie. */
  const freshDuka = async (env = {}) => {
    const duka = await start(['apps/server/dist/main.js'], {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: fs.mkdtempSync(path.join(dataDir, 'shop-')),
      // the level a shop runs at (the default): what each request logs is part of its cost
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    });
    servers.push(duka.child);
    const setup = await post(`${duka.url}/api/setup`, {
      business_name: 'Bench shop',
      username: 'owner',
      password: 'bench-pass-1',
    });
    return { duka, cookie: setup.headers.get('set-cookie').split(';')[0] };
  };
  const checkoutFigure = async (duka, cookie) => {
    const template = await prepareCheckout(duka.url, cookie);
    const checkout = checkoutLoad(duka.url, cookie, template);
    await load(checkout.url, { ...checkout, duration: 2 }); // warm-up
    const cpu0 = cpuS(duka.child.pid);
    const r = await load(checkout.url, checkout);
    // The server process's CPU (user + system) per sale: what a hosted server pays for each one.
    return { ...r, cpuMs: ((cpuS(duka.child.pid) - cpu0) * 1000) / r.total };
  };

  // SQLite's synchronous=NORMAL first: the durability baseline FULL (the default) is compared to.
  const normal = await freshDuka({ SQLITE_SYNCHRONOUS: 'NORMAL' });
  const salesNormal = await checkoutFigure(normal.duka, normal.cookie);
  line('duka: POST /api/sales, SQLite synchronous=NORMAL', salesNormal, base);
  normal.duka.child.kill();

  const { duka, cookie } = await freshDuka();
  await load(`${duka.url}/api/health`, { duration: 2 });
  line('duka: GET /api/health', await load(`${duka.url}/api/health`), base);
  line(
    'duka: GET /api/me (session lookup, SQLite)',
    await load(`${duka.url}/api/me`, { headers: { cookie } }),
    base,
  );
  const sales = await checkoutFigure(duka, cookie);
  line('duka: POST /api/sales, 3-line cash sale (SQLite)', sales, base);
  console.log(
    `${''.padEnd(44)} ${Math.round(sales.rps)} sales/s; aim: ≥ 3000 and ≥ ${Math.round(base.rps / 10)} (a tenth of baseline), p99 ≤ 20 ms`,
  );
  console.log(
    `${''.padEnd(44)} server CPU ${sales.cpuMs.toFixed(2)} ms per sale (NORMAL: ${salesNormal.cpuMs.toFixed(2)} ms); aim: 0.3 ms`,
  );
  console.log(
    `${''.padEnd(44)} synchronous=FULL (every acknowledged sale on disk): ${((sales.rps / salesNormal.rps) * 100).toFixed(0)}% of NORMAL's sales/s, p99 ${sales.p99} ms vs ${salesNormal.p99} ms`,
  );
  duka.child.kill();

  console.log('\nStock (sequential requests; p50/p95 per request):');
  const stockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-bench-stock-'));
  const seeded = await seedProducts({
    sqliteFile: path.join(stockDir, 'duka.sqlite'),
    count: 100_000,
    password: 'bench-pass-1',
  });
  const stock = await start(['apps/server/dist/main.js'], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: stockDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  });
  servers.push(stock.child);
  const login = await post(`${stock.url}/api/auth/login`, { login: 'owner', password: 'bench-pass-1' });
  await stockFigures({
    url: stock.url,
    cookie: login.headers.get('set-cookie').split(';')[0],
    seeded,
    label: 'sqlite',
    line: seqLine,
  });
  stock.child.kill();
  fs.rmSync(stockDir, { recursive: true, force: true });

  // Reports over a year of a busy shop, on SQLite and on PostgreSQL (a database made for the run).
  const lines = Number(process.env.BENCH_REPORT_LINES ?? 1_000_000);
  console.log(
    `\nReports over one year, ${lines.toLocaleString('en')} sale lines (sequential; p50/p95 per request):`,
  );
  const yearDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-bench-year-'));
  const adminUrl =
    process.env.BENCH_PG_ADMIN_URL ||
    process.env.DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/postgres';
  const pgName = `duka_bench_${process.pid}`;
  const pgUrl = adminUrl.replace(/\/[^/]*$/, `/${pgName}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${pgName}`);
  try {
    for (const [label, databaseUrl] of [
      ['sqlite', ''],
      ['postgres', pgUrl],
    ]) {
      const started = Date.now();
      const seeded = await seedYear({
        databaseUrl: databaseUrl || undefined,
        sqliteFile: path.join(yearDir, 'duka.sqlite'),
        password: 'bench-pass-1',
        lines,
      });
      console.log(
        `${`${label}: seeded`.padEnd(44)} ${seeded.lines.toLocaleString('en')} lines, ${seeded.sales.toLocaleString('en')} sales in ${Math.round((Date.now() - started) / 1000)} s`,
      );
      const year = await start(['apps/server/dist/main.js'], {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: yearDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        // A hosted server needs one to start; the bench's databases are thrown away.
        KEY_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      });
      servers.push(year.child);
      const signedIn = await post(`${year.url}/api/auth/login`, { login: 'owner', password: 'bench-pass-1' });
      await reportFigures({
        url: year.url,
        cookie: signedIn.headers.get('set-cookie').split(';')[0],
        seeded,
        label,
        line: seqLine,
      });
      year.child.kill();
      await new Promise((r) => year.child.once('exit', r));
    }
  } finally {
    await admin.query(`drop database if exists ${pgName} with (force)`);
    await admin.end();
    fs.rmSync(yearDir, { recursive: true, force: true });
  }

  // Hosted scale: 50 businesses on PostgreSQL, two server processes, mixed traffic.
  await hostedScaleFigures({ root, adminUrl, base, line });

  // Sync: a shop's SQLite pushed to a hosted server process on its own PostgreSQL database.
  await syncFigures({ root, adminUrl });
  // Sync's bulk insert on PostgreSQL: a pushed day's rows by column, beside the earlier JSON form.
  await insertRowsFigures({ adminUrl });
  // A catalogue import of 20,000 rows: how long the business's lock is held, on both databases.
  await importFigures({ root, adminUrl });
  // An open count of 5,000 products read again: whole, and since the screen's last read.
  await countReadFigures({ root, adminUrl });

  // The web app: Lighthouse on /login and /cash-sale, and the JavaScript each loads.
  await webFigures();
  // The till's keys: a cashier's rounds of typing and scanning at a slow CPU.
  await tillKeyFigures();
} finally {
  for (const s of servers) s.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
