#!/usr/bin/env node
// CPU per request inside the server process, without sockets or a load generator: steadier than
// throughput on a shared machine, for before/after of the server's own work (issue 21).
//
//   node bench/inject-cpu.mjs [root ...]
//
// For each root (a checkout with a built server; default this repository), in turns, a child
// process builds the app on a fresh SQLite folder, sets a business up, and answers through
// Fastify's inject, 32 at a time as 32 tills would send them: GET /api/health, GET /api/me, 3-line
// cash sales (POST /api/sales), a third as many 3-line mobile-money sales and 3-line credit sales (one debtor), as many reversals of whole cash sales and debtor's cash payments, a product search (GET /api/products?q=sug, one product found),
// and, a third as many each: the week's sales report (GET /api/reports/sales), the dashboard
// (GET /api/reports/dashboard), the notifications' poll (GET /api/notifications), a till's poll of its
// day (GET /api/daily-sales/state) and 3-line supplier receipts that move each product's average
// cost (POST /api/stock/receipts). Printed: CPU (user + system) per request. BENCH_ROUNDS
// (default 3) turns; BENCH_REQUESTS (default 3000) per figure; BENCH_CONCURRENCY (default 32) how
// many at a time (1: no till waits for another's lock on its business).
//
// BENCH_PG_URL=postgres://…/postgres runs the same on PostgreSQL as a hosted server: a fresh
// database per child (dropped after), the business made by `duka init`; printed beside the
// server's CPU are the PostgreSQL backends' CPU per request (from /proc) and the statements sent
// per request.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = fileURLToPath(import.meta.url);
const repo = path.resolve(path.dirname(here), '..');

/** CPU seconds (user + system) the processes used so far (clock ticks of 1/100 s). */
function cpuOfPids(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone
    }
  }
  return ticks / 100;
}

async function child(root) {
  const n = Number(process.env.BENCH_REQUESTS ?? 3000);
  const at = Number(process.env.BENCH_CONCURRENCY ?? 32);
  const server = (p) => import(path.join(root, 'apps/server/dist', p));
  const { loadConfig } = await server('config.js');
  const { createServer } = await server('bootstrap.js');
  const { newId } = await server('lib/ids.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-inject-'));
  const adminUrl = process.env.BENCH_PG_URL;
  const dbName = `duka_inject_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = adminUrl ? new pg.Client({ connectionString: adminUrl }) : undefined;
  if (admin) {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
  }
  const env = {
    ...process.env,
    DATA_DIR: dir,
    DATABASE_URL: admin ? adminUrl.replace(/\/[^/]*$/, `/${dbName}`) : '',
    KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'info',
  };
  const config = loadConfig(env);
  const { app, db } = await createServer(config);
  // Statements sent to PostgreSQL: every one goes through pg's Client.prototype.query.
  let statements = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...a) {
    statements++;
    return query.apply(this, a);
  };
  try {
    const call = async (method, url, payload, cookie) => {
      const r = await app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
      if (r.statusCode >= 300) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
      return r;
    };
    let signedIn;
    if (admin) {
      const { runCli } = await server('cli/commands.js');
      const init = ['init', '--business', 'Bench shop', '--admin-username', 'owner'];
      init.push('--admin-password', 'bench-pass-1', '--currency', 'KES', '--timezone', 'Africa/Nairobi');
      await runCli(init, db, () => {}, config);
      signedIn = await call('POST', '/api/auth/login', { login: 'owner', password: 'bench-pass-1' });
    } else {
      signedIn = await call('POST', '/api/setup', {
        business_name: 'Bench shop',
        username: 'owner',
        password: 'bench-pass-1',
      });
    }
    const cookie = [signedIn.headers['set-cookie']]
      .flat()
      .find((c) => c.startsWith('duka_session='))
      .split(';')[0];
    const [location] = (await call('GET', '/api/locations', undefined, cookie)).json();
    const supplier = (await call('POST', '/api/suppliers', { name: 'S' }, cookie)).json();
    const products = [];
    for (const [name, price] of [
      ['Sugar 1 kg', 18_000],
      ['Bread', 6_500],
      ['Milk 500 ml', 6_000],
    ])
      products.push(
        (
          await call(
            'POST',
            '/api/products',
            { name, code: `B${products.length}`, price, tax_rate: 1600 },
            cookie,
          )
        ).json(),
      );
    await call(
      'POST',
      '/api/stock/receipts',
      {
        id: newId(),
        supplier_id: supplier.id,
        location_id: location.id,
        lines: products.map((p) => ({ product_id: p.id, quantity: 1_000_000_000, unit_cost: 1_000 })),
      },
      cookie,
    );
    /** The cash sales made, for the reversals to take back (oldest first). */
    const soldIds = [];
    const sale = () => {
      const id = newId();
      soldIds.push(id);
      return {
        id,
        kind: 'cash',
        location_id: location.id,
        lines: products.map((p, i) => ({ product_id: p.id, quantity: 1000 * (i + 1) })),
        tendered: 100_000,
      };
    };
    // A whole cash sale taken back (its three lines), each sale once.
    const reversal = () =>
      call('POST', `/api/sales/${soldIds.shift()}/reversals`, { id: newId(), reason: 'Returned' }, cookie);
    // A mobile-money sale, a new reference each (a business starts with M-Pesa in Kenya).
    const providers = (await call('GET', '/api/payment-providers', undefined, cookie)).json();
    const provider =
      providers[0] ??
      (await call('POST', '/api/payment-providers', { name: 'M-Pesa', kind: 'mobile_money' }, cookie)).json();
    let references = 0;
    const transferSale = () => ({
      id: newId(),
      kind: 'transfer',
      location_id: location.id,
      lines: products.map((p, i) => ({ product_id: p.id, quantity: 1000 * (i + 1) })),
      provider_id: provider.id,
      reference: `BENCH${(references++).toString().padStart(7, '0')}`,
    });
    // A credit sale to one debtor whose limit the bench never reaches.
    const debtor = (
      await call('POST', '/api/debtors', { id: newId(), name: 'Bench Debtor', credit_limit: 1e12 }, cookie)
    ).json();
    const debtorSale = () => ({
      id: newId(),
      kind: 'debtor',
      location_id: location.id,
      lines: products.map((p, i) => ({ product_id: p.id, quantity: 1000 * (i + 1) })),
      debtor_id: debtor.id,
    });
    /** The database's backends serving this server (PostgreSQL only). */
    const backends = async () =>
      admin
        ? (await admin.query('select pid from pg_stat_activity where datname = $1', [dbName])).rows.map(
            (r) => r.pid,
          )
        : [];
    /** CPU ms per request of `count` requests made by `one`, `at` at a time: the server's, the database's. */
    const cpuPer = async (one, count) => {
      for (let i = 0; i < 320; i += at) await Promise.all(Array.from({ length: at }, one)); // warm-up
      const pids = await backends();
      const c0 = process.cpuUsage();
      const d0 = cpuOfPids(pids);
      const s0 = statements;
      for (let i = 0; i < count; i += at) await Promise.all(Array.from({ length: at }, one));
      const c = process.cpuUsage(c0);
      const done = Math.ceil(count / at) * at;
      return {
        server: (c.user + c.system) / 1000 / done,
        db: ((cpuOfPids(pids) - d0) * 1000) / done,
        statements: (statements - s0) / done,
      };
    };
    const health = await cpuPer(() => call('GET', '/api/health'), n);
    const me = await cpuPer(() => call('GET', '/api/me', undefined, cookie), n);
    const sales = await cpuPer(() => call('POST', '/api/sales', sale(), cookie), n);
    const transfers = await cpuPer(() => call('POST', '/api/sales', transferSale(), cookie), n / 3);
    const credit = await cpuPer(() => call('POST', '/api/sales', debtorSale(), cookie), n / 3);
    const reversals = await cpuPer(reversal, n / 3);
    // A debtor's cash payment of 1.00 (the credit sales above owe far more), then one by transfer.
    const payment = () =>
      call(
        'POST',
        `/api/debtors/${debtor.id}/payments`,
        { id: newId(), amount: 100, method: 'cash', location_id: location.id },
        cookie,
      );
    const payments = await cpuPer(payment, n / 3);
    const search = await cpuPer(() => call('GET', '/api/products?q=sug', undefined, cookie), n);
    // The sales report over the week to tomorrow (UTC: whatever the business's time zone, today's
    // sales are in it), a third as many.
    const dayOf = (d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const week = `/api/reports/sales?from=${dayOf(-6)}&to=${dayOf(1)}`;
    const report = await cpuPer(() => call('GET', week, undefined, cookie), n / 3);
    const dashboard = await cpuPer(() => call('GET', '/api/reports/dashboard', undefined, cookie), n / 3);
    const notifications = await cpuPer(() => call('GET', '/api/notifications', undefined, cookie), n / 3);
    // every till's poll each minute: where its sales go now (the day, and its close if any)
    const dayState = await cpuPer(
      () => call('GET', `/api/daily-sales/state?location_id=${location.id}`, undefined, cookie),
      n / 3,
    );
    // A supplier's delivery of 1,000 of each of the three products, dear and cheap in turns: each
    // moves the three products' average costs (on hand a million of each).
    let deliveries = 0;
    const receipt = () => ({
      id: newId(),
      supplier_id: supplier.id,
      location_id: location.id,
      lines: products.map((p) => ({
        product_id: p.id,
        quantity: 1_000_000,
        unit_cost: deliveries++ % 2 ? 100_000 : 1_000,
      })),
    });
    const receipts = await cpuPer(() => call('POST', '/api/stock/receipts', receipt(), cookie), n / 3);
    process.stdout.write(
      `\nRESULT ${JSON.stringify({ health, me, sales, transfers, credit, reversals, payments, search, report, dashboard, notifications, dayState, receipts })}`,
    );
  } finally {
    pg.Client.prototype.query = query;
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
    if (admin) {
      // the pool's last connections close after app.close() resolves: wait for them
      for (let i = 0; i < 50; i++) {
        const { rows } = await admin.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [dbName],
        );
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

if (process.env.INJECT_CPU_ROOT) {
  await child(process.env.INJECT_CPU_ROOT);
} else {
  const pgUrl = process.env.BENCH_PG_URL;
  const roots = process.argv.slice(2).map((r) => path.resolve(r));
  if (roots.length === 0) roots.push(repo);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const all = new Map(roots.map((r) => [r, []]));
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 === 1 ? roots : [...roots].reverse();
    for (const root of order) {
      const out = execFileSync(process.execPath, [here], {
        env: { ...process.env, INJECT_CPU_ROOT: root },
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      });
      const r = JSON.parse(out.slice(out.lastIndexOf('RESULT ') + 7));
      all.get(root).push(r);
      const f = (x) =>
        `${x.server.toFixed(3)} ms` +
        (pgUrl ? ` (database ${x.db.toFixed(3)} ms, ${x.statements.toFixed(1)} statements)` : '');
      console.log(
        `round ${round} ${root}: CPU per request: health ${f(r.health)}, me ${f(r.me)}, sale ${f(r.sales)}, transfer sale ${f(r.transfers)}, debtor sale ${f(r.credit)}, reversal ${f(r.reversals)}, payment ${f(r.payments)}, search ${f(r.search)}, report ${f(r.report)}, dashboard ${f(r.dashboard)}, notifications ${f(r.notifications)}, day state ${f(r.dayState)}, receipt ${f(r.receipts)} (load ${os.loadavg()[0].toFixed(1)})`,
      );
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const m = (rs, kind, k) => median(rs.map((r) => r[kind][k])).toFixed(3);
  console.log(
    `\nmedian CPU per request (ms), ${pgUrl ? 'PostgreSQL: server + database' : 'SQLite'}:  health    me       sale     transfer  debtor    reversal  payment   search    report    dashboard notes     day state receipt`,
  );
  for (const [root, rs] of all)
    console.log(
      `${root.padEnd(32)}  ${['health', 'me', 'sales', 'transfers', 'credit', 'reversals', 'payments', 'search', 'report', 'dashboard', 'notifications', 'dayState', 'receipts'].map((k) => (pgUrl ? `${m(rs, k, 'server')} + ${m(rs, k, 'db')}` : m(rs, k, 'server'))).join('    ')}`,
    );
}
